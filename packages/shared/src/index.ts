export * from './http/errors';
export * from './http/schemas';
export * from './list/list.contract';
export * from './money';
export * from './permissions/catalogue';
export * from './permissions/grants';
export * from './spec/constants';
export * from './spec/messages';

// The salaries web module's public surface: the account page mounts these screens.
export { PayHistoryPanel } from './pay-history-panel';
export { SalaryStatementsPanel } from './salary-statements-panel';

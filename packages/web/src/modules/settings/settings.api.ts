import * as C from '@backhaul/shared/modules/settings/settings.contract';
import { api } from '../../platform/api-client';

/** Query keys of the settings screens (both system-settings calls answer the same values). */
export const settingsKeys = {
  system: ['settings', 'system'] as const,
  account: ['settings', 'account'] as const,
  userAccount: ['settings', 'user-account'] as const,
};

/** The old screen calls /settings/system, the new one /settings/new-system-settings. */
export type SystemSettingsUrl = '/settings/system' | '/settings/new-system-settings';

export const fetchSystemSettings = (url: SystemSettingsUrl) => api.get(url, { schema: C.SystemSettingsSchema });
export const saveSystemSettings = (url: SystemSettingsUrl, body: C.SystemSettingsInput) =>
  api.post(url, body, { schema: C.SettingsSavedSchema });
export const fetchAccountSettings = () => api.get('/settings/account', { schema: C.AccountSettingsSchema });
export const saveAccountSettings = (body: C.AccountSettingsInput) =>
  api.post('/settings/account', body, { schema: C.AccountSettingsSavedSchema });
export const fetchUserAccountSettings = () => api.get(C.USER_ACCOUNT_BASE, { schema: C.UserAccountSettingsSchema });
export const saveUserAccountSettings = (body: { page_size: string }) =>
  api.post(C.USER_ACCOUNT_BASE, body, { schema: C.UserAccountSettingsSavedSchema });

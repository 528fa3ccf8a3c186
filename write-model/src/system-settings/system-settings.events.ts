import type { SettingCategory } from '../validation/index.ts';

/*
 * The platform's system settings: one stream for the platform, a setting per key (keys are unique:
 * saving a key that exists updates it). A value is text or structured JSON.
 */

export type SystemSettingFields = {
  key: string;
  value: unknown;
  description: string | null;
  category: SettingCategory;
};

export type SystemSettingCreated = { type: 'SystemSettingCreated'; data: SystemSettingFields & { settingId: string; createdAt: string } };

/** The whole setting as now saved under its key. */
export type SystemSettingUpdated = { type: 'SystemSettingUpdated'; data: SystemSettingFields & { settingId: string; updatedAt: string } };

/** The setting is gone (issue #25); its key may be saved again as a new setting. */
export type SystemSettingDeleted = { type: 'SystemSettingDeleted'; data: { settingId: string; key: string; deletedAt: string } };

export type SystemSettingEvent = SystemSettingCreated | SystemSettingUpdated | SystemSettingDeleted;

export const SYSTEM_SETTINGS_STREAM = 'system-settings';

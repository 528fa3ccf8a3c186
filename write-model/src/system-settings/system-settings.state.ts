import { unknownEvent } from '../command-handling/decider.ts';
import type { SystemSettingEvent, SystemSettingFields } from './system-settings.events.ts';

export type SystemSetting = SystemSettingFields & { settingId: string };

/** The settings by key. */
export type SystemSettings = ReadonlyMap<string, SystemSetting>;

export const initialSystemSettings: SystemSettings = new Map();

export function evolveSystemSettings(state: SystemSettings, event: SystemSettingEvent): SystemSettings {
  switch (event.type) {
    case 'SystemSettingCreated':
    case 'SystemSettingUpdated': {
      const { settingId, key, value, description, category } = event.data;
      return new Map(state).set(key, { settingId, key, value, description, category });
    }
    case 'SystemSettingDeleted': {
      const next = new Map(state);
      next.delete(event.data.key);
      return next;
    }
    default:
      return unknownEvent(event, state);
  }
}

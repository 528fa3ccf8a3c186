import type { CommandContext } from '../command-handling/context.ts';
import type { SystemSettingInput } from '../validation/index.ts';
import type { SystemSettingEvent } from './system-settings.events.ts';
import type { SystemSettings } from './system-settings.state.ts';

/** Key order does not make two structured values different. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * POST /api/super-admin/settings: a new key is created; an existing key is updated with what was
 * sent (a missing description clears it). Saving a setting as it stands records nothing.
 */
export function decideSaveSystemSetting(input: SystemSettingInput, state: SystemSettings, ctx: CommandContext): SystemSettingEvent[] {
  const fields = { key: input.key, value: input.value, description: input.description ?? null, category: input.category };
  const current = state.get(fields.key);
  const at = ctx.now.toISOString();
  if (!current) return [{ type: 'SystemSettingCreated', data: { settingId: ctx.newId(), ...fields, createdAt: at } }];
  const unchanged =
    canonicalJson(current.value) === canonicalJson(fields.value) && current.description === fields.description && current.category === fields.category;
  if (unchanged) return [];
  return [{ type: 'SystemSettingUpdated', data: { settingId: current.settingId, ...fields, updatedAt: at } }];
}

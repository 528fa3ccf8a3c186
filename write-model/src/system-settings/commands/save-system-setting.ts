import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { ValidationError } from '../../errors.ts';
import {
  capsSettingValue,
  FUNERAL_CAPS_SETTING_KEY,
  funeralCapsSchema,
  systemSettingSchema,
  type SystemSettingInput,
} from '../../validation/index.ts';
import { SYSTEM_SETTINGS_STREAM, type SystemSettingEvent } from '../system-settings.events.ts';
import { evolveSystemSettings, initialSystemSettings, type SystemSettings } from '../system-settings.state.ts';

/**
 * POST /api/super-admin/settings. The key is unique because every setting lives on one stream
 * appended with its expected version: two saves of a new key cannot both create it.
 */
export async function saveSystemSetting(store: EventStore, input: unknown, ctx: CommandContext) {
  const command = parseInput(systemSettingSchema, input);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, SYSTEM_SETTINGS_STREAM, {
      initialState: initialSystemSettings,
      evolve: evolveSystemSettings,
    });
    const events = decideSaveSystemSetting(command, state, ctx);
    const settingId = events[0]?.data.settingId ?? state.get(command.key)!.settingId;
    if (events.length === 0) return { settingId, created: false, append: null };
    const append = await store.append(
      [{ streamId: SYSTEM_SETTINGS_STREAM, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }],
      appendOptions(ctx),
    );
    return { settingId, created: events[0]!.type === 'SystemSettingCreated', append };
  });
}

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
  if (fields.key === FUNERAL_CAPS_SETTING_KEY) {
    // The funeral limits per life (issue #22) are read by every registration: only a valid value is kept.
    const caps = funeralCapsSchema.safeParse(capsSettingValue(fields.value));
    if (!caps.success) {
      const message = `${FUNERAL_CAPS_SETTING_KEY} must be {"perLife": "100000", "under6": "20000", "under14": "50000"} (rand): ${caps.error.issues[0]?.message ?? 'invalid value'}`;
      throw new ValidationError(message, [{ path: ['value'], message }]);
    }
    fields.value = caps.data;
  }
  const current = state.get(fields.key);
  const at = ctx.now.toISOString();
  if (!current) return [{ type: 'SystemSettingCreated', data: { settingId: ctx.newId(), ...fields, createdAt: at } }];
  const unchanged =
    canonicalJson(current.value) === canonicalJson(fields.value) &&
    current.description === fields.description &&
    current.category === fields.category;
  if (unchanged) return [];
  return [{ type: 'SystemSettingUpdated', data: { settingId: current.settingId, ...fields, updatedAt: at } }];
}

export const saveSystemSettingSlice = commandSlice({
  name: 'saveSystemSetting',
  operation: 'platform.settings.manage',
  input: () => systemSettingSchema,
  handle: ({ store }, { input }, ctx) => saveSystemSetting(store, input, ctx),
});

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { systemSettingSchema } from '../../validation/index.ts';
import { decideSaveSystemSetting } from '../system-settings.decider.ts';
import { SYSTEM_SETTINGS_STREAM } from '../system-settings.events.ts';
import { evolveSystemSettings, initialSystemSettings } from '../system-settings.state.ts';

/**
 * POST /api/super-admin/settings. The key is unique because every setting lives on one stream
 * appended with its expected version: two saves of a new key cannot both create it.
 */
export async function saveSystemSetting(store: EventStore, input: unknown, ctx: CommandContext) {
  const command = parseInput(systemSettingSchema, input);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, SYSTEM_SETTINGS_STREAM, { initialState: initialSystemSettings, evolve: evolveSystemSettings });
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

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand } from '../../command-handling/handle.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { NotFoundError } from '../../errors.ts';
import { z } from 'zod';
import { SYSTEM_SETTINGS_STREAM, type SystemSettingEvent } from '../system-settings.events.ts';
import { evolveSystemSettings, initialSystemSettings, type SystemSettings } from '../system-settings.state.ts';

export const SYSTEM_SETTING_NOT_FOUND = 'System setting not found';

/** The setting with this id goes (its key may be saved again later, as a new setting). */
export function decideDeleteSystemSetting(state: SystemSettings, command: { settingId: string; now: Date }): SystemSettingEvent[] {
  const setting = [...state.values()].find((s) => s.settingId === command.settingId);
  if (!setting) throw new NotFoundError(SYSTEM_SETTING_NOT_FOUND);
  return [{ type: 'SystemSettingDeleted', data: { settingId: setting.settingId, key: setting.key, deletedAt: command.now.toISOString() } }];
}

/** DELETE /api/super-admin/settings/{id} (issue #25: the super admin could only add). */
export async function deleteSystemSetting(store: EventStore, settingId: string, ctx: CommandContext) {
  return handleCommand<{ settingId: string; now: Date }, SystemSettings, SystemSettingEvent>(store, {
    streamId: SYSTEM_SETTINGS_STREAM,
    decider: {
      initialState: initialSystemSettings,
      evolve: evolveSystemSettings,
      decide: (command, state) => decideDeleteSystemSetting(state, command),
    },
    command: { settingId, now: ctx.now },
    ctx,
  });
}

export const deleteSystemSettingSlice = commandSlice({
  name: 'deleteSystemSetting',
  operation: 'platform.settings.manage',
  target: 'id',
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => deleteSystemSetting(store, target, ctx),
});

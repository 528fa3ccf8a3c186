import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { scenario } from '../command-handling/given-when-then.ts';
import { systemSettingSchema } from '../validation/index.ts';
import { canonicalJson, decideSaveSystemSetting } from './commands/save-system-setting.ts';
import type { SystemSettingEvent } from './system-settings.events.ts';
import { evolveSystemSettings, initialSystemSettings } from './system-settings.state.ts';

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 's1',
  actor: { userId: 'op', role: 'super_admin', companyId: null },
  commandId: 'c',
};
const when = scenario({ initialState: initialSystemSettings, evolve: evolveSystemSettings }, decideSaveSystemSetting, ctx);
const at = '2026-06-15T10:00:00.000Z';
const created: SystemSettingEvent = {
  type: 'SystemSettingCreated',
  data: {
    settingId: 's1',
    key: 'smtp',
    value: { host: 'mail', port: 587 },
    description: 'Mail server',
    category: 'integrations',
    createdAt: at,
  },
};

describe('saving a system setting', () => {
  it('given no such key, then SystemSettingCreated (category general by default)', () => {
    when
      .given([])
      .when(systemSettingSchema.parse({ key: 'support.email', value: 'help@example.com' }))
      .then([
        {
          type: 'SystemSettingCreated',
          data: { settingId: 's1', key: 'support.email', value: 'help@example.com', description: null, category: 'general', createdAt: at },
        },
      ]);
  });

  it('given the key, when saved with another value, then SystemSettingUpdated of the same setting', () => {
    when
      .given([created])
      .when(systemSettingSchema.parse({ key: 'smtp', value: 'mail.example.com', category: 'integrations' }))
      .then([
        {
          type: 'SystemSettingUpdated',
          data: { settingId: 's1', key: 'smtp', value: 'mail.example.com', description: null, category: 'integrations', updatedAt: at },
        },
      ]);
  });

  it('given the key, when saved as it stands (keys of the value in another order), then nothing', () => {
    when
      .given([created])
      .when(
        systemSettingSchema.parse({
          key: 'smtp',
          value: { port: 587, host: 'mail' },
          description: 'Mail server',
          category: 'integrations',
        }),
      )
      .then([]);
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

import type { SystemSettingEvent } from '@fpa/write-model';
import { projectorOf } from '../engine/typed.ts';

/** The platform's system settings, one row per key. */
export const systemSettingsProjection = projectorOf<SystemSettingEvent>()({
  name: 'system_settings',
  // 2: a deleted setting's row goes (issue #25).
  version: 2,
  handles: ['SystemSettingCreated', 'SystemSettingUpdated', 'SystemSettingDeleted'],
  tables: ['system_settings'],
  async init(tx) {
    await tx.exec(`
      create table if not exists system_settings (
        id uuid primary key,
        key text not null unique,
        value jsonb not null,
        description text,
        category text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
    `);
  },
  async apply(tx, event) {
    if (event.type === 'SystemSettingDeleted') {
      await tx.query(`delete from system_settings where id = $1`, [event.data.settingId]);
      return;
    }
    const d = event.data;
    await tx.query(
      `insert into system_settings (id, key, value, description, category, created_at, updated_at)
       values ($1, $2, $3::text::jsonb, $4, $5, $6, $6)
       on conflict (id) do update set key = excluded.key, value = excluded.value, description = excluded.description,
         category = excluded.category, updated_at = excluded.updated_at`,
      [d.settingId, d.key, JSON.stringify(d.value), d.description, d.category, event.recordedAt],
    );
  },
});

import type { SqlExecutor } from '@fpa/write-model/event-store';

export type SystemSettingRow = {
  id: string;
  key: string;
  /** Text, or the structured value as it was saved. */
  value: unknown;
  description: string | null;
  category: string;
  updatedAt: Date;
};

const COLUMNS = `id, key, value, description, category, updated_at as "updatedAt"`;

/** By category, then key. */
export async function listSystemSettings(sql: SqlExecutor): Promise<SystemSettingRow[]> {
  return sql.query<SystemSettingRow>(`select ${COLUMNS} from system_settings order by category, key`);
}

export async function findSystemSetting(sql: SqlExecutor, id: string): Promise<SystemSettingRow | null> {
  const rows = await sql.query<SystemSettingRow>(`select ${COLUMNS} from system_settings where id = $1`, [id]);
  return rows[0] ?? null;
}

/** The values of the settings with these keys, by key (a key not set is absent). */
export async function systemSettingValues(sql: SqlExecutor, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await sql.query<{ key: string; value: unknown }>(`select key, value from system_settings where key = any($1::text[])`, [
    [...keys],
  ]);
  return new Map(rows.map((row) => [row.key, row.value]));
}

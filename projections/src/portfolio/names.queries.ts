import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { NamedKind } from '@fpa/write-model';
import { isUuid } from './uuid.ts';

/** How each kind of record is named to a reader, from the read model that holds it. */
const NAME_OF: Record<NamedKind, string> = {
  member: `select id::text as id, first_name || ' ' || last_name as name from members where company_id = $1 and id = any($2::uuid[])`,
  policy: `select id::text as id, policy_number as name from policies where company_id = $1 and id = any($2::uuid[])`,
  policy_type: `select id::text as id, name from policy_types where company_id = $1 and id = any($2::uuid[])`,
  agent: `select id::text as id, first_name || ' ' || last_name || ' (' || agent_code || ')' as name from agents where company_id = $1 and id = any($2::uuid[])`,
};

/**
 * The names of the records a history names (issue #22's readable history), one query per kind:
 * `kind:id` → name. A deleted record is simply absent.
 */
export async function recordNames(sql: SqlExecutor, companyId: string, ids: Map<NamedKind, Set<string>>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [kind, set] of ids) {
    const wanted = [...set].filter(isUuid);
    if (wanted.length === 0) continue;
    for (const row of await sql.query<{ id: string; name: string }>(NAME_OF[kind], [companyId, wanted]))
      names.set(`${kind}:${row.id}`, row.name);
  }
  return names;
}

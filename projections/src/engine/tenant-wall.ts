import type { SqlClient, SqlExecutor } from '@fpa/write-model/event-store';

/*
 * The second wall between companies. Every gateway query already names the caller's company; on top
 * of that, every read-model table with a company_id column has row-level security for the role
 * TENANT_ROLE, whose policy lets through only the rows of the company in the transaction's
 * `app.company_id` setting. A query run through tenantScoped() switches to that role for its
 * transaction, so a query that forgot its WHERE clause still sees one company. Projectors write as
 * the tables' owner, which row-level security does not restrict. The public views are
 * security_invoker, so the policy applies through them too (pointViews).
 */

export const TENANT_ROLE = 'fpa_tenant';
export const TENANT_SETTING = 'app.company_id';
const POLICY = 'tenant_wall';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The role (cluster-wide, so it may exist already), and the right of the connecting user to take it on. */
export async function ensureTenantRole(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${TENANT_ROLE}') then
        begin
          create role ${TENANT_ROLE} nologin;
        exception when duplicate_object or unique_violation then null; -- another process created it first
        end;
      end if;
      if not pg_has_role(current_user, '${TENANT_ROLE}', 'member') then
        execute format('grant ${TENANT_ROLE} to %I', current_user);
      end if;
    end $$;
  `);
}

/**
 * Raises the wall in one generation schema: grants read access, and turns on row-level security with
 * the policy on each table that has company_id. Only what is missing is done, so a restart takes no
 * exclusive lock that readers would queue behind.
 */
export async function wallGeneration(tx: SqlExecutor, schema: string): Promise<void> {
  await ensureTenantRole(tx);
  const tables = await tx.query<{ name: string; granted: boolean; walled: boolean; policy: boolean; tenant: boolean }>(
    `select c.relname::text as name,
            has_table_privilege('${TENANT_ROLE}', c.oid, 'select') as granted,
            c.relrowsecurity as walled,
            exists (select 1 from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = '${POLICY}') as policy,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as tenant
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p')`,
    [schema],
  );
  const [usage] = await tx.query<{ ok: boolean }>(`select has_schema_privilege('${TENANT_ROLE}', $1, 'usage') as ok`, [schema]);
  if (!usage?.ok) await tx.exec(`grant usage on schema "${schema}" to ${TENANT_ROLE}`);
  for (const table of tables) {
    const name = `"${schema}"."${table.name}"`;
    if (!table.granted) await tx.exec(`grant select on ${name} to ${TENANT_ROLE}`);
    if (!table.tenant) continue;
    if (!table.walled) await tx.exec(`alter table ${name} enable row level security`);
    if (!table.policy) {
      await tx.exec(
        `create policy ${POLICY} on ${name} for select to ${TENANT_ROLE} using (company_id = nullif(current_setting('${TENANT_SETTING}', true), '')::uuid)`,
      );
    }
  }
}

/**
 * Enters the wall for the rest of the transaction in one statement: the company, then the role
 * (set_config('role', …, true) is what SET LOCAL ROLE does). The company is a parameter, not inlined.
 */
const ENTER = `select set_config('${TENANT_SETTING}', $1, true), set_config('role', '${TENANT_ROLE}', true)`;

type Walled = <T>(fn: (tx: SqlExecutor) => Promise<T>) => Promise<T>;

/** The executors tenantScoped made, each with its way into one walled transaction (readTogether). */
const walls = new WeakMap<SqlExecutor, Walled>();

/**
 * An executor whose every statement runs in its own transaction as TENANT_ROLE with the company set:
 * read-model tables show that company's rows only, whatever the statement's WHERE clause says.
 * The entry is the transaction's opening statement, pipelined with the statement behind it: BEGIN,
 * then the entry and the statement in one round trip, then COMMIT. If the entry fails, the
 * transaction is aborted and the statement does not run.
 */
export function tenantScoped(sql: SqlClient, companyId: string): SqlExecutor {
  // It comes from the session; anything but a UUID is a bug upstream.
  if (!UUID.test(companyId)) throw new Error(`Not a company id: ${companyId}`);
  const walled: Walled = (fn) => sql.transaction(fn, { text: ENTER, params: [companyId] });
  const executor: SqlExecutor = {
    query: (text, params) => walled((tx) => tx.query(text, params)),
    exec: (text) => walled((tx) => tx.exec(text)),
  };
  walls.set(executor, walled);
  return executor;
}

/**
 * Runs fn's statements together: when sql is tenant-scoped, in one walled transaction (a list's
 * page and its count: one BEGIN, one entry, one COMMIT instead of one each); otherwise on sql as it
 * is. fn may send its statements at once: a transaction pipelines them on its connection.
 */
export function readTogether<T>(sql: SqlExecutor, fn: (sql: SqlExecutor) => Promise<T>): Promise<T> {
  const walled = walls.get(sql);
  return walled ? walled(fn) : fn(sql);
}

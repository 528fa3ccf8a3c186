import type { SqlExecutor } from '@fpa/write-model/event-store';

export type PlanRow = {
  id: string;
  name: string;
  tier: string;
  memberLimit: number;
  /** Rand a month, two decimals. */
  monthlyPrice: string;
  features: string[];
  description: string | null;
  sortOrder: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `id, name, tier, member_limit as "memberLimit", monthly_price::text as "monthlyPrice", features, description,
  sort_order as "sortOrder", is_active as "isActive", created_at as "createdAt", updated_at as "updatedAt"`;

/** Every plan in card order (sort order, then price). */
export async function listPlans(sql: SqlExecutor, options: { activeOnly?: boolean } = {}): Promise<PlanRow[]> {
  return sql.query<PlanRow>(
    `select ${COLUMNS} from plans where ($1::boolean is not true or is_active) order by sort_order, monthly_price, name`,
    [options.activeOnly ?? false],
  );
}

export async function findPlan(sql: SqlExecutor, id: string): Promise<PlanRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await sql.query<PlanRow>(`select ${COLUMNS} from plans where id = $1`, [id]);
  return rows[0] ?? null;
}

/** The plan selling a tier (at most one). */
export async function findPlanOfTier(sql: SqlExecutor, tier: string): Promise<PlanRow | null> {
  const rows = await sql.query<PlanRow>(`select ${COLUMNS} from plans where tier = $1 limit 1`, [tier]);
  return rows[0] ?? null;
}

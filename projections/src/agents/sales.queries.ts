import type { SqlExecutor } from '@fpa/write-model/event-store';
import { centsToDecimal, decimalToCents, type PolicyStatus } from '@fpa/write-model/validation';
import { normalizeSearch, parameters, prefixPattern } from '../portfolio/portfolio.paging.ts';
import { isUuid } from '../portfolio/uuid.ts';

/** A policy written by an agent, as the New Sales table shows it (spec part 2 §3, §9). */
export type SaleRow = {
  policyId: string;
  policyNumber: string;
  memberId: string;
  clientName: string;
  phone: string | null;
  policyTypeId: string;
  policyTypeName: string;
  coverageAmount: string;
  monthlyPremium: string;
  agentId: string;
  agentName: string;
  status: PolicyStatus;
  createdAt: Date;
  /** From the onboarding wizard; null for a policy written another way. */
  beneficiaryName: string | null;
  beneficiaryRelation: string | null;
  beneficiaryContact: string | null;
  monthlyIncome: string | null;
  employer: string | null;
  notes: string | null;
};

export type NewSales = { sales: SaleRow[]; totalSales: number; monthlyRevenue: string; activePolicies: number };

export type SalesArgs = { search?: string | null; status?: PolicyStatus | null; agentId?: string | null };

/*
 * members and policy_types are the portfolio projector's views, joined by primary key: the client
 * shown is the member as it is now, and a sale whose member was deleted has no matching member, so
 * it is not a sale any more (spec part 2 §9).
 */
// members named by the company parameter ($1 in every query here): partitioned by company (issue #28), it is pruned when planned.
const FROM = `from agent_sales s
  join members m on m.id = s.member_id and m.company_id = $1
  join agents a on a.id = s.agent_id
  left join policy_types t on t.id = s.policy_type_id`;

/**
 * New Sales: newest first, filtered by status, agent and a search over the client's name (full or
 * last), the policy number or the phone (case-insensitive prefixes). The totals are over the listed
 * sales: their count, the sum of their monthly premiums and how many are active.
 */
export async function newSales(sql: SqlExecutor, companyId: string, args: SalesArgs = {}): Promise<NewSales> {
  if (args.agentId && !isUuid(args.agentId)) return { sales: [], totalSales: 0, monthlyRevenue: '0.00', activePolicies: 0 };
  const p = parameters();
  const where = [`s.company_id = ${p.add(companyId)}`];
  if (args.status) where.push(`s.status = ${p.add(args.status)}`);
  if (args.agentId) where.push(`s.agent_id = ${p.add(args.agentId)}::uuid`);
  const search = normalizeSearch(args.search);
  if (search) {
    const pattern = p.add(prefixPattern(search));
    const digits = search.replace(/\s+/g, '');
    where.push(`(lower(m.first_name || ' ' || m.last_name) like lower(${pattern}) or lower(m.last_name) like lower(${pattern})
             or lower(s.policy_number) like lower(${pattern}) or replace(coalesce(m.phone, ''), ' ', '') like ${p.add(prefixPattern(digits))})`);
  }
  const sales = await sql.query<SaleRow>(
    `select s.policy_id as "policyId", s.policy_number as "policyNumber", s.member_id as "memberId",
            m.first_name || ' ' || m.last_name as "clientName", m.phone, s.policy_type_id as "policyTypeId",
            coalesce(t.name, '') as "policyTypeName", s.coverage_amount::text as "coverageAmount",
            s.monthly_premium::text as "monthlyPremium", s.agent_id as "agentId", a.first_name || ' ' || a.last_name as "agentName",
            s.status, s.created_at as "createdAt", s.beneficiary_name as "beneficiaryName",
            s.beneficiary_relation as "beneficiaryRelation", s.beneficiary_contact as "beneficiaryContact",
            s.monthly_income as "monthlyIncome", s.employer, s.notes
       ${FROM} where ${where.join(' and ')}
      order by s.created_at desc, s.position desc`,
    p.values,
  );
  const revenue = sales.reduce((sum, sale) => sum + decimalToCents(sale.monthlyPremium), 0n);
  return {
    sales,
    totalSales: sales.length,
    monthlyRevenue: centsToDecimal(revenue),
    activePolicies: sales.filter((s) => s.status === 'active').length,
  };
}

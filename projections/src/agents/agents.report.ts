import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { AgentStatus } from '@fpa/write-model/validation';
import type { AgentReportRow } from '../reports/sources/agents.source.ts';
import { MEMBER_ONBOARDED } from './agents.projection.ts';

/** The agents report's rows: every agent of the company (or those with `status`), newest first. */
export async function listAgentsForReport(sql: SqlExecutor, companyId: string, status: AgentStatus | null): Promise<AgentReportRow[]> {
  return sql.query<AgentReportRow>(
    `select a.agent_code as "agentId", a.first_name as "firstName", a.last_name as "lastName", a.email, a.phone, a.region,
            a.commission_rate::numeric(7,2)::text as "commissionRate", a.sales_target::numeric(20,2)::text as "salesTarget", a.status,
            (select count(*) from agent_activities x where x.agent_id = a.id and x.type = '${MEMBER_ONBOARDED}')::int as "clientsOnboarded",
            coalesce((select sum(c.commission) from agent_commissions c where c.agent_id = a.id and c.status = 'completed'), 0)::numeric(20,2)::text
              as "totalCommissions",
            to_char(a.created_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as "createdAt"
       from agents a
      where a.company_id = $1 and ($2::text is null or a.status = $2)
      order by a.created_at desc, a.position desc`,
    [companyId, status],
  );
}

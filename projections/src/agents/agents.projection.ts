import type {
  AgentEvent,
  AgentRegistered,
  AgentUpdated,
  ClientOnboarded,
  PaymentEvent,
  PaymentRecorded,
  PolicyEvent,
  PolicyIssued,
} from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { applyAgentRuns } from './agents.batch.ts';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import type { Projector } from '../engine/types.ts';
import { monthStart } from '../portfolio/portfolio.paging.ts';
import { POLICY_STATUS_EVENTS, statusMove } from '../portfolio/policy-status.ts';
import { AGENTS_TABLES, createAgentsTables } from './agents.schema.ts';

export const MEMBER_ONBOARDED = 'member_onboarded';

/**
 * Agents, their activities, their sales and their commissions. Besides the agents' own events it
 * reads the policies written by an agent (PolicyIssued with agentId, and their status changes) and
 * the premium payments of those policies (PaymentRecorded, PaymentStatusChanged); every other
 * policy or payment is passed over without touching the database.
 */
export const agentsProjection: Projector = projectorOf<AgentEvent | PolicyEvent | PaymentEvent>()({
  name: 'agents',
  // 2: the calendar's PolicyLapsed and PolicyReinstated move a sale's status (issue #20).
  version: 2,
  handles: [
    'AgentRegistered',
    'AgentUpdated',
    'AgentStatusChanged',
    'ClientOnboarded',
    'PolicyIssued',
    ...POLICY_STATUS_EVENTS,
    'PaymentRecorded',
    'PaymentStatusChanged',
  ],
  tables: AGENTS_TABLES,
  init: createAgentsTables,
  async apply(tx, event) {
    switch (event.type) {
      case 'AgentRegistered':
        return agentRegistered(tx, event);
      case 'AgentUpdated':
        return agentUpdated(tx, event);
      case 'AgentStatusChanged':
        return void (await tx.query(`update agents set status = $3, updated_at = $4 where id = $1 and company_id = $2`, [
          event.data.agentId,
          event.data.companyId,
          event.data.to,
          event.recordedAt,
        ]));
      case 'ClientOnboarded':
        return clientOnboarded(tx, event);
      case 'PolicyIssued':
        return policyIssued(tx, event);
      case 'PolicyStatusChanged':
      case 'PolicyLapsed':
      case 'PolicyReinstated':
        return void (await tx.query(`update agent_sales set status = $3 where policy_id = $1 and company_id = $2`, [
          event.data.policyId,
          event.data.companyId,
          statusMove(event).to,
        ]));
      case 'PaymentRecorded':
        return paymentRecorded(tx, event);
      case 'PaymentStatusChanged':
        return void (await tx.query(`update agent_commissions set status = $3 where payment_id = $1 and company_id = $2`, [
          event.data.paymentId,
          event.data.companyId,
          event.data.to,
        ]));
    }
  },
  applyBatch: (tx, events) => applyAgentRuns(tx, events, (t, event) => agentsProjection.apply(t, event)),
});

// Absent fields (events written by hand) read as '' or null, as the projector always read them.
const detailValues = ({ data: d }: Recorded<AgentRegistered | AgentUpdated>) => [
  d.agentCode,
  d.firstName ?? '',
  d.lastName ?? '',
  d.idNumber ?? null,
  d.email ?? '',
  d.phone ?? '',
  d.supervisorName ?? null,
  d.region ?? null,
  d.commissionRate,
  d.salesTarget,
  d.notes ?? null,
];

async function agentRegistered(tx: SqlExecutor, event: Recorded<AgentRegistered>): Promise<void> {
  await tx.query(
    `insert into agents (agent_code, first_name, last_name, id_number, email, phone, supervisor_name, region, commission_rate,
                         sales_target, notes, id, company_id, user_id, status, position, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
     on conflict (id) do nothing`,
    [
      ...detailValues(event),
      event.data.agentId,
      event.data.companyId,
      event.data.userId ?? null,
      event.data.status,
      event.globalPosition,
      event.recordedAt,
    ],
  );
}

async function agentUpdated(tx: SqlExecutor, event: Recorded<AgentUpdated>): Promise<void> {
  await tx.query(
    `update agents set agent_code = $1, first_name = $2, last_name = $3, id_number = $4, email = $5, phone = $6, supervisor_name = $7,
            region = $8, commission_rate = $9, sales_target = $10, notes = $11, updated_at = $14
      where id = $12 and company_id = $13`,
    [...detailValues(event), event.data.agentId, event.data.companyId, event.recordedAt],
  );
}

/** The policy columns both PolicyIssued and ClientOnboarded carry: whichever comes first makes the row. */
const saleValues = (event: Recorded<PolicyIssued | ClientOnboarded>, agentId: string) => [
  event.data.policyId,
  event.data.companyId,
  agentId,
  event.data.memberId,
  event.data.policyNumber,
  event.data.policyTypeId,
  event.data.coverageAmount,
  event.data.monthlyPremium,
  monthStart(event.recordedAt),
  event.globalPosition,
  event.recordedAt,
];
const INSERT_SALE = `insert into agent_sales (policy_id, company_id, agent_id, member_id, policy_number, policy_type_id, coverage_amount,
                                              monthly_premium, month, position, created_at`;

async function policyIssued(tx: SqlExecutor, event: Recorded<PolicyIssued>): Promise<void> {
  const { agentId } = event.data;
  if (!agentId) return;
  await tx.query(
    `${INSERT_SALE}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (policy_id) do nothing`,
    saleValues(event, agentId),
  );
}

/** The sale with the wizard's details, and the agent's member_onboarded activity. */
async function clientOnboarded(tx: SqlExecutor, event: Recorded<ClientOnboarded>): Promise<void> {
  const d = event.data;
  const family = Array.isArray(d.familyMemberIds) ? d.familyMemberIds.length : 0;
  await tx.query(
    `${INSERT_SALE}, onboarded, family_members, beneficiary_name, beneficiary_relation, beneficiary_contact, monthly_income, employer, notes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true, $12, $13, $14, $15, $16, $17, $18)
     on conflict (policy_id) do update set onboarded = true, family_members = excluded.family_members,
       beneficiary_name = excluded.beneficiary_name, beneficiary_relation = excluded.beneficiary_relation,
       beneficiary_contact = excluded.beneficiary_contact, monthly_income = excluded.monthly_income,
       employer = excluded.employer, notes = excluded.notes`,
    [
      ...saleValues(event, d.agentId),
      family,
      d.beneficiaryName ?? null,
      d.beneficiaryRelation ?? null,
      d.beneficiaryContact ?? null,
      d.monthlyIncome ?? null,
      d.employer ?? null,
      d.notes ?? null,
    ],
  );
  const description =
    `Onboarded ${d.clientName ?? 'a client'} with policy ${d.policyNumber}` +
    (family > 0 ? ` and ${family} family member${family === 1 ? '' : 's'}` : '');
  // The activity is the agent's (its login when it has one); an administrator's entry falls back to them.
  await tx.query(
    `insert into agent_activities (id, company_id, user_id, agent_id, type, description, position, created_at)
     select $1, $2, coalesce((select user_id from agents where id = $3 and company_id = $2), $4::uuid), $3, $5, $6, $7, $8
     on conflict (id) do nothing`,
    [
      event.eventId,
      d.companyId,
      d.agentId,
      event.metadata.actorUserId,
      MEMBER_ONBOARDED,
      description,
      event.globalPosition,
      event.recordedAt,
    ],
  );
}

/** A payment of an agent's policy earns the agent's rate in force now (events apply in log order). */
async function paymentRecorded(tx: SqlExecutor, event: Recorded<PaymentRecorded>): Promise<void> {
  const d = event.data;
  if (d.groupSchemeId) return; // group policies are never written by an agent
  await tx.query(
    `insert into agent_commissions (payment_id, company_id, agent_id, policy_id, amount, commission_rate, commission, status, payment_date,
                                    position, created_at)
     select $1, s.company_id, s.agent_id, s.policy_id, $4::numeric, a.commission_rate, round($4::numeric * a.commission_rate / 100, 2),
            $5, $6::date, $7, $8
       from agent_sales s join agents a on a.id = s.agent_id
      where s.policy_id = $2 and s.company_id = $3
     on conflict (payment_id) do nothing`,
    [d.paymentId, d.policyId, d.companyId, d.amount, d.status, d.paymentDate, event.globalPosition, event.recordedAt],
  );
}

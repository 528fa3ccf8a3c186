import type { AgentEvent, PaymentEvent, PaymentRecorded, PolicyEvent } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import type { Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';

const COMMISSION_ROWS = rowSet(`
  ord int, payment_id uuid, policy_id uuid, company_id uuid, amount numeric, status text, payment_date date,
  position bigint, created_at timestamptz`);

type AgentsEvent = Recorded<AgentEvent | PolicyEvent | PaymentEvent>;

/**
 * The agents projector's set-based path: every payment of the log passes through it (a commission
 * when the policy was sold by an agent), so a run of PaymentRecorded is one statement over the run's
 * rows as JSON, in log order (the first of a repeated payment id stands, as with apply). Other events
 * go through apply, in order, so a sale or an agent is in place before the payments that need it.
 */
export async function applyAgentRuns(
  tx: SqlExecutor,
  events: readonly AgentsEvent[],
  applyOne: (tx: SqlExecutor, event: AgentsEvent) => Promise<void>,
): Promise<void> {
  await applyTypeRuns(tx, inTypeRuns(events, agentKeys), { PaymentRecorded: paymentsRecorded }, applyOne);
}

/**
 * What each handler reads or writes: a sale (PolicyIssued, ClientOnboarded, a status change) its
 * policy's row, a recorded payment its commission and its policy's sale, a payment's status change
 * its commission. The agents' own events stay in place (a payment reads the agent's rate in force,
 * an onboarding the agent's login), so nothing moves across them.
 */
function agentKeys(event: AgentsEvent): EventKeys {
  switch (event.type) {
    case 'PaymentRecorded':
      return [`payment:${event.data.paymentId}`, `policy:${event.data.policyId}`];
    case 'PaymentStatusChanged':
      return [`payment:${event.data.paymentId}`];
    case 'PolicyIssued':
    case 'PolicyStatusChanged':
    case 'PolicyLapsed':
    case 'PolicyReinstated':
    case 'ClientOnboarded':
      return [`policy:${event.data.policyId}`];
    default:
      return 'barrier';
  }
}

async function paymentsRecorded(tx: SqlExecutor, events: readonly Recorded<PaymentRecorded>[]): Promise<void> {
  const rows = events
    .map((event, ord) => ({ event, ord }))
    .filter(({ event }) => !event.data.groupSchemeId) // group policies are never written by an agent
    .map(({ event, ord }) => ({
      ord,
      payment_id: event.data.paymentId,
      policy_id: event.data.policyId,
      company_id: event.data.companyId,
      amount: event.data.amount,
      status: event.data.status,
      payment_date: event.data.paymentDate,
      position: event.globalPosition,
      created_at: event.recordedAt.toISOString(),
    }));
  if (rows.length === 0) return;
  // Only payments of policies an agent sold earn a commission: the run's sold policies are looked up first (by the
  // sales' key), and a run without any sends nothing more. Planning the insert parses its rows (a plan made for the
  // values): 3.8 ms for 2,000 payments of a company without agents, every run of a rebuild (issue #26).
  const sold = await tx.query<{ policy_id: string }>(`select policy_id::text from agent_sales where policy_id = any($1::uuid[])`, [
    [...new Set(rows.map((row) => row.policy_id))],
  ]);
  if (sold.length === 0) return;
  const soldIds = new Set(sold.map((row) => row.policy_id));
  await tx.query(
    `insert into agent_commissions (payment_id, company_id, agent_id, policy_id, amount, commission_rate, commission, status, payment_date,
                                    position, created_at)
     select r.payment_id, s.company_id, s.agent_id, s.policy_id, r.amount, a.commission_rate, round(r.amount * a.commission_rate / 100, 2),
            r.status, r.payment_date, r.position, r.created_at
       from ${COMMISSION_ROWS.from('$1', 'r')}
       join agent_sales s on s.policy_id = r.policy_id and s.company_id = r.company_id
       join agents a on a.id = s.agent_id
      order by r.ord
     on conflict (payment_id) do nothing`,
    [COMMISSION_ROWS.json(rows.filter((row) => soldIds.has(row.policy_id)))],
  );
}

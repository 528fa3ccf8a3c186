import { randomUUID } from 'node:crypto';
import {
  changePaymentStatus,
  changePolicyStatus,
  commandContext,
  createPolicyType,
  deleteMember,
  migrateWriteModel,
  onboardClient,
  recordPayment,
  registerAgent,
  updateAgent,
  type CommandContext,
} from '@fpa/write-model';
import { compareCheckpoints, type AppendResult, type Checkpoint } from '@fpa/write-model/event-store';
import type { TestDriver } from '@fpa/write-model/testing';
import type { PaymentStatus, PolicyStatus, Role } from '@fpa/write-model/validation';
import { catchUpTo } from '../engine/engine.fixtures.ts';
import { nextSaId } from '../payments/payments.fixtures.ts';
import { paymentsProjection } from '../payments/payments.projection.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { portfolioProjection } from '../portfolio/portfolio.projection.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';
import { agentsProjection } from './agents.projection.ts';

/**
 * The agents projector beside portfolio (whose members and policy_types views the sales join),
 * users_list and payments, fed by the write model's own commands: the events are exactly what
 * production appends (onboarding's one append of members, policy and sale included).
 */
export async function openAgentsBed(driver: TestDriver, cleanups: (() => Promise<void>)[]) {
  const bed = await openPortfolioBed(driver, cleanups, [usersListProjection, portfolioProjection, paymentsProjection, agentsProjection]);
  await migrateWriteModel(bed.sql);
  let head: Checkpoint | null = null;
  const track = <T extends { append: AppendResult | null }>(result: T): T => {
    if (result.append && (!head || compareCheckpoints(result.append.checkpoint, head) > 0)) head = result.append.checkpoint;
    return result;
  };

  async function project(): Promise<void> {
    if (!head) return;
    const result = await catchUpTo(bed.engine, head);
    if (result.failed.length > 0) throw new Error(`projection failed: ${JSON.stringify(result.failed)}`);
  }

  function company() {
    const companyId = randomUUID();
    const admin = randomUUID();
    const as = (userId: string | null = admin, role: Role = 'administrator'): CommandContext => commandContext({ userId, role, companyId });
    let typeId: string | null = null;
    let codes = 0;

    return {
      companyId,
      admin,

      async policyType(name = 'Gold Cover', coverageAmount = '30000', monthlyPremium = '199.50') {
        const { events } = track(
          await createPolicyType(bed.store, { name, description: null, coverageAmount, monthlyPremium, waitingPeriod: 6 }, as()),
        );
        return events[0]!.data.policyTypeId;
      },

      /** An agent with a login (answers the agent id and its user id). */
      async agent(firstName: string, lastName: string, commissionRate = 10, login = true) {
        codes++;
        const input = {
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}@example.co.za`,
          phone: '0835551234',
          agentId: `AG-${codes}`,
          commissionRate,
          salesTarget: 20000,
          ...(login ? { username: `${firstName.toLowerCase()}.${randomUUID().slice(0, 6)}`, password: 'longenough' } : {}),
        };
        const { agentId } = track(await registerAgent(bed.store, input, as()));
        const userId =
          (
            await bed.sql.query<{ key: string }>(`select key from reservations where scope = $1 and owner_id = $2`, [
              `agent-user:${companyId}`,
              agentId,
            ])
          )[0]?.key ?? null;
        return { agentId, userId };
      },

      async update(agentId: string, patch: Record<string, unknown>) {
        track(await updateAgent(bed.store, agentId, patch, as()));
      },

      /** A client onboarded by the agent (signed in as its user), with `family` children. */
      async onboard(agent: { userId: string | null; agentId: string }, firstName: string, family = 0, phone = '0821234567') {
        typeId ??= await this.policyType();
        const body = {
          firstName,
          lastName: 'Khumalo',
          phone,
          idNumber: nextSaId(),
          address: '14 Mandela Drive',
          city: 'Pietermaritzburg',
          province: 'KwaZulu-Natal',
          postalCode: '3201',
          monthlyIncome: '12500',
          employer: 'Sappi',
          policyType: typeId,
          coverageAmount: '30000',
          beneficiaryName: 'Nandi Khumalo',
          beneficiaryRelation: 'Spouse',
          beneficiaryContact: '0829876543',
          notes: 'Referred by a neighbour',
          agentId: agent.agentId,
          familyMembers: Array.from({ length: family }, (_, i) => ({
            firstName: `Child${i + 1}`,
            lastName: 'Khumalo',
            idNumber: nextSaId(),
            relationship: 'child',
          })),
        };
        const ctx = agent.userId ? as(agent.userId, 'agent') : as();
        return track(await onboardClient(bed.store, bed.sql, body, ctx));
      },

      async pay(policyId: string, amount: string, paymentDate: string) {
        return track(await recordPayment(bed.store, { policyId, amount, paymentDate, paymentMethod: 'debit_order' }, as())).paymentId;
      },

      async setPayment(paymentId: string, status: PaymentStatus) {
        track(await changePaymentStatus(bed.store, paymentId, { status }, as()));
      },

      async setPolicy(policyId: string, status: PolicyStatus) {
        track(await changePolicyStatus(bed.store, policyId, { status, note: 'Set by the test' }, as()));
      },

      async deleteMember(memberId: string) {
        track(await deleteMember(bed.store, memberId, as()));
      },
    };
  }

  return { sql: bed.sql, store: bed.store, keyring: bed.keyring, engine: bed.engine, project, company };
}

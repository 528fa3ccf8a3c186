import { randomUUID } from 'node:crypto';
import {
  addSchemeMembers,
  changePaymentStatus,
  commandContext,
  createGroupScheme,
  migrateWriteModel,
  recordGroupPayment,
  recordPayment,
  removeSchemeMember,
  updateGroupScheme,
  type CommandContext,
} from '@fpa/write-model';
import { compareCheckpoints, type AppendResult, type Checkpoint } from '@fpa/write-model/event-store';
import type { TestDriver } from '@fpa/write-model/testing';
import { luhnCheckDigit, type PaymentStatus, type Role } from '@fpa/write-model/validation';
import { catchUpTo } from '../engine/engine.fixtures.ts';
import { groupSchemesProjection } from '../group-schemes/group-schemes.projection.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { portfolioProjection } from '../portfolio/portfolio.projection.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';
import { paymentsProjection } from './payments.projection.ts';

/**
 * The payments and group-schemes projectors beside portfolio and users_list (whose views the queries
 * join), fed by the write model's own commands: the events are exactly what production appends.
 * Regular policies come from the portfolio fixture (its PolicyIssued starts on 2025-03-01).
 */
export async function openPaymentsBed(driver: TestDriver, cleanups: (() => Promise<void>)[]) {
  const bed = await openPortfolioBed(driver, cleanups, [
    usersListProjection,
    portfolioProjection,
    groupSchemesProjection,
    paymentsProjection,
  ]);
  await migrateWriteModel(bed.sql);
  let head: Checkpoint | null = null;
  const track = <T extends { append: AppendResult }>(result: T): T => {
    if (!head || compareCheckpoints(result.append.checkpoint, head) > 0) head = result.append.checkpoint;
    return result;
  };

  async function project(): Promise<void> {
    await bed.project();
    if (!head) return;
    const result = await catchUpTo(bed.engine, head);
    if (result.failed.length > 0) throw new Error(`projection failed: ${JSON.stringify(result.failed)}`);
  }

  function company() {
    const t = bed.tenant();
    const companyId = t.companyId;
    const as = (userId: string | null, role: Role = 'billing_clerk'): CommandContext => commandContext({ userId, role, companyId });
    let type: Awaited<ReturnType<typeof t.policyType>> | null = null;
    return {
      companyId,

      /** A staff user (UserRegistered, names sealed with the user's key); answers the user id. */
      async user(firstName: string, lastName: string): Promise<string> {
        const userId = randomUUID();
        const data = {
          userId,
          companyId,
          username: `${firstName}.${lastName}`.toLowerCase(),
          role: 'billing_clerk',
          email: `${userId}@example.co.za`,
          firstName,
          lastName,
          saId: null,
          phone: null,
        };
        const pii = [{ subjectId: `user:${userId}`, fields: ['email', 'firstName', 'lastName', 'saId', 'phone'] }];
        track({
          append: await bed.store.append(
            [{ streamId: `user-${userId}`, expectedVersion: 'no_stream', events: [{ type: 'UserRegistered', data, pii }] }],
            { companyId, actorUserId: userId },
          ),
        });
        return userId;
      },

      /** A main member with a regular policy (PolicyIssued, start 2025-03-01). */
      async policy(firstName: string, lastName: string) {
        type ??= await t.policyType();
        const member = await t.member({ firstName, lastName, policyType: type });
        return { policyId: member.policyId!, policyNumber: member.policyNumber!, memberId: member.memberId };
      },

      changePolicyStatus: t.changeStatus,

      async pay(
        actor: string | null,
        policyId: string,
        payment: { amount?: string; paymentDate?: string; reference?: string; notes?: string } = {},
      ) {
        const input = { policyId, amount: '150', paymentDate: '2025-06-15', paymentMethod: 'debit_order', ...payment };
        return track(await recordPayment(bed.store, input, as(actor))).paymentId;
      },

      async setStatus(actor: string | null, paymentId: string, status: PaymentStatus) {
        track(await changePaymentStatus(bed.store, paymentId, { status }, as(actor)));
      },

      /** A scheme from form rows: mainMembers [name, family count] (family members are children). */
      async scheme(name: string, mains: [string, number][], extraRows: unknown[] = []) {
        const input = {
          name,
          description: `${name} staff`,
          mainMembers: [...mains.map(([first, family]) => mainRow(first, family)), ...extraRows],
        };
        return track(await createGroupScheme(bed.store, bed.sql, input, as(null, 'administrator')));
      },

      async addToScheme(schemeId: string, mains: [string, number][]) {
        return track(
          await addSchemeMembers(
            bed.store,
            bed.sql,
            schemeId,
            { mainMembers: mains.map(([f, n]) => mainRow(f, n)) },
            as(null, 'administrator'),
          ),
        );
      },

      async editScheme(schemeId: string, edit: { name: string; description: string; status: 'active' | 'inactive' }) {
        track(await updateGroupScheme(bed.store, schemeId, edit, as(null, 'administrator')));
      },

      async removeFromScheme(schemeId: string, memberId: string) {
        return track(await removeSchemeMember(bed.store, schemeId, memberId, as(null, 'administrator')));
      },

      async groupPay(actor: string | null, schemeId: string, amountPerMember: string, paymentDate = '2025-07-01') {
        return track(
          await recordGroupPayment(
            bed.store,
            schemeId,
            { amountPerMember, paymentMethod: 'mobile_money', paymentDate, reference: 'GRP-JULY' },
            as(actor),
          ),
        );
      },
    };
  }

  return { sql: bed.sql, store: bed.store, keyring: bed.keyring, engine: bed.engine, project, company };
}

export type PaymentsBed = Awaited<ReturnType<typeof openPaymentsBed>>;

let idSequence = 1000;

/** A valid SA ID, different on every call (a real date, the Luhn digit computed). */
export function nextSaId(): string {
  const first12 = `800101${String(idSequence++).padStart(4, '0')}08`;
  return `${first12}${luhnCheckDigit(first12)}`;
}

function mainRow(firstName: string, familyCount: number) {
  return {
    firstName,
    lastName: 'Mokoena',
    saId: nextSaId(),
    phone: '0712345678',
    address: '5 Church Street',
    city: 'Rustenburg',
    province: 'North West',
    postalCode: '0299',
    email: '',
    coverAmount: '20000',
    familyMembers: Array.from({ length: familyCount }, (_, i) => ({
      firstName: `${firstName}'s child ${i + 1}`,
      lastName: 'Mokoena',
      saId: nextSaId(),
      relationship: 'child',
      coverAmount: '10000',
    })),
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { createKeyring, createPostgresEventStore, type AppendResult, type EventStore, type NewEvent } from '@fpa/write-model/event-store';
import { commandContext, migrateWriteModel } from '@fpa/write-model';
import type { PaymentStatus } from '@fpa/write-model/validation';
import type { TestDriver } from '@fpa/write-model/testing';
import { luhnCheckDigit } from '@fpa/write-model/validation';
import { catchUpTo, quietLogger } from '../engine/engine.fixtures.ts';
import { createProjectionEngine } from '../engine/index.ts';
import { committedHead } from '../engine/catch-up-to.ts';
import { billingProjection } from './billing.projection.ts';

let idSequence = 3000;
export function nextSaId(): string {
  const first12 = `790202${String(idSequence++).padStart(4, '0')}08`;
  return `${first12}${luhnCheckDigit(first12)}`;
}

/**
 * A database with the real event store and the engine running the billing projector, and helpers that
 * append the events the write model's commands append (personal fields marked, so they are sealed).
 */
export async function openBillingBed(
  driver: TestDriver,
  cleanups: (() => Promise<void>)[],
  options: { store?: (store: EventStore) => EventStore } = {},
) {
  const db = await driver.create();
  await migrateWriteModel(db.sql);
  const keyring = await createKeyring(db.sql, randomBytes(32));
  const realStore = await createPostgresEventStore(db.sql, { keyring, pollIntervalMs: 50 });
  const store = options.store ? options.store(realStore) : realStore;
  cleanups.push(async () => {
    await realStore.close();
    await db.dispose();
  });
  const engine = createProjectionEngine({ sql: db.sql, store: realStore, projectors: [billingProjection], logger: quietLogger() });
  cleanups.push(() => engine.stop());

  const append = (companyId: string, streamId: string, events: NewEvent[]): Promise<AppendResult> =>
    realStore.append([{ streamId, expectedVersion: 'any', events }], { companyId, actorUserId: null });

  async function project(): Promise<void> {
    const result = await catchUpTo(engine, await committedHead(db.sql));
    if (result.failed.length > 0) throw new Error(`projection failed: ${JSON.stringify(result.failed)}`);
  }

  async function company(name = 'Ubuntu Funeral Cover') {
    const companyId = randomUUID();
    await append(companyId, `company-${companyId}`, [
      {
        type: 'CompanyRegistered',
        data: {
          companyId,
          name,
          cipNumber: '2019/123456/07',
          email: 'info@ubuntu.co.za',
          phone: '0110000000',
          fspNumber: null,
          administratorUserId: randomUUID(),
          tier: 'free',
          memberLimit: 100,
          registeredAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ]);
    const ctx = commandContext({ userId: null, role: null, companyId });

    return {
      companyId,
      ctx,
      async suspend() {
        await append(companyId, `company-${companyId}`, [
          { type: 'CompanySuspended', data: { companyId, reason: 'unpaid', suspendedAt: '2026-01-01' } },
        ]);
      },

      async policyType(rules: { graceDays?: number; lapseAfterMissed?: number; reinstatementMonths?: number } = {}, premium = '120') {
        const policyTypeId = randomUUID();
        await append(companyId, `policy-type-${policyTypeId}`, [
          {
            type: 'PolicyTypeCreated',
            data: {
              policyTypeId,
              companyId,
              name: `Cover ${policyTypeId.slice(0, 4)}`,
              description: null,
              coverageAmount: '20000',
              monthlyPremium: premium,
              waitingPeriod: 6,
              isActive: true,
              ...rules,
            },
          },
        ]);
        return { policyTypeId, premium };
      },

      /** A main member with a regular policy: the member's stream and the policy's, as registration appends them. */
      async policy(
        type: { policyTypeId: string; premium: string },
        terms: { startDate: string; debitDay?: number; phone?: string | null; email?: string | null; saId?: string },
      ) {
        const memberId = randomUUID();
        const policyId = randomUUID();
        const saId = terms.saId ?? nextSaId();
        await realStore.append(
          [
            {
              streamId: `member-${memberId}`,
              expectedVersion: 'no_stream',
              events: [
                {
                  type: 'MemberRegistered',
                  data: {
                    memberId,
                    companyId,
                    firstName: 'Themba',
                    lastName: 'Mthembu',
                    email: terms.email ?? null,
                    phone: terms.phone === undefined ? '0821234567' : terms.phone,
                    address: '3 Church Street',
                    city: 'Pietermaritzburg',
                    province: 'KZN',
                    postalCode: '3201',
                    dateOfBirth: null,
                    isMainMember: true,
                    mainMemberId: null,
                    relationship: null,
                    otherRelationship: null,
                    identifierType: 'saId',
                    saId,
                    passportNumber: null,
                    nationality: 'ZA',
                    policyId,
                    source: 'manual',
                  },
                  pii: [
                    {
                      subjectId: `member:${memberId}`,
                      fields: [
                        'firstName',
                        'lastName',
                        'email',
                        'phone',
                        'address',
                        'city',
                        'postalCode',
                        'dateOfBirth',
                        'saId',
                        'passportNumber',
                        'otherRelationship',
                      ],
                    },
                  ],
                },
              ],
            },
            {
              streamId: `policy-${policyId}`,
              expectedVersion: 'no_stream',
              events: [
                {
                  type: 'PolicyIssued',
                  data: {
                    policyId,
                    companyId,
                    policyNumber: `POL-${policyId.slice(0, 6)}`,
                    memberId,
                    policyTypeId: type.policyTypeId,
                    coverageAmount: '20000',
                    monthlyPremium: type.premium,
                    waitingPeriod: 6,
                    startDate: terms.startDate,
                    agentId: null,
                    ...(terms.debitDay ? { debitDay: terms.debitDay } : {}),
                  },
                },
              ],
            },
          ],
          { companyId, actorUserId: null },
        );
        return { policyId, memberId, saId };
      },

      async pay(policyId: string, amount: string, paymentDate: string, extra: { groupSchemeId?: string } = {}) {
        const paymentId = randomUUID();
        await append(companyId, `payment-${paymentId}`, [
          {
            type: 'PaymentRecorded',
            data: {
              paymentId,
              companyId,
              policyId,
              policyNumber: 'POL',
              memberId: randomUUID(),
              memberName: 'Themba Mthembu',
              amount,
              paymentDate,
              paymentMethod: 'cash',
              reference: null,
              notes: null,
              status: 'completed',
              groupSchemeId: extra.groupSchemeId ?? null,
              groupPaymentId: null,
            },
          },
        ]);
        return paymentId;
      },

      async setPaymentStatus(paymentId: string, from: PaymentStatus, to: PaymentStatus) {
        await append(companyId, `payment-${paymentId}`, [{ type: 'PaymentStatusChanged', data: { paymentId, companyId, from, to } }]);
      },

      async policyStatus(policyId: string, from: string, to: string) {
        await append(companyId, `policy-${policyId}`, [
          { type: 'PolicyStatusChanged', data: { policyId, companyId, from, to, note: 'staff' } },
        ]);
      },

      /** A claim on the policy for a death; approved when `status` says so. */
      async claim(
        policyId: string,
        deceasedSaId: string,
        dateOfDeath: string,
        status: 'submitted' | 'approved' | 'paid' | 'rejected' = 'approved',
      ) {
        const claimId = randomUUID();
        const submitted: NewEvent = {
          type: 'ClaimSubmitted',
          data: {
            claimId,
            companyId,
            claimNumber: 'CLM-1',
            policyId,
            policyNumber: 'POL',
            memberId: randomUUID(),
            deceasedSaId,
            deceasedDateOfDeath: dateOfDeath,
            deceasedFirstName: 'Themba',
            deceasedLastName: 'Mthembu',
          },
        };
        const changed: NewEvent[] =
          status === 'submitted'
            ? []
            : [{ type: 'ClaimStatusChanged', data: { claimId, companyId, from: 'submitted', to: status, note: null } }];
        await append(companyId, `claim-${claimId}`, [submitted, ...changed]);
        return claimId;
      },
    };
  }

  return { sql: db.sql, store, realStore, engine, project, company };
}

export type BillingBed = Awaited<ReturnType<typeof openBillingBed>>;

import { randomBytes, randomUUID } from 'node:crypto';
import {
  compareCheckpoints,
  createKeyring,
  createPostgresEventStore,
  type AppendResult,
  type Checkpoint,
  type NewEvent,
  type SqlExecutor,
} from '@fpa/write-model/event-store';
import type { TestDriver } from '@fpa/write-model/testing';
import type { PolicyStatus } from '@fpa/write-model/validation';
import { catchUpTo, quietLogger } from '../engine/engine.fixtures.ts';
import { createProjectionEngine } from '../engine/index.ts';
import type { Projector } from '../engine/types.ts';
import { DETAIL_FIELDS, memberPii, memberStreams } from './portfolio-stream.fixtures.ts';
import { portfolioProjection } from './portfolio.projection.ts';

/**
 * A database with the real event store and the real engine running the portfolio projector, and
 * helpers that append the write model's events the way its commands do (personal fields marked,
 * so they are sealed with the member's key and can be erased).
 */
export async function openPortfolioBed(
  driver: TestDriver,
  cleanups: (() => Promise<void>)[],
  projectors: readonly Projector[] = [portfolioProjection],
) {
  const db = await driver.create();
  const keyring = await createKeyring(db.sql, randomBytes(32));
  const store = await createPostgresEventStore(db.sql, { keyring, pollIntervalMs: 50 });
  cleanups.push(async () => {
    await store.close();
    await db.dispose();
  });
  const logger = quietLogger();
  const engine = createProjectionEngine({ sql: db.sql, store, projectors, logger });
  cleanups.push(() => engine.stop());
  let head: Checkpoint | null = null;

  const append: Append = async (companyId, streams, actorUserId = null) => {
    const result = await store.append(
      streams.map((s) => ({ ...s, expectedVersion: 'any' as const })),
      { companyId, actorUserId },
    );
    if (!head || compareCheckpoints(result.checkpoint, head) > 0) head = result.checkpoint;
    return result;
  };

  /** Runs the projector up to the last append; a failed projector or a logged error fails the test. */
  async function project(): Promise<void> {
    if (!head) return;
    const result = await catchUpTo(engine, head);
    if (result.failed.length > 0) throw new Error(`projection failed: ${JSON.stringify(result.failed)}`);
    // Also an applyBatch that failed where apply did not (the engine carries on event by event and logs it).
    if (logger.errors.length > 0) throw new Error(`projection logged errors: ${JSON.stringify(logger.errors)}`);
  }

  /** Moves appended events to another recorded time (events of "last month" for growth). */
  async function recordAt(result: AppendResult, iso: string): Promise<void> {
    await db.sql.query('update es_events set recorded_at = $3 where global_position between $1 and $2', [
      result.firstPosition,
      result.lastPosition,
      iso,
    ]);
  }

  const newTenant = (companyId: string = randomUUID()) => tenant(append, companyId);
  return { sql: db.sql, store, keyring, engine, append, project, recordAt, tenant: newTenant };
}

export type PortfolioBed = Awaited<ReturnType<typeof openPortfolioBed>>;
export type Tenant = ReturnType<typeof tenant>;

/** Appends and moves the head that project() catches up to (an append made past it could be left out on a busy server). */
type Append = (
  companyId: string,
  streams: { streamId: string; events: NewEvent[] }[],
  actorUserId?: string | null,
) => Promise<AppendResult>;

export type PolicyTypeFixture = {
  id: string;
  name: string;
  monthlyPremium: string;
  coverageAmount: string;
  waitingPeriod: number;
};

export type MemberInput = {
  firstName: string;
  lastName: string;
  saId?: string;
  passportNumber?: string;
  email?: string;
  phone?: string;
  dateOfBirth?: string;
  /** Registers a family member of this main member. */
  mainMemberId?: string;
  relationship?: 'spouse' | 'child' | 'parent' | 'sibling' | 'other';
  otherRelationship?: string;
  /** Issues a policy on this type with the registration (main members). */
  policyType?: PolicyTypeFixture;
  /** Appends PolicyIssued before MemberRegistered (the projector must not depend on the order). */
  policyFirst?: boolean;
};

export type MemberFixture = { memberId: string; policyId: string | null; policyNumber: string | null; appended: AppendResult };

function tenant(append: Append, companyId: string) {
  let policies = 0;
  return {
    companyId,

    async policyType(terms: Partial<Omit<PolicyTypeFixture, 'id'>> = {}): Promise<PolicyTypeFixture> {
      const defaults = { name: 'Gold Cover', monthlyPremium: '299', coverageAmount: '50000', waitingPeriod: 6 };
      const type = { id: randomUUID(), ...defaults, ...terms };
      await append(companyId, [
        {
          streamId: `policy-type-${type.id}`,
          events: [
            {
              type: 'PolicyTypeCreated',
              data: {
                policyTypeId: type.id,
                companyId,
                name: type.name,
                description: `${type.name} plan`,
                coverageAmount: type.coverageAmount,
                monthlyPremium: type.monthlyPremium,
                waitingPeriod: type.waitingPeriod,
                isActive: true,
              },
            },
          ],
        },
      ]);
      return type;
    },

    async renamePolicyType(type: PolicyTypeFixture, name: string): Promise<void> {
      await append(companyId, [
        {
          streamId: `policy-type-${type.id}`,
          events: [
            {
              type: 'PolicyTypeUpdated',
              data: {
                policyTypeId: type.id,
                companyId,
                name,
                description: null,
                coverageAmount: type.coverageAmount,
                monthlyPremium: type.monthlyPremium,
                waitingPeriod: type.waitingPeriod,
                isActive: false,
              },
            },
          ],
        },
      ]);
    },

    async member(input: MemberInput): Promise<MemberFixture> {
      const policyNumber = input.policyType ? `POL-${String(++policies).padStart(6, '0')}` : null;
      const { memberId, policyId, registered, issued } = memberStreams(companyId, input, policyNumber);
      const streams = issued ? (input.policyFirst ? [issued, registered] : [registered, issued]) : [registered];
      return { memberId, policyId, policyNumber, appended: await append(companyId, streams) };
    },

    async updateMember(memberId: string, details: { firstName: string; lastName: string; phone: string }): Promise<void> {
      const data = {
        memberId,
        companyId,
        ...details,
        email: null,
        address: '7 Protea Road',
        city: 'Durban',
        province: 'KZN',
        postalCode: '4001',
        dateOfBirth: '1980-01-01',
      };
      await append(companyId, [
        { streamId: `member-${memberId}`, events: [{ type: 'MemberUpdated', data, pii: memberPii(memberId, DETAIL_FIELDS) }] },
      ]);
    },

    async deleteMember(memberId: string): Promise<void> {
      const deleted = { type: 'MemberDeleted', data: { memberId, companyId } };
      await append(companyId, [{ streamId: `member-${memberId}`, events: [deleted] }]);
    },

    async changeStatus(policyId: string, from: PolicyStatus, to: PolicyStatus): Promise<void> {
      await append(companyId, [
        {
          streamId: `policy-${policyId}`,
          events: [{ type: 'PolicyStatusChanged', data: { policyId, companyId, from, to, note: null } }],
        },
      ]);
    },

    /** The calendar's lapse for non-payment (issue #20), as the daily run appends it. */
    async lapse(policyId: string, lapsedOn = '2025-02-16'): Promise<AppendResult> {
      return append(companyId, [{ streamId: `policy-${policyId}`, events: [policyLapsed(policyId, companyId, lapsedOn)] }]);
    },

    /** The calendar's reinstatement when the arrears are paid (rule 2A.9). */
    async reinstate(policyId: string, lapsedOn = '2025-02-16', reinstatedOn = '2025-03-02'): Promise<AppendResult> {
      return append(companyId, [
        { streamId: `policy-${policyId}`, events: [policyReinstated(policyId, companyId, lapsedOn, reinstatedOn)] },
      ]);
    },
  };
}

/** Every row of the portfolio tables (through the public views, or in one schema), for comparing two builds. */
export async function portfolioRows(sql: SqlExecutor, schema = 'public'): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const [table, order] of [
    ['policy_types', 'id'],
    ['members', 'id'],
    ['policies', 'id'],
    ['portfolio_stats', 'company_id'],
    ['portfolio_member_months', 'company_id, month'],
  ] as const) {
    dump[table] = await sql.query(`select * from "${schema}".${table} order by ${order}`);
  }
  return dump;
}

/** A PolicyLapsed as the calendar writes it: the January premium unpaid after 15 days' grace. */
export function policyLapsed(policyId: string, companyId: string, lapsedOn = '2025-02-16'): NewEvent {
  return {
    type: 'PolicyLapsed',
    data: {
      policyId,
      companyId,
      lapsedOn,
      reason: 'non_payment',
      period: '2025-01',
      graceEndedOn: '2025-02-15',
      graceDays: 15,
      missed: 1,
      arrears: '120.00',
    },
  };
}

/** A PolicyReinstated as the calendar writes it: the arrears paid within the window. */
export function policyReinstated(policyId: string, companyId: string, lapsedOn = '2025-02-16', reinstatedOn = '2025-03-02'): NewEvent {
  return { type: 'PolicyReinstated', data: { policyId, companyId, reinstatedOn, lapsedOn, reason: 'arrears_paid', note: null } };
}

import { randomUUID } from 'node:crypto';
import type { AppendResult, Checkpoint, NewEvent } from '@fpa/write-model/event-store';
import { seededRandom } from '@fpa/write-model/testing';
import { POLICY_STATUSES } from '@fpa/write-model/validation';
import {
  policyLapsed,
  policyReinstated,
  type MemberInput,
  type PolicyTypeFixture,
  type PortfolioBed,
  type Tenant,
} from './portfolio.fixtures.ts';

export const DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode', 'dateOfBirth'];
export const memberPii = (memberId: string, fields: string[]) => [{ subjectId: `member:${memberId}`, fields }];

/** A registration's stream, and its policy's when it has a policy type, as the write model appends them. */
export function memberStreams(companyId: string, input: MemberInput, policyNumber: string | null) {
  const memberId = randomUUID();
  const isMain = !input.mainMemberId;
  const policyId = input.policyType ? randomUUID() : null;
  const registered: NewEvent = {
    type: 'MemberRegistered',
    data: {
      memberId,
      companyId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      phone: input.phone ?? (isMain ? '0821234567' : null),
      address: isMain ? '12 Jacaranda Street' : null,
      city: isMain ? 'Polokwane' : null,
      province: isMain ? 'LP' : null,
      postalCode: isMain ? '0699' : null,
      dateOfBirth: input.dateOfBirth ?? null,
      isMainMember: isMain,
      mainMemberId: input.mainMemberId ?? null,
      relationship: input.relationship ?? (isMain ? null : 'spouse'),
      otherRelationship: input.otherRelationship ?? null,
      identifierType: input.passportNumber && !input.saId ? 'passport' : 'saId',
      saId: input.saId ?? null,
      passportNumber: input.passportNumber ?? null,
      nationality: input.passportNumber && !input.saId ? 'ZW' : 'ZA',
      policyId,
      source: 'manual',
      // Issue #22: a family life with cover proven elsewhere (sealed; reads as none once erased).
      ...(isMain ? {} : { priorCover: { months: 6, endedOn: '2025-01-31' } }),
    },
    pii: memberPii(memberId, [...DETAIL_FIELDS, 'saId', 'passportNumber', 'otherRelationship', ...(isMain ? [] : ['priorCover'])]),
  };
  const registeredStream = { streamId: `member-${memberId}`, events: [registered] };
  if (!input.policyType || !policyId || !policyNumber) return { memberId, policyId, registered: registeredStream, issued: null };
  const issued: NewEvent = {
    type: 'PolicyIssued',
    data: {
      policyId,
      companyId,
      policyNumber,
      memberId,
      policyTypeId: input.policyType.id,
      coverageAmount: input.policyType.coverageAmount,
      monthlyPremium: input.policyType.monthlyPremium,
      waitingPeriod: input.policyType.waitingPeriod,
      startDate: '2025-03-01',
      agentId: null,
    },
  };
  return { memberId, policyId, registered: registeredStream, issued: { streamId: `policy-${policyId}`, events: [issued] } };
}

/**
 * A random portfolio history for comparing applyBatch with apply: several companies, CSV-like
 * chunks (every registration first, then every policy), single registrations with the policy before
 * or after the member, family members, second policies, bursts of status changes repeating policies,
 * updates, deletions, renamed types, events naming another company, re-appended (duplicate) events,
 * rows recorded at one instant across month ends, and erased people.
 */

export { seededRandom };

type Company = { tenant: Tenant; types: PolicyTypeFixture[]; mains: string[]; members: string[]; policies: string[] };

/** Instants some appends are moved to: one import at one time, on both sides of a SAST month end. */
const INSTANTS = ['2025-01-15T10:00:00.000Z', '2025-02-28T21:59:59.999Z', '2025-02-28T22:00:00.000Z', '2025-03-05T08:00:00.000Z'];

export async function appendRandomPortfolio(bed: PortfolioBed, seed: number, rounds = 40): Promise<Checkpoint> {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T | undefined => (items.length ? items[int(0, items.length - 1)] : undefined);
  let last: AppendResult | null = null;
  const appended = async (result: AppendResult) => {
    if (random() < 0.3) await bed.recordAt(result, pick(INSTANTS)!);
    last = result;
  };
  const companies: Company[] = [];
  for (let i = 0; i < 3; i++) {
    const tenant = bed.tenant();
    const types = [
      await tenant.policyType({ monthlyPremium: '150.50' }),
      await tenant.policyType({ name: 'Silver', monthlyPremium: '99.99' }),
    ];
    companies.push({ tenant, types, mains: [], members: [], policies: [] });
  }
  const sent: { companyId: string; streams: { streamId: string; events: NewEvent[] }[] }[] = [];
  let numbers = 0;

  /** A row of a chunk or a single registration: main with or without policy, or family of a known main. */
  const input = (c: Company, mainsInChunk: string[]): MemberInput => {
    const n = int(1, 9999);
    const identity = random() < 0.2 ? { passportNumber: `PA${n}` } : { saId: `8001015${String(n).padStart(6, '0')}` };
    const main = pick([...c.mains, ...mainsInChunk]);
    if (main && random() < 0.25) {
      const relationship = pick(['spouse', 'child', 'other'] as const)!;
      const otherRelationship = relationship === 'other' ? 'cousin' : undefined;
      return { firstName: `Kin${n}`, lastName: 'Family', mainMemberId: main, relationship, otherRelationship };
    }
    const email = random() < 0.5 ? `p${n}@example.co.za` : undefined;
    const policyType = random() < 0.8 ? pick(c.types) : undefined;
    return { firstName: `Name${n}`, lastName: `Surname${n % 7}`, email, ...identity, policyType };
  };
  const remember = (c: Company, memberId: string, isMain: boolean, policyId: string | null) => {
    c.members.push(memberId);
    if (isMain) c.mains.push(memberId);
    if (policyId) c.policies.push(policyId);
  };
  const send = async (c: Company, streams: { streamId: string; events: NewEvent[] }[]) => {
    sent.push({ companyId: c.tenant.companyId, streams });
    await appended(await bed.append(c.tenant.companyId, streams));
  };

  /** A CSV chunk: every registration first, then every policy, in one append (as the import does). */
  const importChunk = async (c: Company, rows: number) => {
    const registered = [];
    const issued = [];
    const mainsInChunk: string[] = [];
    for (let row = 0; row < rows; row++) {
      const rowInput = input(c, mainsInChunk);
      const made = memberStreams(c.tenant.companyId, rowInput, rowInput.policyType ? `IMP-${++numbers}` : null);
      registered.push(made.registered);
      if (made.issued) issued.push(made.issued);
      if (!rowInput.mainMemberId) mainsInChunk.push(made.memberId);
      remember(c, made.memberId, !rowInput.mainMemberId, made.policyId);
    }
    await send(c, [...registered, ...issued]);
  };

  for (let round = 0; round < rounds; round++) {
    const c = pick(companies)!;
    const other = pick(companies.filter((x) => x !== c))!;
    const roll = random();
    if (roll < 0.3) {
      await importChunk(c, int(2, 40));
    } else if (roll < 0.45) {
      const rowInput = input(c, []);
      const made = await c.tenant.member({ ...rowInput, policyFirst: random() < 0.3 });
      await appended(made.appended);
      remember(c, made.memberId, !rowInput.mainMemberId, made.policyId);
    } else if (roll < 0.6) {
      // A burst of status changes; policies repeat, and some events name another company.
      for (let k = int(2, 15); k > 0; k--) {
        const policyId = pick(c.policies);
        if (!policyId) break;
        const by = (random() < 0.1 ? other : c).tenant;
        // Staff's switch, or the calendar's lapse or reinstatement (issue #20).
        const kind = random();
        if (kind < 0.2) await appended(await by.lapse(policyId));
        else if (kind < 0.3) await appended(await by.reinstate(policyId));
        else await by.changeStatus(policyId, 'active', pick(POLICY_STATUSES)!);
      }
    } else if (roll < 0.68) {
      // A second policy for a main member: it becomes the member's policy (unless the member is
      // another company's, which the projector must not touch).
      const memberId = pick(random() < 0.15 ? other.mains : c.mains);
      const type = pick(c.types)!;
      if (memberId) {
        const made = memberStreams(c.tenant.companyId, { firstName: 'x', lastName: 'x', policyType: type }, `S-${++numbers}`);
        const issued = made.issued!.events[0]!;
        const policyId = String(issued.data.policyId);
        await send(c, [{ streamId: `policy-${policyId}`, events: [{ ...issued, data: { ...issued.data, memberId } }] }]);
        c.policies.push(policyId);
      }
    } else if (roll < 0.78) {
      const memberId = pick(c.members);
      const details = { firstName: `New${round}`, lastName: 'Name', phone: '0830000000' };
      if (memberId) await (random() < 0.15 ? other : c).tenant.updateMember(memberId, details);
    } else if (roll < 0.86) {
      const memberId = pick(c.members);
      if (memberId) await (random() < 0.15 ? other : c).tenant.deleteMember(memberId);
    } else if (roll < 0.9) {
      await c.tenant.renamePolicyType(pick(c.types)!, `Renamed ${round}`);
    } else {
      // Events appended again (a replayed log), twice in a row, between new ones.
      const earlier = pick(sent.filter((s) => s.companyId === c.tenant.companyId));
      if (!earlier) continue;
      const again = earlier.streams.slice(0, 3).map((s) => ({ streamId: s.streamId, events: [...s.events, ...s.events] }));
      const rowInput = input(c, []);
      const fresh = memberStreams(c.tenant.companyId, rowInput, `DUP-${++numbers}`);
      remember(c, fresh.memberId, !rowInput.mainMemberId, fresh.policyId);
      await send(c, [fresh.registered, ...again, ...(fresh.issued ? [fresh.issued] : [])]);
    }
  }
  // Every company has members and policies, every status occurs, and the last append (its
  // checkpoint is the head of everything appended) is a run of status changes.
  for (const c of companies) await importChunk(c, 15);
  const first = companies[0]!;
  const companyId = first.tenant.companyId;
  const insured = POLICY_STATUSES.map(() =>
    memberStreams(companyId, { firstName: 'Last', lastName: 'Three', policyType: first.types[0] }, `END-${++numbers}`),
  );
  await send(first, [...insured.map((m) => m.registered), ...insured.map((m) => m.issued!)]);
  // A daily run's lapses, then a later one's reinstatements: runs of the calendar's events (issue #20).
  const lapsing = [0, 1, 2, 3].map(() =>
    memberStreams(companyId, { firstName: 'Unpaid', lastName: 'Premium', policyType: first.types[0] }, `CAL-${++numbers}`),
  );
  await send(first, [...lapsing.map((m) => m.registered), ...lapsing.map((m) => m.issued!)]);
  await send(
    first,
    lapsing.map(({ policyId }) => ({ streamId: `policy-${policyId}`, events: [policyLapsed(policyId!, companyId)] })),
  );
  await send(
    first,
    lapsing.slice(0, 2).map(({ policyId }) => ({ streamId: `policy-${policyId}`, events: [policyReinstated(policyId!, companyId)] })),
  );
  const changes = insured.map(({ policyId }, i) => ({
    streamId: `policy-${policyId}`,
    events: [{ type: 'PolicyStatusChanged', data: { policyId, companyId, from: 'active', to: POLICY_STATUSES[i], note: null } }],
  }));
  await send(first, changes);
  // Erasure: their personal fields read as '[erased]' from now on, in every event.
  for (const c of companies) {
    for (const memberId of c.members) if (random() < 0.15) await bed.keyring.destroy(`member:${memberId}`);
  }
  return (last as AppendResult | null)!.checkpoint;
}

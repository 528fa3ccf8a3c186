import {
  claimPii,
  claimStreamId,
  commandContext,
  createPolicyType,
  decideSubmitClaim,
  formatClaimNumber,
  decideRecordPayment,
  decideRegisterMember,
  evolvePolicy,
  evolvePolicyType,
  formatPolicyNumber,
  initialPolicyState,
  initialPolicyTypeState,
  loadState,
  memberPii,
  memberStreamId,
  parseInput,
  paymentPii,
  paymentStreamId,
  policyStreamId,
  policyTypeStreamId,
  registerCompany,
  toNewEvent,
  VISITOR,
} from '@fpa/write-model';
import type { EventStore, SqlClient, StreamAppend } from '@fpa/write-model/event-store';
import {
  claimSchemaOn,
  luhnCheckDigit,
  memberSchemaOn,
  paymentSchemaOn,
  PAYMENT_METHODS,
  southAfricanDate,
} from '@fpa/write-model/validation';

/**
 * A data generator for the scale simulation (scripts/sim/simulate.ts takes any module with this
 * `generate` export, e.g. the benchmark's). Companies and their policy types go through the real
 * commands; members, policies and payments are decided by the real deciders and appended through the
 * event-store port in multi-stream batches, so the events are exactly what the commands record. What
 * it skips is the per-member reservation rows (ID numbers, member limit, policy numbers): plain
 * tables that no read model or event-table figure depends on.
 */
export type GenerateOptions = {
  store: EventStore;
  sql: SqlClient;
  companies: number;
  /** Numbers the companies from here (CIPC numbers and usernames must differ between parallel generators). */
  firstCompany?: number;
  /** Members per multi-stream append (default 50). */
  batch?: number;
  membersPerCompany: number;
  paymentsPerPolicy: number;
  /** One member in this many has a claim on their policy (0: none). */
  claimEvery?: number;
  /** The clock the commands read (default the wall clock); the claims' and payments' "today" is its South African date. */
  now?: () => Date;
  log(message: string): void;
};

const FIRST = ['Thandi', 'Sipho', 'Lerato', 'Johan', 'Ayesha', 'Pieter', 'Nomvula', 'Kagiso', 'Zanele', 'Themba', 'Anele', 'Mpho'];
const LAST = ['Nkosi', 'Dlamini', 'van der Merwe', 'Naidoo', 'Botha', 'Mokoena', 'Khumalo', 'Pillay', 'Mahlangu', 'Smith'];
const CITIES: [string, string, string][] = [
  ['Durban', 'KZN', '4001'],
  ['Polokwane', 'LP', '0700'],
  ['Cape Town', 'WC', '8001'],
  ['Soweto', 'GP', '1804'],
];
const BATCH = 50;

export function saId(n: number): string {
  const year = String(50 + (n % 50)).padStart(2, '0');
  const month = String(1 + (n % 12)).padStart(2, '0');
  const day = String(1 + (n % 28)).padStart(2, '0');
  const first12 = `${year}${month}${day}${String(n % 10_000).padStart(4, '0')}08`;
  return `${first12}${luhnCheckDigit(first12)}`;
}

export type GeneratedCompany = {
  companyId: string;
  userId: string;
  username: string;
  password: string;
  policyTypeIds: string[];
  members: number;
  claims: number;
};

export async function generate(options: GenerateOptions): Promise<GeneratedCompany[]> {
  const generated: GeneratedCompany[] = [];
  const { store, companies, membersPerCompany, paymentsPerPolicy } = options;
  const months = Array.from({ length: paymentsPerPolicy }, (_, i) =>
    new Date(Date.UTC(2025, i % 12, 1 + (i % 27))).toISOString().slice(0, 10),
  );
  const first = options.firstCompany ?? 0;
  const batch = options.batch ?? BATCH;
  const now = options.now ?? (() => new Date());
  let serial = 0;
  for (let c = first; c < first + companies; c++) {
    const tag = `${Date.now().toString(36)}${c}`;
    const company = await registerCompany(
      store,
      {
        username: `sim${tag}`,
        password: 'simulation1',
        email: `admin${tag}@sim.example.co.za`,
        firstName: 'Sim',
        lastName: 'Admin',
        companyName: `Simulated Funeral Cover ${c}`,
        cipNumber: `2020/${String(100000 + c).padStart(6, '0')}/07`,
        adminSaId: saId(c),
        companyEmail: `info${tag}@sim.example.co.za`,
        companyPhone: '0821234567',
      },
      commandContext(VISITOR, undefined, now()),
    );
    const entry: GeneratedCompany = {
      companyId: company.companyId,
      userId: company.userId,
      username: `sim${tag}`,
      password: 'simulation1',
      policyTypeIds: [],
      members: membersPerCompany,
      claims: 0,
    };
    generated.push(entry);
    const ctx = () => commandContext({ userId: company.userId, role: 'administrator', companyId: company.companyId }, undefined, now());
    const types = [];
    for (const [name, cover, premium] of [
      ['Basic Cover', '10000', '120'],
      ['Family Cover', '30000', '250.50'],
    ] as const) {
      const created = await createPolicyType(store, { name, coverageAmount: cover, monthlyPremium: premium, waitingPeriod: 6 }, ctx());
      const id = created.events[0]!.data.policyTypeId;
      entry.policyTypeIds.push(id);
      types.push({
        id,
        state: (await loadState(store, policyTypeStreamId(id), { initialState: initialPolicyTypeState, evolve: evolvePolicyType })).state,
      });
    }
    for (let start = 0; start < membersPerCompany; start += batch) {
      const streams: StreamAppend[] = [];
      const batchCtx = ctx();
      // The product's today (South African): a UTC date would date a death before the policy it claims on between 00:00 and 02:00.
      const today = southAfricanDate(batchCtx.now);
      for (let m = start; m < Math.min(start + batch, membersPerCompany); m++) {
        serial += 1;
        const type = types[m % 3 === 0 ? 1 : 0]!;
        const [city, province, postalCode] = CITIES[m % CITIES.length]!;
        const input = parseInput(memberSchemaOn(today), {
          firstName: FIRST[serial % FIRST.length],
          lastName: LAST[(serial >> 3) % LAST.length],
          saId: saId(serial),
          phone: '0821234567',
          address: `${1 + (m % 200)} Church Street`,
          city,
          province,
          postalCode,
          isMainMember: true,
          policyTypeId: type.id,
        });
        const memberId = batchCtx.newId();
        const policy = {
          policyId: batchCtx.newId(),
          policyNumber: formatPolicyNumber(m + 1, batchCtx.now),
          policyType: type.state,
          agentId: null,
        };
        const decided = decideRegisterMember(
          { memberId, companyId: company.companyId, input, source: 'manual', mainMember: null, policy },
          batchCtx,
        );
        streams.push({
          streamId: memberStreamId(memberId),
          expectedVersion: 'no_stream',
          events: decided.member.map((e) => toNewEvent(e, memberPii)),
        });
        streams.push({
          streamId: policyStreamId(policy.policyId),
          expectedVersion: 'no_stream',
          events: decided.policy.map((e) => toNewEvent(e)),
        });
        const policyState = decided.policy.reduce(evolvePolicy, initialPolicyState);
        for (const [i, paymentDate] of months.entries()) {
          const paymentId = batchCtx.newId();
          const payment = parseInput(paymentSchemaOn(today), {
            policyId: policy.policyId,
            amount: type.state.status === 'none' ? '100' : '120.00',
            paymentDate,
            paymentMethod: PAYMENT_METHODS[i % PAYMENT_METHODS.length],
          });
          const events = decideRecordPayment({
            paymentId,
            companyId: company.companyId,
            input: payment,
            policy: policyState,
            memberName: `${input.firstName} ${input.lastName}`,
          });
          streams.push({
            streamId: paymentStreamId(paymentId),
            expectedVersion: 'no_stream',
            events: events.map((e) => toNewEvent(e, paymentPii)),
          });
        }
        if (options.claimEvery && m % options.claimEvery === options.claimEvery - 1) {
          entry.claims += 1;
          const claimId = batchCtx.newId();
          const claim = decideSubmitClaim({
            claimId,
            companyId: company.companyId,
            claimNumber: formatClaimNumber(entry.claims, batchCtx.now),
            input: claimInput(policy.policyId, input, serial, today),
            policy: policyState,
            memberName: `${input.firstName} ${input.lastName}`,
            deceasedOnPolicy: true,
            life: { addedOn: null, priorCover: null },
            suicideWaitingMonths: 12,
            documents: [],
            today,
          });
          streams.push({
            streamId: claimStreamId(claimId),
            expectedVersion: 'no_stream',
            events: claim.map((e) => toNewEvent(e, claimPii)),
          });
        }
      }
      await store.append(streams, { commandId: batchCtx.commandId, companyId: company.companyId, actorUserId: company.userId });
    }
    if ((c + 1 - first) % 10 === 0 || c + 1 === first + companies)
      options.log(`generated ${c + 1 - first}/${companies} companies from ${first} (${serial} members)`);
  }
  return generated;
}

/** A claim on the member's own death, through the real claim schema (document references are not uploaded objects). */
function claimInput(policyId: string, member: { firstName: string; lastName: string; saId?: string | null }, n: number, today: string) {
  return parseInput(claimSchemaOn(today), {
    policyId,
    deceasedFirstName: member.firstName,
    deceasedLastName: member.lastName,
    deceasedSaId: member.saId,
    deceasedDateOfBirth: '1960-01-01',
    deceasedDateOfDeath: today,
    causeOfDeath: 'Natural causes',
    deathCertificateNumber: `DC${n}`,
    claimantFirstName: 'Lindiwe',
    claimantLastName: member.lastName,
    claimantSaId: saId(n + 7),
    claimantPhone: '0821234567',
    claimantEmail: `claimant${n}@example.co.za`,
    claimantAddress: '12 Church Street',
    relationshipToDeceased: 'Child',
    claimAmount: '10000',
    bankAccountNumber: '1234567890',
    bankName: 'Capitec',
    bankBranchCode: '470010',
    accountHolderName: 'L Claimant',
    deceasedIdDocument: 'generated',
    claimantIdDocument: 'generated',
    deathCertificateDocument: 'generated',
    bankLetterDocument: 'generated',
  });
}

import { randomUUID } from 'node:crypto';
import { compareCheckpoints, type AppendResult, type Checkpoint, type NewEvent, type SqlExecutor } from '@fpa/write-model/event-store';
import type { ClaimStatusChanged } from '@fpa/write-model';
import type { TestDriver } from '@fpa/write-model/testing';
import type { ClaimStatus, Role } from '@fpa/write-model/validation';
import { companiesProjection } from '../companies/companies.projection.ts';
import { catchUpTo } from '../engine/engine.fixtures.ts';
import type { Projector } from '../engine/types.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';
import { claimsProjection } from './claims.projection.ts';

/**
 * The real store and engine running the claims projector beside users_list and companies (whose
 * views the queries join), and helpers appending the write model's claim events the way its
 * commands do: the actor in the metadata, personal fields marked so they can be erased.
 */
export async function openClaimsBed(driver: TestDriver, cleanups: (() => Promise<void>)[], also: readonly Projector[] = []) {
  const bed = await openPortfolioBed(driver, cleanups, [usersListProjection, companiesProjection, claimsProjection, ...also]);
  let head: Checkpoint | null = null;

  const append: Append = async (companyId, actorUserId, streamId, events) => {
    const result = await bed.store.append([{ streamId, expectedVersion: 'any', events }], { companyId, actorUserId });
    if (!head || compareCheckpoints(result.checkpoint, head) > 0) head = result.checkpoint;
    return result;
  };

  async function project(): Promise<void> {
    if (!head) return;
    const result = await catchUpTo(bed.engine, head);
    if (result.failed.length > 0) throw new Error(`projection failed: ${JSON.stringify(result.failed)}`);
  }

  async function company(name: string) {
    const companyId = randomUUID();
    const data = { companyId, name, email: 'info@example.co.za', cipNumber: '2020/123456/07', phone: '0123456789' };
    await append(companyId, null, `company-${companyId}`, [
      { type: 'CompanyRegistered', data: { ...data, fspNumber: null, tier: 'free', memberLimit: 300 } },
    ]);
    return insurer(append, companyId, name);
  }

  return { sql: bed.sql, keyring: bed.keyring, engine: bed.engine, append, project, recordAt: bed.recordAt, company };
}

export type ClaimsBed = Awaited<ReturnType<typeof openClaimsBed>>;
export type Insurer = ReturnType<typeof insurer>;

type Actor = string | null;
type Append = (companyId: string, actor: Actor, streamId: string, events: NewEvent[]) => Promise<AppendResult>;

export type ClaimInput = {
  memberName?: string;
  deceased?: [string, string];
  claimant?: [string, string];
  policyNumber?: string;
  claimAmount?: string;
  dateOfDeath?: string;
  /** YYYY-MM-DD; 2025-05-10 by default. */
  submittedDate?: string;
  withinWaitingPeriod?: boolean;
  exceedsCover?: boolean;
  /** File names; four by default, one per field of the claim form (more cycle through the fields). */
  documentNames?: string[];
};

export type ClaimFixture = {
  claimId: string;
  claimNumber: string;
  memberId: string;
  documentIds: string[];
  appended: AppendResult;
};

function insurer(append: Append, companyId: string, name: string) {
  let claims = 0;
  /** `decided`: what the move records (issue #23) — decision, rejection or payout, the payout's account sealed as the claimant's. */
  const changeStatus = (
    actor: Actor,
    claimId: string,
    from: ClaimStatus,
    to: ClaimStatus,
    note: string | null = null,
    decided: Pick<ClaimStatusChanged['data'], 'decision' | 'rejection' | 'payout'> = {},
  ) =>
    append(companyId, actor, `claim-${claimId}`, [
      {
        type: 'ClaimStatusChanged',
        data: { claimId, companyId, from, to, note, ...decided },
        ...(decided.payout
          ? { pii: [{ subjectId: `claim-claimant:${claimId}`, fields: ['payout.accountHolder', 'payout.accountLast4'] }] }
          : {}),
      },
    ]);
  return {
    companyId,
    name,

    /** A staff user (UserRegistered, names sealed with the user's key); answers the user id. */
    async user(firstName: string, lastName: string, role: Role = 'claim_admin'): Promise<string> {
      const userId = randomUUID();
      const username = `${firstName}.${lastName}`.toLowerCase();
      const email = `${username}@example.co.za`;
      const data = { userId, companyId, username, role, email, firstName, lastName, saId: null, phone: null };
      const pii = [{ subjectId: `user:${userId}`, fields: ['email', 'firstName', 'lastName', 'saId', 'phone'] }];
      await append(companyId, userId, `user-${userId}`, [{ type: 'UserRegistered', data, pii }]);
      return userId;
    },

    async submitClaim(actor: Actor, input: ClaimInput = {}): Promise<ClaimFixture> {
      const claimId = randomUUID();
      const memberId = randomUUID();
      const claimNumber = `CLM-${String(++claims).padStart(6, '0')}`;
      const event = claimSubmitted({ claimId, companyId, claimNumber, memberId }, input);
      const appended = await append(companyId, actor, `claim-${claimId}`, [event]);
      return { claimId, claimNumber, memberId, documentIds: event.data.documents.map((d) => d.documentId), appended };
    },

    changeStatus,

    /** Walks a claim along the lifecycle from 'submitted': moveTo(actor, id, 'under_review', 'approved', 'paid'). */
    async moveTo(actor: Actor, claimId: string, ...path: ClaimStatus[]): Promise<void> {
      let from: ClaimStatus = 'submitted';
      for (const to of path) {
        await changeStatus(actor, claimId, from, to);
        from = to;
      }
    },

    async reviewDocument(actor: Actor, claimId: string, documentId: string, to: 'verified' | 'rejected', note?: string) {
      return append(companyId, actor, `claim-${claimId}`, [
        { type: 'ClaimDocumentReviewed', data: { claimId, companyId, documentId, from: 'pending', to, note: note ?? null } },
      ]);
    },
  };
}

const FIELDS = [
  ['deceasedIdDocument', 'identity_document'],
  ['claimantIdDocument', 'identity_document'],
  ['deathCertificateDocument', 'death_certificate'],
  ['bankLetterDocument', 'bank_statement'],
] as const;
const DEFAULT_NAMES = ['deceased-id.pdf', 'claimant-id.jpg', 'death-certificate.pdf', 'bank-letter.pdf'];

const DECEASED_FIELDS = [
  'deceasedFirstName',
  'deceasedLastName',
  'deceasedSaId',
  'deceasedDateOfBirth',
  'deceasedDateOfDeath',
  'causeOfDeath',
  'deathCertificateNumber',
];
const CLAIMANT_FIELDS = [
  'claimantFirstName',
  'claimantLastName',
  'claimantSaId',
  'claimantPhone',
  'claimantEmail',
  'claimantAddress',
  'bankAccountNumber',
  'bankName',
  'bankBranchCode',
  'accountHolderName',
  'additionalNotes',
];

/** A ClaimSubmitted as the SubmitClaim command appends it, personal fields marked per person. */
function claimSubmitted(ids: { claimId: string; companyId: string; claimNumber: string; memberId: string }, input: ClaimInput) {
  const documents = (input.documentNames ?? DEFAULT_NAMES).map((originalName, i) => {
    const [field, category] = FIELDS[i % FIELDS.length] ?? FIELDS[0];
    const contentType = originalName.endsWith('.jpg') ? 'image/jpeg' : 'application/pdf';
    const size = 1024 * (i + 1);
    return { documentId: randomUUID(), field, category, originalName, contentType, size, sha256: 'ab'.repeat(32) };
  });
  const [deceasedFirstName, deceasedLastName] = input.deceased ?? ['Sipho', 'Dlamini'];
  const [claimantFirstName, claimantLastName] = input.claimant ?? ['Lerato', 'Dlamini'];
  return {
    type: 'ClaimSubmitted',
    data: {
      ...ids,
      policyId: randomUUID(),
      policyNumber: input.policyNumber ?? 'POL-000001',
      memberName: input.memberName ?? 'Nomvula Dlamini',
      deceasedFirstName,
      deceasedLastName,
      deceasedSaId: '8001015009087',
      deceasedDateOfBirth: '1980-01-01',
      deceasedDateOfDeath: input.dateOfDeath ?? '2025-05-02',
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DC123',
      claimantFirstName,
      claimantLastName,
      claimantSaId: '9202204720082',
      claimantPhone: '0821234567',
      claimantEmail: 'claimant@example.co.za',
      claimantAddress: '12 Jacaranda Street',
      relationshipToDeceased: 'child',
      claimAmount: input.claimAmount ?? '15000',
      bankAccountNumber: '123456789',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: `${claimantFirstName} ${claimantLastName}`,
      additionalNotes: null,
      documents,
      flags: {
        withinWaitingPeriod: input.withinWaitingPeriod ?? false,
        waitingPeriodEndsOn: '2025-09-01',
        deathType: 'natural',
        waitingRule: 'natural',
        lifeJoinedOn: '2025-03-01',
        priorCoverMonths: 0,
        exceedsCover: input.exceedsCover ?? false,
        coverageAmount: '50000',
        deceasedOnPolicy: true,
      },
      submittedDate: input.submittedDate ?? '2025-05-10',
    },
    pii: [
      { subjectId: `member:${ids.memberId}`, fields: ['memberName'] },
      { subjectId: `claim-deceased:${ids.claimId}`, fields: DECEASED_FIELDS },
      { subjectId: `claim-claimant:${ids.claimId}`, fields: CLAIMANT_FIELDS },
    ],
  } satisfies NewEvent;
}

/** Every row of the claims tables (through the public views), for comparing two builds. */
export async function claimsRows(sql: SqlExecutor): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const [table, order] of [
    ['claims', 'id'],
    ['claim_documents', 'id'],
    ['claim_status_history', 'claim_id, position'],
    ['claim_stats', 'company_id'],
  ] as const) {
    dump[table] = await sql.query(`select * from public.${table} order by ${order}`);
  }
  return dump;
}

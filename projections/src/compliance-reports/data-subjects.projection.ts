import type { AgentRegistered, AgentUpdated, ClaimSubmitted, MemberRegistered, SchemeMemberAdded, UserRegistered } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';

const SUBJECT_ROWS = rowSet(`
  subject_id text, company_id uuid, identifier_key text, kind text, record_id uuid, label text, position bigint`);

/** The events that record a data subject with its identifier. */
type SubjectEvent = MemberRegistered | ClaimSubmitted | SchemeMemberAdded | AgentRegistered | AgentUpdated | UserRegistered;

/**
 * Who is who for POPIA requests: every data subject (the key its personal fields are sealed with)
 * by the SA ID or passport number it was recorded with — members and family members, a claim's
 * deceased and claimant, scheme members, agents, users. The identifier is personal data: it is
 * held here in the clear only while the subject's key exists (after erasure and a rebuild it reads
 * '[erased]' and the person can no longer be found by it).
 */
export const dataSubjectsProjection = projectorOf<SubjectEvent>()({
  name: 'data_subjects',
  version: 1,
  handles: ['MemberRegistered', 'ClaimSubmitted', 'SchemeMemberAdded', 'AgentRegistered', 'AgentUpdated', 'UserRegistered'],
  tables: ['data_subjects'],
  async init(tx) {
    await tx.exec(`
      create table if not exists data_subjects (
        subject_id text primary key,
        company_id uuid,
        identifier_key text not null,
        kind text not null,
        record_id uuid not null,
        label text not null,
        position bigint not null
      );
      create index if not exists data_subjects_identifier on data_subjects (company_id, identifier_key);
    `);
  },
  async apply(tx, event) {
    for (const op of subjectOps(event)) {
      if (op.kind === 'delete') await tx.query(`delete from data_subjects where subject_id = $1`, [op.subjectId]);
      else {
        const r = op.row;
        await tx.query(
          `insert into data_subjects (subject_id, company_id, identifier_key, kind, record_id, label, position)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (subject_id) do update set identifier_key = excluded.identifier_key, label = excluded.label`,
          [r.subject_id, r.company_id, r.identifier_key, r.kind, r.record_id, r.label, r.position],
        );
      }
    }
  },
  /**
   * Every event only puts (or drops) its own subjects' rows, so a batch is its puts in order, one
   * statement per stretch without a delete or a repeated subject (ON CONFLICT DO UPDATE may touch a
   * row once per statement); what apply does, put by put.
   */
  async applyBatch(tx, events) {
    let puts: SubjectRow[] = [];
    const seen = new Set<string>();
    const flush = async () => {
      if (puts.length > 0) await putSubjects(tx, puts);
      puts = [];
      seen.clear();
    };
    for (const event of events) {
      for (const op of subjectOps(event)) {
        if (op.kind === 'delete') {
          await flush();
          await tx.query(`delete from data_subjects where subject_id = $1`, [op.subjectId]);
          continue;
        }
        if (seen.has(op.row.subject_id)) await flush();
        seen.add(op.row.subject_id);
        puts.push(op.row);
      }
    }
    await flush();
  },
});

type SubjectRow = {
  subject_id: string;
  company_id: unknown;
  identifier_key: string;
  kind: string;
  record_id: unknown;
  label: string;
  position: number;
};
type SubjectOp = { kind: 'put'; row: SubjectRow } | { kind: 'delete'; subjectId: string };

/** The rows an event puts in place (a new subject, or a new identifier and label for a known one) or drops. */
function subjectOps(event: Recorded<SubjectEvent>): SubjectOp[] {
  const put = (subjectId: string, identifier: unknown, kind: string, recordId: unknown, label: string): SubjectOp => ({
    kind: 'put',
    row: {
      subject_id: subjectId,
      company_id: event.data.companyId ?? null,
      identifier_key: identifierKeyOf(identifier),
      kind,
      record_id: recordId,
      label,
      position: event.globalPosition,
    },
  });
  // Absent names read as empty: the projector has always read events written by hand that lack them.
  const name = (first: string | null | undefined, last: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim();
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return [
        put(
          `member:${d.memberId}`,
          d.saId ?? d.passportNumber,
          d.isMainMember ? 'member' : 'family_member',
          d.memberId,
          name(d.firstName, d.lastName),
        ),
      ];
    }
    case 'ClaimSubmitted': {
      const d = event.data;
      return [
        put(
          `claim-deceased:${d.claimId}`,
          d.deceasedSaId,
          'claim_deceased',
          d.claimId,
          `${d.claimNumber}: ${name(d.deceasedFirstName, d.deceasedLastName)}`,
        ),
        put(
          `claim-claimant:${d.claimId}`,
          d.claimantSaId,
          'claim_claimant',
          d.claimId,
          `${d.claimNumber}: ${name(d.claimantFirstName, d.claimantLastName)}`,
        ),
      ];
    }
    case 'SchemeMemberAdded': {
      const d = event.data;
      return d.saId ? [put(`scheme-member:${d.memberId}`, d.saId, 'scheme_member', d.memberId, name(d.firstName, d.lastName))] : [];
    }
    case 'AgentRegistered':
    case 'AgentUpdated': {
      const d = event.data;
      return d.idNumber
        ? [put(`agent:${d.agentId}`, d.idNumber, 'agent', d.agentId, name(d.firstName, d.lastName))]
        : [{ kind: 'delete', subjectId: `agent:${d.agentId}` }];
    }
    case 'UserRegistered': {
      const d = event.data;
      return d.saId ? [put(`user:${d.userId}`, d.saId, 'user', d.userId, name(d.firstName, d.lastName))] : [];
    }
  }
}

/** Rows with distinct subjects, in one statement (the rows as one parameter, engine/row-set.ts). */
async function putSubjects(tx: SqlExecutor, rows: readonly SubjectRow[]): Promise<void> {
  await tx.query(
    `insert into data_subjects (subject_id, company_id, identifier_key, kind, record_id, label, position)
     select subject_id, company_id, identifier_key, kind, record_id, label, position
       from ${SUBJECT_ROWS.from('$1', 'r')}
     on conflict (subject_id) do update set identifier_key = excluded.identifier_key, label = excluded.label`,
    [SUBJECT_ROWS.json(rows)],
  );
}

/** 'sa:<13 digits>' for an SA ID, 'passport:<UPPER>' otherwise; '[erased]' stays as it is (it matches nobody). */
export function identifierKeyOf(value: unknown): string {
  const text = String(value ?? '').trim();
  if (text === '[erased]') return text;
  const digits = text.replace(/\s+/g, '');
  return /^\d{13}$/.test(digits) ? `sa:${digits}` : `passport:${text.toUpperCase()}`;
}

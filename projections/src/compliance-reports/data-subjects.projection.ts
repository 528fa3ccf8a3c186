import type { RecordedEvent } from '@fpa/write-model/event-store';
import type { Projector } from '../engine/types.ts';

/**
 * Who is who for POPIA requests: every data subject (the key its personal fields are sealed with)
 * by the SA ID or passport number it was recorded with — members and family members, a claim's
 * deceased and claimant, scheme members, agents, users. The identifier is personal data: it is
 * held here in the clear only while the subject's key exists (after erasure and a rebuild it reads
 * '[erased]' and the person can no longer be found by it).
 */
export const dataSubjectsProjection: Projector = {
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
  async apply(tx, event: RecordedEvent) {
    const d = event.data as Record<string, unknown>;
    const put = (subjectId: string, identifier: unknown, kind: string, recordId: unknown, label: string) =>
      tx.query(
        `insert into data_subjects (subject_id, company_id, identifier_key, kind, record_id, label, position)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (subject_id) do update set identifier_key = excluded.identifier_key, label = excluded.label`,
        [subjectId, d.companyId ?? null, identifierKeyOf(identifier), kind, recordId, label, event.globalPosition],
      );
    const name = (first: unknown, last: unknown) => `${String(first ?? '')} ${String(last ?? '')}`.trim();
    switch (event.type) {
      case 'MemberRegistered':
        await put(`member:${String(d.memberId)}`, d.saId ?? d.passportNumber, d.isMainMember ? 'member' : 'family_member', d.memberId, name(d.firstName, d.lastName));
        return;
      case 'ClaimSubmitted':
        await put(`claim-deceased:${String(d.claimId)}`, d.deceasedSaId, 'claim_deceased', d.claimId, `${String(d.claimNumber)}: ${name(d.deceasedFirstName, d.deceasedLastName)}`);
        await put(`claim-claimant:${String(d.claimId)}`, d.claimantSaId, 'claim_claimant', d.claimId, `${String(d.claimNumber)}: ${name(d.claimantFirstName, d.claimantLastName)}`);
        return;
      case 'SchemeMemberAdded':
        if (d.saId) await put(`scheme-member:${String(d.memberId)}`, d.saId, 'scheme_member', d.memberId, name(d.firstName, d.lastName));
        return;
      case 'AgentRegistered':
      case 'AgentUpdated':
        if (d.idNumber) await put(`agent:${String(d.agentId)}`, d.idNumber, 'agent', d.agentId, name(d.firstName, d.lastName));
        else await tx.query(`delete from data_subjects where subject_id = $1`, [`agent:${String(d.agentId)}`]);
        return;
      case 'UserRegistered':
        if (d.saId) await put(`user:${String(d.userId)}`, d.saId, 'user', d.userId, name(d.firstName, d.lastName));
        return;
    }
  },
};

/** 'sa:<13 digits>' for an SA ID, 'passport:<UPPER>' otherwise; '[erased]' stays as it is (it matches nobody). */
export function identifierKeyOf(value: unknown): string {
  const text = String(value ?? '').trim();
  if (text === '[erased]') return text;
  const digits = text.replace(/\s+/g, '');
  return /^\d{13}$/.test(digits) ? `sa:${digits}` : `passport:${text.toUpperCase()}`;
}

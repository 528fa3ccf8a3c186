import type { GroupSchemeCreated, GroupSchemeEvent, GroupSchemeUpdated, SchemeMemberAdded, SchemeMemberRemoved } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { companyOf } from '../portfolio/event-data.ts';

export const GROUP_SCHEMES_TABLES = ['group_schemes', 'scheme_members'] as const;

/**
 * The scheme cards and detail, and the people on each scheme. The cards' member counts are counters
 * moved by the same statement that adds or removes a person, never a count over scheme_members.
 */
export const groupSchemesProjection = projectorOf<GroupSchemeEvent>()({
  name: 'group_schemes',
  version: 1,
  handles: ['GroupSchemeCreated', 'GroupSchemeUpdated', 'SchemeMemberAdded', 'SchemeMemberRemoved'],
  tables: GROUP_SCHEMES_TABLES,
  init: createGroupSchemesTables,
  async apply(tx, event) {
    switch (event.type) {
      case 'GroupSchemeCreated':
        return schemeCreated(tx, event);
      case 'GroupSchemeUpdated':
        return schemeUpdated(tx, event);
      case 'SchemeMemberAdded':
        return memberAdded(tx, event);
      case 'SchemeMemberRemoved':
        return memberRemoved(tx, event);
    }
  },
});

async function createGroupSchemesTables(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    create table if not exists group_schemes (
      id uuid primary key,
      company_id uuid not null,
      name text not null,
      description text not null,
      status text not null,
      main_members integer not null default 0,
      family_members integer not null default 0,
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists group_schemes_page on group_schemes (company_id, created_at desc, position desc);

    -- Personal fields are text: an erased person's arrive as '[erased]'. A removed person's row is deleted.
    create table if not exists scheme_members (
      id uuid primary key,
      company_id uuid not null,
      scheme_id uuid not null,
      is_main_member boolean not null,
      main_member_id uuid,
      relationship text,
      first_name text not null,
      last_name text not null,
      sa_id text,
      phone text,
      address text,
      city text,
      province text,
      postal_code text,
      email text,
      cover_amount numeric(17,2),
      policy_id uuid not null,
      policy_number text not null,
      status text not null default 'active',
      position bigint not null,
      created_at timestamptz not null
    );
    create index if not exists scheme_members_scheme on scheme_members (scheme_id, position);
  `);
}

async function schemeCreated(tx: SqlExecutor, event: Recorded<GroupSchemeCreated>): Promise<void> {
  const d = event.data;
  await tx.query(
    `insert into group_schemes (id, company_id, name, description, status, position, created_at, updated_at)
     values ($1, $2, $3, $4, 'active', $5, $6, $6)
     on conflict (id) do nothing`,
    [d.schemeId, companyOf(event), d.name, d.description ?? '', event.globalPosition, event.recordedAt],
  );
}

async function schemeUpdated(tx: SqlExecutor, event: Recorded<GroupSchemeUpdated>): Promise<void> {
  const d = event.data;
  await tx.query(`update group_schemes set name = $3, description = $4, status = $5, updated_at = $6 where id = $1 and company_id = $2`, [
    d.schemeId,
    companyOf(event),
    d.name,
    d.description ?? '',
    d.status,
    event.recordedAt,
  ]);
}

/** The person's row and +1 on the scheme's main or family counter, in one statement. */
async function memberAdded(tx: SqlExecutor, event: Recorded<SchemeMemberAdded>): Promise<void> {
  const d = event.data;
  const isMain = d.isMainMember === true;
  await tx.query(
    `with m as (
       insert into scheme_members (id, company_id, scheme_id, is_main_member, main_member_id, relationship, first_name,
                                   last_name, sa_id, phone, address, city, province, postal_code, email, cover_amount,
                                   policy_id, policy_number, position, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       on conflict (id) do nothing
       returning scheme_id, company_id, is_main_member
     )
     update group_schemes g
        set main_members = g.main_members + m.is_main_member::int,
            family_members = g.family_members + (not m.is_main_member)::int,
            updated_at = $20
       from m where g.id = m.scheme_id and g.company_id = m.company_id`,
    [
      d.memberId,
      companyOf(event),
      d.schemeId,
      isMain,
      // Absent fields (events written by hand) read as '' or null, as the projector always read them.
      isMain ? null : (d.mainMemberId ?? null),
      d.relationship ?? null,
      d.firstName ?? '',
      d.lastName ?? '',
      d.saId ?? null,
      d.phone ?? null,
      d.address ?? null,
      d.city ?? null,
      d.province ?? null,
      d.postalCode ?? null,
      d.email ?? null,
      d.coverAmount ?? null,
      d.policyId,
      d.policyNumber,
      event.globalPosition,
      event.recordedAt,
    ],
  );
}

/** The row gone and −1 on the counter it was counted in (a main member's family arrive as removals of their own). */
async function memberRemoved(tx: SqlExecutor, event: Recorded<SchemeMemberRemoved>): Promise<void> {
  await tx.query(
    `with m as (
       delete from scheme_members where id = $1 and company_id = $2 and scheme_id = $3
       returning scheme_id, company_id, is_main_member
     )
     update group_schemes g
        set main_members = g.main_members - m.is_main_member::int,
            family_members = g.family_members - (not m.is_main_member)::int,
            updated_at = $4
       from m where g.id = m.scheme_id and g.company_id = m.company_id`,
    [event.data.memberId, companyOf(event), event.data.schemeId, event.recordedAt],
  );
}

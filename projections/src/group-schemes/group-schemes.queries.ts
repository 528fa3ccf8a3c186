import type { SqlExecutor } from '@fpa/write-model/event-store';
import { schemePolicyPrefix } from '@fpa/write-model';
import type { Relationship, SchemeStatus } from '@fpa/write-model/validation';
import { isUuid } from '../portfolio/uuid.ts';

export type GroupSchemeRow = {
  id: string;
  name: string;
  description: string;
  status: SchemeStatus;
  /** Main members + family members on the scheme now. */
  totalMembers: number;
  mainMemberCount: number;
  familyMemberCount: number;
  /** What new group policy numbers of this scheme start with (from its current name). */
  policyPrefix: string;
  createdAt: Date;
  updatedAt: Date;
};

export type SchemeMemberRow = {
  id: string;
  schemeId: string;
  firstName: string;
  lastName: string;
  saId: string | null;
  /** The scheme payloads carry no passport: always null, kept because the spec's entity names it. */
  passportNumber: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  email: string | null;
  coverAmount: string | null;
  policyId: string;
  policyNumber: string;
  isMainMember: boolean;
  mainMemberId: string | null;
  relationship: Relationship | null;
  status: 'active' | 'inactive';
  createdAt: Date;
};

/** A main member with the family covered under its group policy (empty for family members). */
export type SchemeMemberNode = SchemeMemberRow & { familyMembers: SchemeMemberRow[] };

const SCHEME_COLUMNS = `g.id, g.name, g.description, g.status, g.main_members + g.family_members as "totalMembers",
  g.main_members as "mainMemberCount", g.family_members as "familyMemberCount", g.created_at as "createdAt",
  g.updated_at as "updatedAt"`;

const withPrefix = (row: Omit<GroupSchemeRow, 'policyPrefix'>): GroupSchemeRow => ({ ...row, policyPrefix: schemePolicyPrefix(row.name) });

/** The company's schemes, newest first (the cards). */
export async function listGroupSchemes(sql: SqlExecutor, companyId: string): Promise<GroupSchemeRow[]> {
  const rows = await sql.query<Omit<GroupSchemeRow, 'policyPrefix'>>(
    `select ${SCHEME_COLUMNS} from group_schemes g where g.company_id = $1 order by g.created_at desc, g.position desc`,
    [companyId],
  );
  return rows.map(withPrefix);
}

/** Null for an unknown id and for another company's scheme alike. */
export async function findGroupScheme(sql: SqlExecutor, companyId: string, id: string): Promise<GroupSchemeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql.query<Omit<GroupSchemeRow, 'policyPrefix'>>(
    `select ${SCHEME_COLUMNS} from group_schemes g where g.id = $1 and g.company_id = $2`,
    [id, companyId],
  );
  return row ? withPrefix(row) : null;
}

/** Everyone on the scheme in the order they joined: a main member, then (later) the family added with it. */
export async function listSchemeMembersFlat(sql: SqlExecutor, companyId: string, schemeId: string): Promise<SchemeMemberRow[]> {
  if (!isUuid(schemeId)) return [];
  return sql.query<SchemeMemberRow>(
    `select m.id, m.scheme_id as "schemeId", m.first_name as "firstName", m.last_name as "lastName", m.sa_id as "saId",
            null as "passportNumber", m.phone, m.address, m.city, m.province, m.postal_code as "postalCode", m.email,
            m.cover_amount::text as "coverAmount", m.policy_id as "policyId", m.policy_number as "policyNumber",
            m.is_main_member as "isMainMember", m.main_member_id as "mainMemberId", m.relationship, m.status,
            m.created_at as "createdAt"
       from scheme_members m
      where m.scheme_id = $1 and m.company_id = $2
      order by m.position`,
    [schemeId, companyId],
  );
}

/** Main members in the order they joined, each with its family nested under it. */
export async function listSchemeMembers(sql: SqlExecutor, companyId: string, schemeId: string): Promise<SchemeMemberNode[]> {
  return nestSchemeMembers(await listSchemeMembersFlat(sql, companyId, schemeId));
}

export function nestSchemeMembers(rows: readonly SchemeMemberRow[]): SchemeMemberNode[] {
  const mains = new Map<string, SchemeMemberNode>();
  for (const row of rows) if (row.isMainMember) mains.set(row.id, { ...row, familyMembers: [] });
  for (const row of rows) if (!row.isMainMember && row.mainMemberId) mains.get(row.mainMemberId)?.familyMembers.push(row);
  return [...mains.values()];
}

/** The flat list in display order (each main member followed by its family), as GET /api/group-schemes/{id}/members answers. */
export function flattenSchemeMembers(nodes: readonly SchemeMemberNode[]): SchemeMemberRow[] {
  return nodes.flatMap(({ familyMembers, ...main }) => [main, ...familyMembers]);
}

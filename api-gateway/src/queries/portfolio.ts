import { canAddMembers } from '@fpa/write-model';
import {
  dashboardStats as dashboardStatsQuery,
  findMember,
  allMembersJson as allMembersJsonQuery,
  listAllPolicies,
  listMembers,
  listPolicies,
  listPolicyTypes,
  policyCounts as policyCountsQuery,
  type MemberRow,
  type PolicyRow,
  type PolicyTypeRow,
} from '@fpa/projections';
import type { PolicyStatus } from '@fpa/write-model/validation';
import { readSql, type RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

// Policy types

export function policyTypes(ctx: RequestContext): Promise<PolicyTypeRow[]> {
  return listPolicyTypes(...tenantRead(ctx, 'policy_types:read'));
}

// Members

/** The whole list as JSON text (REST answers it as it is). */
export function allMembersJson(ctx: RequestContext): Promise<string> {
  return allMembersJsonQuery(...tenantRead(ctx, 'members:read'));
}

export function members(ctx: RequestContext, args: Parameters<typeof listMembers>[2]) {
  return listMembers(...tenantRead(ctx, 'members:read'), args);
}

export function member(ctx: RequestContext, id: string): Promise<MemberRow | null> {
  return findMember(...tenantRead(ctx, 'members:read'), id);
}

export async function canAddMember(ctx: RequestContext): Promise<{ canAdd: boolean; reason: string | null }> {
  const [, companyId] = tenantRead(ctx, 'members:read');
  const { canAdd, reason } = await canAddMembers(readSql(ctx), companyId);
  return { canAdd, reason };
}

// Policies

export function allPolicies(ctx: RequestContext): Promise<PolicyRow[]> {
  return listAllPolicies(...tenantRead(ctx, 'policies:read'));
}

export function policies(ctx: RequestContext, args: Parameters<typeof listPolicies>[2]) {
  return listPolicies(...tenantRead(ctx, 'policies:read'), args);
}

export function policyCounts(ctx: RequestContext, search: string | undefined) {
  return policyCountsQuery(...tenantRead(ctx, 'policies:read'), search ? { search } : {});
}

// Dashboard

export function dashboardStats(ctx: RequestContext) {
  const [, companyId] = tenantRead(ctx, 'dashboard:read');
  return dashboardStatsQuery(readSql(ctx), companyId, ctx.services.now());
}

export type { PolicyStatus };

import {
  canAddMembers,
  changePolicyStatus as changePolicyStatusCommand,
  createPolicyType as createPolicyTypeCommand,
  deleteMember as deleteMemberCommand,
  importMembers as importMembersCommand,
  NotFoundError,
  registerMember as registerMemberCommand,
  updateMember as updateMemberCommand,
  updatePolicyType as updatePolicyTypeCommand,
  type ImportChunkResult,
} from '@fpa/write-model';
import {
  dashboardStats as dashboardStatsQuery,
  findMember,
  findPolicy,
  findPolicyType,
  listAllMembers,
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
import type { RequestContext } from '../context.ts';
import { requireCompanyUser, type Operation } from '../auth/policy.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import { tenantRead, tenantSql } from './tenant.ts';

function caller(ctx: RequestContext, operation: Operation) {
  const user = requireCompanyUser(ctx.user, operation);
  return { companyId: user.companyId, command: commandFor(ctx) };
}

async function found<T>(row: Promise<T | null>, message: string): Promise<T> {
  const value = await row;
  if (!value) throw new NotFoundError(message);
  return value;
}

// Policy types

export function policyTypes(ctx: RequestContext): Promise<PolicyTypeRow[]> {
  return listPolicyTypes(...tenantRead(ctx, 'policy_types:read'));
}

export async function createPolicyType(ctx: RequestContext, input: unknown): Promise<PolicyTypeRow> {
  const { companyId, command } = caller(ctx, 'policy_types:create');
  const { events, append } = await createPolicyTypeCommand(ctx.services.store, input, command);
  await readYourWrites(ctx, append);
  return found(findPolicyType(tenantSql(ctx, companyId), companyId, events[0]!.data.policyTypeId), 'Policy type not found');
}

export async function updatePolicyType(ctx: RequestContext, id: string, input: unknown): Promise<PolicyTypeRow> {
  const { companyId, command } = caller(ctx, 'policy_types:update');
  const { append } = await updatePolicyTypeCommand(ctx.services.store, id, input, command);
  await readYourWrites(ctx, append);
  return found(findPolicyType(tenantSql(ctx, companyId), companyId, id), 'Policy type not found');
}

// Members

export function allMembers(ctx: RequestContext): Promise<MemberRow[]> {
  return listAllMembers(...tenantRead(ctx, 'members:read'));
}

export function members(ctx: RequestContext, args: Parameters<typeof listMembers>[2]) {
  return listMembers(...tenantRead(ctx, 'members:read'), args);
}

export function member(ctx: RequestContext, id: string): Promise<MemberRow | null> {
  return findMember(...tenantRead(ctx, 'members:read'), id);
}

export async function canAddMember(ctx: RequestContext): Promise<{ canAdd: boolean; reason: string | null }> {
  const { companyId } = caller(ctx, 'members:read');
  const { canAdd, reason } = await canAddMembers(ctx.services.sql, companyId);
  return { canAdd, reason };
}

export async function registerMember(ctx: RequestContext, input: unknown): Promise<MemberRow> {
  const { companyId, command } = caller(ctx, 'members:create');
  const result = await registerMemberCommand(ctx.services.store, ctx.services.sql, input, command);
  await readYourWrites(ctx, result.append);
  return found(findMember(tenantSql(ctx, companyId), companyId, result.memberId), 'Member not found');
}

export async function updateMember(ctx: RequestContext, id: string, input: unknown): Promise<MemberRow> {
  const { companyId, command } = caller(ctx, 'members:update');
  const { append } = await updateMemberCommand(ctx.services.store, id, input, command);
  await readYourWrites(ctx, append);
  return found(findMember(tenantSql(ctx, companyId), companyId, id), 'Member not found');
}

export async function deleteMember(ctx: RequestContext, id: string): Promise<{ ok: true; id: string }> {
  const { command } = caller(ctx, 'members:delete');
  const { append } = await deleteMemberCommand(ctx.services.store, id, command);
  await readYourWrites(ctx, append);
  return { ok: true, id };
}

export async function importMembers(ctx: RequestContext, input: unknown): Promise<ImportChunkResult> {
  const { command } = caller(ctx, 'members:import');
  const { result, append } = await importMembersCommand(ctx.services.store, ctx.services.sql, input, command);
  if (append) await readYourWrites(ctx, append);
  return result;
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

export async function changePolicyStatus(ctx: RequestContext, id: string, input: { status?: unknown; note?: unknown }): Promise<PolicyRow> {
  const { companyId, command } = caller(ctx, 'policies:update_status');
  const { append } = await changePolicyStatusCommand(ctx.services.store, id, input, command);
  await readYourWrites(ctx, append);
  return found(findPolicy(tenantSql(ctx, companyId), companyId, id), 'Policy not found');
}

// Dashboard

export function dashboardStats(ctx: RequestContext) {
  return dashboardStatsQuery(ctx.services.sql, caller(ctx, 'dashboard:read').companyId, ctx.services.now());
}

export type { PolicyStatus };

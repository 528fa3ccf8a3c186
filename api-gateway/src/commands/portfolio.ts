import {
  changePolicyStatusSlice,
  changePolicyTypeSlice,
  createPolicyTypeSlice,
  deleteMemberSlice,
  importMembersSlice,
  issuePolicySlice,
  NotFoundError,
  registerMemberSlice,
  updateFamilyMemberSlice,
  updateMemberSlice,
  updatePolicyTypeSlice,
} from '@fpa/write-model';
import { findMember, findPolicy, findPolicyType } from '@fpa/projections';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { RequestContext } from '../context.ts';
import { tenantSql } from '../queries/tenant.ts';
import { ImportMembersResult, MemberType, PolicyType, PolicyTypeType } from '../schema/portfolio.ts';
import { companyOf, endpoint } from './expose.ts';

/** A row of the caller's company, read after its command: missing is a 404. */
async function found<T>(
  ctx: RequestContext,
  find: (sql: SqlExecutor, companyId: string, id: string) => Promise<T | null>,
  id: string,
  message: string,
): Promise<T> {
  const companyId = companyOf(ctx);
  const row = await find(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError(message);
  return row;
}

const member = (ctx: RequestContext, id: string) => found(ctx, findMember, id, 'Member not found');
const policyType = (ctx: RequestContext, id: string) => found(ctx, findPolicyType, id, 'Policy type not found');

/** Spec part 1 §7: members, policy types and policies. */
export const portfolioEndpoints = [
  endpoint({
    slice: registerMemberSlice,
    rest: { method: 'POST', path: '/api/members', status: 201 },
    graphql: { type: MemberType },
    answer: (ctx, { memberId }) => member(ctx, memberId),
  }),
  endpoint({
    slice: importMembersSlice,
    rest: { method: 'POST', path: '/api/members/import' },
    graphql: {
      type: ImportMembersResult,
      description: 'One chunk (up to 1,000 rows; the web sends 500) of a CSV member import.',
      nestedNames: { rows: 'MemberCsvRowInput' },
    },
    answer: (_ctx, { result }) => result,
  }),
  endpoint({
    slice: updateMemberSlice,
    rest: { method: 'PUT', path: '/api/members/:id' },
    graphql: { type: MemberType },
    answer: (ctx, _outcome, { target }) => member(ctx, target),
  }),
  endpoint({
    slice: updateFamilyMemberSlice,
    rest: { method: 'PUT', path: '/api/members/:id/family-details' },
    graphql: {
      type: MemberType,
      inputName: 'FamilyMemberDetailsInput',
      description: "A family member's names, date of birth, relationship and optional contact and address (issue #22).",
    },
    answer: (ctx, _outcome, { target }) => member(ctx, target),
  }),
  endpoint({
    slice: deleteMemberSlice,
    rest: { method: 'DELETE', path: '/api/members/:id' },
    graphql: { type: 'Boolean', result: (answer: { ok: true; id: string }) => answer.ok },
    answer: (_ctx, _outcome, { target }) => ({ ok: true as const, id: target }),
  }),
  endpoint({
    slice: createPolicyTypeSlice,
    rest: { method: 'POST', path: '/api/policy-types', status: 201 },
    graphql: { type: PolicyTypeType, inputName: 'PolicyTypeInput' },
    answer: (ctx, { events }) => policyType(ctx, events[0]!.data.policyTypeId),
  }),
  endpoint({
    slice: updatePolicyTypeSlice,
    rest: { method: 'PUT', path: '/api/policy-types/:id' },
    graphql: { type: PolicyTypeType, inputName: 'PolicyTypeInput' },
    answer: (ctx, _outcome, { target }) => policyType(ctx, target),
  }),
  endpoint({
    slice: issuePolicySlice,
    rest: { method: 'POST', path: '/api/members/:id/policy', status: 201 },
    graphql: {
      type: PolicyType,
      inputName: 'IssuePolicyInput',
      description:
        "A new policy for a main member with none in force (registered without one, or whose policy lapsed or was cancelled), on the type's current terms from today; within 2 months of a lapse only the unexpired part of the old waiting period applies (rule 2A.9).",
    },
    answer: (ctx, { policyId }) => found(ctx, findPolicy, policyId, 'Policy not found'),
  }),
  endpoint({
    slice: changePolicyTypeSlice,
    rest: { method: 'POST', path: '/api/policies/:id/change-type' },
    graphql: {
      type: PolicyType,
      inputName: 'ChangePolicyTypeInput',
      description:
        "Moves an active policy to another active type of the company from today (issue #22): the new type's cover and premium, each life repriced at its age today on a type with a benefit table; an increase in cover waits the new type's waiting period for the increase only.",
    },
    answer: (ctx, { policyId }) => found(ctx, findPolicy, policyId, 'Policy not found'),
  }),
  endpoint({
    slice: changePolicyStatusSlice,
    rest: { method: 'PATCH', path: '/api/policies/:id' },
    graphql: { type: PolicyType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => found(ctx, findPolicy, target, 'Policy not found'),
  }),
];

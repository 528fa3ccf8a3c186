import { listClaims, listMembers, listPolicies } from '@fpa/projections';
import { requireCompanyUser } from '../auth/policy.ts';
import type { RequestContext } from '../context.ts';
import { readIfAllowed } from './tenant.ts';

/*
 * The dashboard's search (issues #22 and #25): members, policies and claims by name, ID or number,
 * each list's own indexed prefix search, each read only when the caller's role may read that list.
 * Every hit names the member whose page it opens.
 */

export const SEARCH_KINDS = ['member', 'policy', 'claim'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchHit = {
  kind: SearchKind;
  id: string;
  /** The member's page the hit opens: the member, the policyholder, the claim's policyholder. */
  memberId: string;
  title: string;
  detail: string;
};

/** Shorter text matches too much to be useful (every "a…"). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_PER_KIND = 10;

const words = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

export async function search(ctx: RequestContext, text: string, first = 5): Promise<SearchHit[]> {
  requireCompanyUser(ctx.user, 'dashboard:read');
  const term = text.trim();
  if (term.length < SEARCH_MIN_LENGTH) return [];
  const size = Math.min(Math.max(1, first), SEARCH_MAX_PER_KIND);
  const [members, policies, claims] = await Promise.all([
    readIfAllowed(ctx, 'members:read', (read) => listMembers(...read, { search: term, first: size })),
    readIfAllowed(ctx, 'policies:read', (read) => listPolicies(...read, { search: term, first: size })),
    readIfAllowed(ctx, 'claims:read', (read) => listClaims(...read, { search: term, first: size })),
  ]);
  return [
    ...(members?.nodes ?? []).map(
      (m): SearchHit => ({
        kind: 'member',
        id: m.id,
        memberId: m.id,
        title: `${m.firstName} ${m.lastName}`,
        detail: words(
          m.isMainMember ? 'Main member' : `Family of ${m.mainMemberName ?? 'a deleted member'}`,
          m.saId ?? m.passportNumber,
          m.policyNumber,
        ),
      }),
    ),
    ...(policies?.nodes ?? []).map(
      (p): SearchHit => ({
        kind: 'policy',
        id: p.id,
        memberId: p.memberId,
        title: p.policyNumber,
        detail: words(p.memberName, p.policyTypeName, p.status),
      }),
    ),
    ...(claims?.nodes ?? []).map(
      (c): SearchHit => ({
        kind: 'claim',
        id: c.id,
        memberId: c.memberId,
        title: c.claimNumber,
        detail: words(`${c.deceasedName} (deceased)`, c.policyNumber, c.status.replaceAll('_', ' ')),
      }),
    ),
  ];
}

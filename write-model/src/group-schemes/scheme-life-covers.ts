import type { SchemeMainMemberInput } from '../validation/index.ts';
import type { NewLifeCover } from '../members/life-cover-cap.ts';
import type { SchemeMemberAdded } from './group-schemes.events.ts';
import type { RowPositions } from './scheme-rows.ts';

/**
 * The cover each person added to a scheme gets, as a claim reads it (claims/scheme-claim-policy.ts): their
 * own amount, else their main member's, else none; with where the row was typed, for the refusal. People
 * without an SA ID cannot be matched across the company's cover and are left out.
 */
export function schemeLivesAdded(
  events: readonly SchemeMemberAdded[],
  mainMembers: readonly SchemeMainMemberInput[],
  positions?: RowPositions,
): { lives: NewLifeCover[]; rows: { schemeMemberId: string; schemeId: string; saId: string; cover: string }[] } {
  const paths: NewLifeCover['path'][] = mainMembers.flatMap((main, i) => {
    const at = positions?.[i];
    const row = at?.main ?? i;
    return [
      ['mainMembers', row, 'coverAmount'],
      ...main.familyMembers.map((_, j): NewLifeCover['path'] => ['mainMembers', row, 'familyMembers', at?.family[j] ?? j, 'coverAmount']),
    ];
  });
  const mainCover = new Map<string, string | null>();
  const lives: NewLifeCover[] = [];
  const rows: { schemeMemberId: string; schemeId: string; saId: string; cover: string }[] = [];
  events.forEach((event, k) => {
    const d = event.data;
    if (d.isMainMember) mainCover.set(d.memberId, d.coverAmount);
    const cover = d.coverAmount ?? (d.mainMemberId ? mainCover.get(d.mainMemberId) : null) ?? '0';
    if (!d.saId) return;
    lives.push({ name: `${d.firstName} ${d.lastName}`, saId: d.saId, cover, path: paths[k] ?? [] });
    rows.push({ schemeMemberId: d.memberId, schemeId: d.schemeId, saId: d.saId, cover });
  });
  return { lives, rows };
}

import type { CommandContext } from '../command-handling/context.ts';
import { DomainError, NotFoundError, type Issue } from '../errors.ts';
import type { SchemeMainMemberInput } from '../validation/index.ts';
import type { SchemeMemberAdded } from './group-schemes.events.ts';
import type { ExistingScheme, GroupSchemeState } from './group-schemes.state.ts';
import type { RowPositions } from './scheme-rows.ts';

export const SCHEME_NOT_FOUND = 'The requested group scheme could not be found.';
export const SA_ID_ON_SCHEME = 'A member with this SA ID number is already on this scheme';
export const SA_ID_TWICE = 'This SA ID number appears more than once in the list';

/** Main members to add (complete rows, as the schema keeps them), where they were typed, and one group policy each. */
export type NewSchemeMembers = {
  mainMembers: SchemeMainMemberInput[];
  /** Index of each kept row in the payload (refusals point at the row the user sees); defaults to the list's own order. */
  positions?: RowPositions;
  /** The group policy of each main member, in order (numbers allocated by the command handler). */
  policies: { policyId: string; policyNumber: string }[];
};

/** The scheme of the caller's company, or NOT_FOUND: another company's scheme is as unknown as a made-up id. */
export function assertOwnScheme(state: GroupSchemeState, companyId: string): asserts state is ExistingScheme {
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(SCHEME_NOT_FOUND);
}

/**
 * SA IDs are unique within a scheme: against the people already on it and within the new rows. Every
 * clash is reported, each at its row; the first is the answer's message.
 */
export function checkNewMembers(existing: readonly { saId: string | null }[], add: Pick<NewSchemeMembers, 'mainMembers' | 'positions'>) {
  const taken = new Set(existing.map((m) => m.saId).filter((id): id is string => !!id));
  const seen = new Set<string>();
  const issues: Issue[] = [];
  const check = (saId: string | null, path: (string | number)[]) => {
    if (!saId) return;
    if (taken.has(saId)) issues.push({ path, message: SA_ID_ON_SCHEME });
    else if (seen.has(saId)) issues.push({ path, message: SA_ID_TWICE });
    seen.add(saId);
  };
  add.mainMembers.forEach((main, i) => {
    const at = add.positions?.[i];
    const row = at?.main ?? i;
    check(main.saId, ['mainMembers', row, 'saId']);
    main.familyMembers.forEach((f, j) => check(f.saId, ['mainMembers', row, 'familyMembers', at?.family[j] ?? j, 'saId']));
  });
  if (issues.length > 0) throw new DomainError('ALREADY_EXISTS', issues[0]!.message, issues);
}

/** The SchemeMemberAdded events of new main members and their families (a create's and an add's). */
export function newSchemeMemberEvents(
  scheme: { schemeId: string; companyId: string },
  add: NewSchemeMembers,
  ctx: CommandContext,
): SchemeMemberAdded[] {
  if (add.policies.length !== add.mainMembers.length) throw new Error('One group policy per main member is needed');
  return add.mainMembers.flatMap((main, i) => {
    const policy = add.policies[i]!;
    const mainMemberId = ctx.newId();
    const base = { ...scheme, ...policy };
    const mainEvent: SchemeMemberAdded = {
      type: 'SchemeMemberAdded',
      data: {
        ...base,
        memberId: mainMemberId,
        isMainMember: true,
        mainMemberId: null,
        relationship: null,
        firstName: main.firstName,
        lastName: main.lastName,
        saId: main.saId,
        phone: main.phone,
        address: main.address,
        city: main.city || null,
        province: main.province || null,
        postalCode: main.postalCode || null,
        email: main.email,
        coverAmount: main.coverAmount,
        ...(main.priorCover ? { priorCover: main.priorCover } : {}),
      },
    };
    const family = main.familyMembers.map(
      (f): SchemeMemberAdded => ({
        type: 'SchemeMemberAdded',
        data: {
          ...base,
          memberId: ctx.newId(),
          isMainMember: false,
          mainMemberId,
          relationship: f.relationship,
          firstName: f.firstName,
          lastName: f.lastName,
          saId: f.saId,
          phone: null,
          address: null,
          city: null,
          province: null,
          postalCode: null,
          email: null,
          coverAmount: f.coverAmount,
          ...(f.priorCover ? { priorCover: f.priorCover } : {}),
        },
      }),
    );
    return [mainEvent, ...family];
  });
}

import { describe, expect, it } from 'vitest';
import { outcome, scenario } from '../command-handling/given-when-then.ts';
import { groupSchemeSchemaOn, type SchemeStatus } from '../validation/index.ts';
import { decideAddSchemeMembers } from './commands/add-scheme-members.ts';
import { decideCreateGroupScheme } from './commands/create-group-scheme.ts';
import { decideRemoveSchemeMember, SCHEME_MEMBER_NOT_FOUND } from './commands/remove-scheme-member.ts';
import { decideUpdateGroupScheme } from './commands/update-group-scheme.ts';
import { SA_ID_ON_SCHEME, SA_ID_TWICE, SCHEME_NOT_FOUND, type NewSchemeMembers } from './group-schemes.decider.ts';
import { groupSchemePii, type GroupSchemeEvent } from './group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState } from './group-schemes.state.ts';
import { countingContext, created, familyAdded, mainAdded, saId, threeFamilies } from './group-schemes.fixtures.ts';

const TODAY = '2026-03-01';

const folder = { initialState: initialGroupSchemeState, evolve: evolveGroupScheme };
const NEW_MAIN = saId('750303500908');
const NEW_CHILD = saId('120303500908');

/** The rows of a form, parsed by the scheme schema as the command does. */
function rows(...mains: Record<string, unknown>[]): NewSchemeMembers {
  const { mainMembers } = groupSchemeSchemaOn(TODAY).parse({ name: 'X', mainMembers: mains });
  return { mainMembers, policies: mainMembers.map((_, i) => ({ policyId: `gp-${i + 1}`, policyNumber: `MIN-00000${i + 1}` })) };
}
const main = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Thabo',
  lastName: 'Nkosi',
  saId: NEW_MAIN,
  phone: '082 111 2222',
  address: '1 Main Road',
  city: 'Rustenburg',
  email: '',
  coverAmount: '20000',
  familyMembers: [],
  ...extra,
});
const child = { firstName: 'Ayanda', lastName: 'Nkosi', saId: NEW_CHILD, relationship: 'child', coverAmount: '' };

describe('creating a scheme', () => {
  it('when created with a main member and a family member, then the scheme, the main member on its group policy, and the family member under it', () => {
    const ctx = countingContext();
    const events = decideCreateGroupScheme(
      { schemeId: 's1', companyId: 'c1', name: 'Mine Workers', description: '', members: rows(main({ familyMembers: [child] })) },
      ctx,
    );
    expect(events).toEqual([
      { type: 'GroupSchemeCreated', data: { schemeId: 's1', companyId: 'c1', name: 'Mine Workers', description: '' } },
      {
        type: 'SchemeMemberAdded',
        data: {
          schemeId: 's1',
          companyId: 'c1',
          memberId: 'id-1',
          isMainMember: true,
          mainMemberId: null,
          relationship: null,
          firstName: 'Thabo',
          lastName: 'Nkosi',
          saId: NEW_MAIN,
          phone: '0821112222',
          address: '1 Main Road',
          city: 'Rustenburg',
          province: null,
          postalCode: null,
          email: null,
          coverAmount: '20000',
          policyId: 'gp-1',
          policyNumber: 'MIN-000001',
        },
      },
      {
        type: 'SchemeMemberAdded',
        data: {
          schemeId: 's1',
          companyId: 'c1',
          memberId: 'id-2',
          isMainMember: false,
          mainMemberId: 'id-1',
          relationship: 'child',
          firstName: 'Ayanda',
          lastName: 'Nkosi',
          saId: NEW_CHILD,
          phone: null,
          address: null,
          city: null,
          province: null,
          postalCode: null,
          email: null,
          coverAmount: null,
          policyId: 'gp-1',
          policyNumber: 'MIN-000001',
        },
      },
    ]);
    expect(fold(events)).toMatchObject({ status: 'active', name: 'Mine Workers', members: [{ memberId: 'id-1' }, { memberId: 'id-2' }] });
  });

  it('when the same SA ID is typed twice, then it is refused at the second row', () => {
    const twice = rows(main(), main({ firstName: 'Other', familyMembers: [{ ...child, saId: NEW_MAIN }] }));
    outcome(() =>
      decideCreateGroupScheme({ schemeId: 's1', companyId: 'c1', name: 'M', description: '', members: twice }, countingContext()),
    ).thenThrows('ALREADY_EXISTS', SA_ID_TWICE, [
      { path: ['mainMembers', 1, 'saId'], message: SA_ID_TWICE },
      { path: ['mainMembers', 1, 'familyMembers', 0, 'saId'], message: SA_ID_TWICE },
    ]);
  });

  it("seals each scheme member's personal data with that member's own key", () => {
    const [, added] = threeFamilies();
    expect(groupSchemePii(added!)).toEqual([
      { subjectId: 'scheme-member:a', fields: ['firstName', 'lastName', 'saId', 'phone', 'address', 'city', 'postalCode', 'email'] },
    ]);
    expect(groupSchemePii(created)).toBeUndefined();
  });
});

describe('editing a scheme', () => {
  const update = scenario(
    folder,
    (command: { companyId: string; name: string; description: string; status: SchemeStatus }, state) =>
      decideUpdateGroupScheme(state, command),
    countingContext(),
  );

  it('given a scheme, when its name, description and status are edited, then GroupSchemeUpdated with the whole set', () => {
    const edit = { companyId: 'c1', name: 'Mine Workers Union', description: 'All shafts', status: 'inactive' as const };
    update
      .given([created])
      .when(edit)
      .then([{ type: 'GroupSchemeUpdated', data: { schemeId: 's1', ...edit } }]);
    expect(fold([created, ...update.given([created]).when(edit).decided()])).toMatchObject({
      status: 'inactive',
      name: 'Mine Workers Union',
    });
  });

  it("given no scheme or another company's, when edited, then NOT_FOUND", () => {
    const edit = { companyId: 'c1', name: 'N', description: '', status: 'active' as const };
    update.given([]).when(edit).thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
    update
      .given([created])
      .when({ ...edit, companyId: 'c2' })
      .thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
  });
});

describe('adding members', () => {
  const add = scenario(
    folder,
    (command: { companyId: string; members: NewSchemeMembers }, state, ctx) => decideAddSchemeMembers(state, command, ctx),
    countingContext(),
  );

  it('given a scheme with members, when a new main member is added, then one SchemeMemberAdded on its own group policy', () => {
    const events = add
      .given(threeFamilies())
      .when({ companyId: 'c1', members: rows(main()) })
      .decided();
    expect(events.map((e) => e.type === 'SchemeMemberAdded' && [e.data.isMainMember, e.data.policyNumber])).toEqual([[true, 'MIN-000001']]);
  });

  it('given a scheme, when a main member and a child are added with cover proven elsewhere, then each event carries its own, sealed (issue #22)', () => {
    const members = rows(
      main({
        priorCoverMonths: '18',
        priorCoverEndedOn: '2026-02-10',
        familyMembers: [child, { ...child, saId: saId('150303500908'), priorCoverMonths: 4, priorCoverEndedOn: '2026-01-31' }],
      }),
    );
    const events = add.given(threeFamilies()).when({ companyId: 'c1', members }).decided();
    expect(events.map((e) => e.type === 'SchemeMemberAdded' && (e.data.priorCover ?? null))).toEqual([
      { months: 18, endedOn: '2026-02-10' },
      null,
      { months: 4, endedOn: '2026-01-31' },
    ]);
    expect(groupSchemePii(events[0]!)?.[0]?.fields).toContain('priorCover');
    expect(groupSchemePii(events[1]!)?.[0]?.fields).not.toContain('priorCover');
  });

  it('given an SA ID already on the scheme, when it is added again, then refused where the user typed it', () => {
    const taken = threeFamilies()[2]!.data as { saId: string };
    const members = { ...rows(main({ familyMembers: [{ ...child, saId: taken.saId }] })), positions: [{ main: 3, family: [1] }] };
    add
      .given(threeFamilies())
      .when({ companyId: 'c1', members })
      .thenThrows('ALREADY_EXISTS', SA_ID_ON_SCHEME, [{ path: ['mainMembers', 3, 'familyMembers', 1, 'saId'], message: SA_ID_ON_SCHEME }]);
  });

  it('given a removed member, when their SA ID is added again, then it is accepted (they are no longer on the scheme)', () => {
    const history = [...threeFamilies(), ...decideRemoveSchemeMember(fold(threeFamilies()), { companyId: 'c1', memberId: 'b' })];
    const again = rows(main({ saId: (threeFamilies()[4]!.data as { saId: string }).saId }));
    expect(add.given(history).when({ companyId: 'c1', members: again }).decided()).toHaveLength(1);
  });

  it("given no scheme or another company's, when members are added, then NOT_FOUND", () => {
    add
      .given([])
      .when({ companyId: 'c1', members: rows(main()) })
      .thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
    add
      .given([created])
      .when({ companyId: 'c2', members: rows(main()) })
      .thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
  });
});

describe('removing a member', () => {
  const remove = scenario(
    folder,
    (command: { companyId: string; memberId: string }, state) => decideRemoveSchemeMember(state, command),
    countingContext(),
  );
  const removed = (memberId: string, isMainMember: boolean, mainMemberId: string | null): GroupSchemeEvent => ({
    type: 'SchemeMemberRemoved',
    data: { schemeId: 's1', companyId: 'c1', memberId, isMainMember, mainMemberId },
  });

  it('given a main member with two family members, when the main member is removed, then its family goes first, then it', () => {
    remove
      .given(threeFamilies())
      .when({ companyId: 'c1', memberId: 'a' })
      .then([removed('a1', false, 'a'), removed('a2', false, 'a'), removed('a', true, null)]);
    const after = fold([...threeFamilies(), removed('a1', false, 'a'), removed('a2', false, 'a'), removed('a', true, null)]);
    expect(after.status !== 'none' && after.members.map((m) => m.memberId)).toEqual(['b', 'c']);
  });

  it('given a family member, when removed, then only they leave', () => {
    remove
      .given(threeFamilies())
      .when({ companyId: 'c1', memberId: 'a2' })
      .then([removed('a2', false, 'a')]);
  });

  it('given an unknown member, an unknown scheme or another company’s, then NOT_FOUND', () => {
    remove.given(threeFamilies()).when({ companyId: 'c1', memberId: 'zz' }).thenThrows('NOT_FOUND', SCHEME_MEMBER_NOT_FOUND);
    remove.given([]).when({ companyId: 'c1', memberId: 'a' }).thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
    remove.given(threeFamilies()).when({ companyId: 'c2', memberId: 'a' }).thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
  });

  it('folds a family member added under a main member with the main member’s policy', () => {
    const a = mainAdded('a', 1);
    const state = fold([created, a, familyAdded('a1', a, 1)]);
    expect(state.status !== 'none' && state.members[1]).toMatchObject({ mainMemberId: 'a', policyNumber: 'MIN-000001' });
  });
});

function fold(events: readonly GroupSchemeEvent[]) {
  return events.reduce(evolveGroupScheme, initialGroupSchemeState);
}

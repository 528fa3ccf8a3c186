import type { CommandContext } from '../command-handling/context.ts';
import { luhnCheckDigit } from '../validation/index.ts';
import type { GroupSchemeEvent, SchemeMemberAdded } from './group-schemes.events.ts';

/** Test-only (not exported from index.ts): histories of a scheme for the decider tests. */

export const saId = (prefix12: string) => `${prefix12}${luhnCheckDigit(prefix12)}`;

/** A context whose ids count up (id-1, id-2, ...), so expected events can name them. */
export function countingContext(): CommandContext {
  let n = 0;
  return {
    now: new Date('2026-06-15T10:00:00Z'),
    newId: () => `id-${++n}`,
    actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
    commandId: 'cmd',
  };
}

export const created: GroupSchemeEvent = {
  type: 'GroupSchemeCreated',
  data: { schemeId: 's1', companyId: 'c1', name: 'Mine Workers', description: 'Shaft 3' },
};

const PERSON = { phone: null, address: null, city: null, province: null, postalCode: null, email: null, coverAmount: null };

export function mainAdded(memberId: string, n: number, names: [string, string] = ['Zanele', 'Mokoena']): SchemeMemberAdded {
  return {
    type: 'SchemeMemberAdded',
    data: {
      schemeId: 's1',
      companyId: 'c1',
      memberId,
      isMainMember: true,
      mainMemberId: null,
      relationship: null,
      firstName: names[0],
      lastName: names[1],
      saId: saId(`80010150${String(n).padStart(2, '0')}08`),
      ...PERSON,
      phone: '0712345678',
      address: '5 Church Street',
      policyId: `pol-${memberId}`,
      policyNumber: `MIN-${String(n).padStart(6, '0')}`,
    },
  };
}

export function familyAdded(memberId: string, main: SchemeMemberAdded, n: number): SchemeMemberAdded {
  return {
    type: 'SchemeMemberAdded',
    data: {
      schemeId: 's1',
      companyId: 'c1',
      memberId,
      isMainMember: false,
      mainMemberId: main.data.memberId,
      relationship: 'child',
      firstName: 'Kabelo',
      lastName: main.data.lastName,
      saId: saId(`1005055${String(n).padStart(2, '0')}008`),
      ...PERSON,
      policyId: main.data.policyId,
      policyNumber: main.data.policyNumber,
    },
  };
}

/** Three main members; the first with two family members: 5 people on the scheme. */
export function threeFamilies(): GroupSchemeEvent[] {
  const a = mainAdded('a', 1, ['Zanele', 'Mokoena']);
  const b = mainAdded('b', 2, ['Sipho', 'Dlamini']);
  const c = mainAdded('c', 3, ['Lerato', 'Khumalo']);
  return [created, a, familyAdded('a1', a, 1), familyAdded('a2', a, 2), b, c];
}

import { describe, expect, it } from 'vitest';
import { diffStates } from './changes.ts';
import { readableChanges, referencedIds, type Names } from './readable.ts';

const KNOWN: Record<string, string> = {
  'member:m-1': 'Themba Mthembu',
  'member:m-2': 'Nomsa Mthembu',
  'policy:p-1': 'POL-2026-000001',
  'policy_type:t-1': 'Family 20k',
};
const names: Names = (kind, id) => KNOWN[`${kind}:${id}`] ?? null;

describe('the readable history (issue #22)', () => {
  it('says a registration in business words: no ids, no keys, nothing created empty, the records named', () => {
    const changes = diffStates(
      {},
      {
        memberId: 'm-2',
        companyId: 'c-1',
        firstName: 'Nomsa',
        lastName: 'Mthembu',
        saId: '7508085200084',
        email: null,
        identifierKey: 'sa:7508085200084',
        mainMemberId: 'm-1',
        isMainMember: false,
        policyIds: [],
      },
    );
    expect(readableChanges(changes, names, 'memberId')).toEqual([
      { label: 'First name', before: null, after: 'Nomsa' },
      { label: 'Last name', before: null, after: 'Mthembu' },
      { label: 'SA ID', before: null, after: '7508085200084' },
      { label: 'Main member', before: null, after: 'Themba Mthembu' },
      { label: 'Is main member', before: null, after: 'No' },
    ]);
  });

  it('names each id of a list, says when a record is gone, and keeps only what changed', () => {
    const changes = diffStates(
      { firstName: 'Themba', familyMemberIds: ['m-2'], policyTypeId: 't-1' },
      { firstName: 'Thembani', familyMemberIds: ['m-2', 'm-9'], policyTypeId: 't-1' },
    );
    expect(readableChanges(changes, names)).toEqual([
      { label: 'First name', before: 'Themba', after: 'Thembani' },
      { label: 'Family members', before: 'Nomsa Mthembu', after: 'Nomsa Mthembu, a record since removed' },
    ]);
    expect(referencedIds(changes)).toEqual(new Map([['member', new Set(['m-2', 'm-9'])]]));
  });

  it('drops a change that reads the same in words (null to blank)', () => {
    expect(readableChanges([{ field: 'email', before: 'null', after: '""' }], names)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { groupSchemeSchemaOn } from '../validation/index.ts';
import { formatGroupPolicyNumber, schemePolicyPrefix } from './group-policy-numbers.ts';
import { droppedSchemeRows, keptRowPositions } from './scheme-rows.ts';
import { saId } from './group-schemes.fixtures.ts';

const TODAY = '2026-03-01';

const blank = {
  firstName: '',
  lastName: '',
  saId: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  postalCode: '',
  email: '',
  coverAmount: '',
  familyMembers: [],
};
const complete = {
  ...blank,
  firstName: 'Zanele',
  lastName: 'Mokoena',
  saId: saId('800101500908'),
  phone: '0712345678',
  address: '5 Church Street',
};
const blankFamily = { firstName: '', lastName: '', saId: '', relationship: '', coverAmount: '' };
const family = { ...blankFamily, firstName: 'Kabelo', lastName: 'Mokoena', relationship: 'child' };

describe('rows dropped from a scheme payload', () => {
  const payload = {
    name: 'Mine Workers',
    mainMembers: [
      blank, // the empty row the form keeps on screen: dropped, not counted
      { ...complete, familyMembers: [blankFamily, family] }, // kept; its blank family row dropped, not counted
      { ...blank, firstName: 'Half', phone: '0712345678', familyMembers: [family, blankFamily] }, // incomplete: it and its family row count
      { ...complete, saId: saId('810101500908'), address: '  ', id: 'row-4' }, // blank address: incomplete; a client's extra key is no data
      { ...complete, saId: saId('820101500908') },
    ],
  };

  it('counts the incomplete rows that had something typed in, and the family rows that went with them', () => {
    expect(droppedSchemeRows(payload)).toBe(3);
    expect(groupSchemeSchemaOn(TODAY).parse(payload).mainMembers).toHaveLength(2);
  });

  it('knows where each kept row was, so a refusal points at the row the user sees', () => {
    expect(keptRowPositions(payload)).toEqual([
      { main: 1, family: [1] },
      { main: 4, family: [] },
    ]);
  });

  it('reads anything else as nothing dropped', () => {
    expect(droppedSchemeRows(null)).toBe(0);
    expect(droppedSchemeRows({ mainMembers: 'x' })).toBe(0);
    expect(keptRowPositions({})).toEqual([]);
  });
});

describe('group policy numbers', () => {
  it.each([
    ['Mine Workers', 'MIN'],
    ['  mi ne', 'MIN'],
    ['Émile & Co', 'EMI'],
    ['3M', 'MXX'],
    ['Ab', 'ABX'],
    ['123', 'XXX'],
  ])('%s → %s', (name, prefix) => {
    expect(schemePolicyPrefix(name)).toBe(prefix);
  });

  it('are the prefix, a dash and a six-digit sequence', () => {
    expect(formatGroupPolicyNumber('MIN', 12)).toBe('MIN-000012');
  });
});

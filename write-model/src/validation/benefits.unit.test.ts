import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random.ts';
import { formatRand } from './rand.ts';
import {
  benefitTableSchema,
  capFor,
  DEFAULT_FUNERAL_CAPS,
  entryAges,
  funeralCapsFrom,
  headlineBenefit,
  lifeRelationshipOf,
  priceLife,
  sumPremiums,
  type BenefitRow,
} from './benefits.ts';

const row = (relationship: BenefitRow['relationship'], minAge: number, maxAge: number, coverAmount: string, monthlyPremium: string) => ({
  relationship,
  minAge,
  maxAge,
  coverAmount,
  monthlyPremium,
});

/** A typical family plan: main member 18–65, or 66–75 at a higher rate; spouse; children; parents to 85. */
const TABLE: BenefitRow[] = [
  row('main_member', 18, 65, '30000', '150'),
  row('main_member', 66, 75, '30000', '260'),
  row('spouse', 18, 75, '30000', '90'),
  row('child', 0, 5, '10000', '15'),
  row('child', 6, 13, '15000', '18'),
  row('child', 14, 21, '20000', '20'),
  row('parent', 18, 85, '10000', '80'),
];
const caps = DEFAULT_FUNERAL_CAPS;
const join = (relationship: BenefitRow['relationship'], dateOfBirth: string) => ({ relationship, dateOfBirth, joinedOn: '2026-11-26' });

describe('the benefit table (issue #22)', () => {
  it('accepts a table with a main-member row and bands that do not overlap', () => {
    expect(benefitTableSchema.safeParse(TABLE).success).toBe(true);
    expect(benefitTableSchema.safeParse([]).success).toBe(true);
  });

  it('refuses a table without a main member, overlapping bands, or an age to below the age from', () => {
    const noMain = benefitTableSchema.safeParse([row('spouse', 18, 65, '10000', '50')]);
    expect(noMain.error?.issues.map((i) => i.message)).toEqual(['The benefit table needs a row for the main member']);
    const overlap = benefitTableSchema.safeParse([row('main_member', 18, 65, '10000', '50'), row('main_member', 60, 75, '10000', '80')]);
    expect(overlap.error?.issues.map((i) => i.message)).toEqual(['Main member age bands 18–65 and 60–75 overlap']);
    const backwards = benefitTableSchema.safeParse([row('main_member', 65, 18, '10000', '50')]);
    expect(backwards.error?.issues.map((i) => i.message)).toEqual(['Age to must not be below age from']);
    const noCover = benefitTableSchema.safeParse([row('main_member', 18, 65, '0', '50')]);
    expect(noCover.error?.issues.map((i) => i.message)).toEqual(['Cover must be at least R1']);
  });

  it('reads the headline and the entry ages from the bands', () => {
    expect(headlineBenefit(TABLE)).toMatchObject({ minAge: 18, monthlyPremium: '150' });
    expect(entryAges(TABLE, 'child')).toEqual({ minAge: 0, maxAge: 21 });
    expect(entryAges(TABLE, 'extended_family')).toBeNull();
  });

  it('maps the member form’s relationships to lives', () => {
    expect([null, 'spouse', 'child', 'parent', 'sibling', 'other'].map((r) => lifeRelationshipOf(r as never))).toEqual([
      'main_member',
      'spouse',
      'child',
      'parent',
      'extended_family',
      'extended_family',
    ]);
  });
});

describe('pricing a life that joins (entry ages and the funeral limits)', () => {
  it('prices each life from its band at its age on the day it joins', () => {
    expect(priceLife(TABLE, caps, join('main_member', '1980-05-01'))).toEqual({
      relationship: 'main_member',
      ageAtEntry: 46,
      coverAmount: '30000',
      monthlyPremium: '150',
    });
    expect(priceLife(TABLE, caps, join('main_member', '1955-01-01'))).toMatchObject({ ageAtEntry: 71, monthlyPremium: '260' });
    expect(priceLife(TABLE, caps, join('child', '2024-01-01'))).toMatchObject({ ageAtEntry: 2, coverAmount: '10000' });
  });

  it('refuses a life outside its entry ages, saying which', () => {
    expect(priceLife(TABLE, caps, join('main_member', '1940-01-01'))).toEqual({
      refused: 'A main member aged 86 cannot join this policy type: the entry ages for a main member are 18 to 75.',
    });
    expect(priceLife(TABLE, caps, join('child', '2003-01-01'))).toEqual({
      refused: 'A child aged 23 cannot join this policy type: the entry ages for a child are 0 to 21.',
    });
    expect(priceLife(TABLE, caps, join('extended_family', '1990-01-01'))).toEqual({
      refused: 'This policy type does not cover an extended family.',
    });
  });

  it('refuses a cover above the Insurance Act limit for the age: R20,000 under 6, R50,000 from 6 to 14, R100,000 a life', () => {
    const generous = [row('main_member', 18, 65, '120000', '500'), row('child', 0, 13, '25000', '20'), row('child', 14, 21, '60000', '30')];
    expect(priceLife(generous, caps, join('child', '2022-01-01'))).toEqual({
      refused: `A child aged 4 can be covered for at most ${formatRand('20000')} (the Insurance Act's funeral limit for a child under 6); this policy type gives ${formatRand('25000')}.`,
    });
    expect(priceLife(generous, caps, join('child', '2016-01-01'))).toMatchObject({ ageAtEntry: 10, coverAmount: '25000' });
    expect(priceLife(generous, caps, join('child', '2010-01-01'))).toMatchObject({ ageAtEntry: 16, coverAmount: '60000' });
    expect(priceLife(generous, caps, join('main_member', '1980-01-01'))).toMatchObject({
      refused: expect.stringContaining(`at most ${formatRand('100000')}`),
    });
    expect(capFor(caps, 13)).toEqual({ amount: '50000', rule: 'a child from 6 to under 14' });
    expect(capFor(caps, 14)).toEqual({ amount: '100000', rule: 'one life' });
  });

  it('takes the limits from the system setting, as JSON text or numbers, and the Act’s figures otherwise', () => {
    expect(funeralCapsFrom({ perLife: 110000, under6: '22000', under14: '55000' })).toEqual({
      perLife: '110000',
      under6: '22000',
      under14: '55000',
    });
    expect(funeralCapsFrom('{"perLife":"105000","under6":"21000","under14":"52000"}')).toMatchObject({ perLife: '105000' });
    expect(funeralCapsFrom(undefined)).toEqual(DEFAULT_FUNERAL_CAPS);
    expect(funeralCapsFrom({ perLife: 'lots' })).toEqual(DEFAULT_FUNERAL_CAPS);
  });

  it('a policy’s premium is always the sum of its lives’ premiums', () => {
    const random = seededRandom(22);
    const rand = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    for (let run = 0; run < 500; run++) {
      const cents = Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 1_000_000));
      const total = cents.reduce((a, b) => a + b, 0);
      expect(sumPremiums(cents.map((c) => ({ monthlyPremium: rand(c) })))).toBe(rand(total));
    }
  });
});

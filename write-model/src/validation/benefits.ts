import { z } from 'zod';
import { centsToDecimal, compareDecimal, decimalToCents } from './decimal.ts';
import { ageOn } from './dates.ts';
import { decimalString, numberField } from './fields.ts';
import { formatRand } from './rand.ts';
import type { Relationship } from './relationships.ts';

/**
 * Issue #22: the cover rules per life. A policy type may carry a benefit table — for each life's
 * relationship to the main member and age band, the cover and the premium; the lowest and highest band
 * of a relationship are its entry ages. A policy copies its type's table when it is issued (policies
 * keep their own terms), each life joining it is priced from that table at its age on the day it
 * joins, and the policy's premium is the sum of its lives' premiums. A type without a table is the
 * spec's one cover and one premium: the policy's premium is the type's, as before.
 */
export const LIFE_RELATIONSHIPS = ['main_member', 'spouse', 'child', 'parent', 'extended_family'] as const;
export type LifeRelationship = (typeof LIFE_RELATIONSHIPS)[number];

export const LIFE_RELATIONSHIP_LABELS: Record<LifeRelationship, string> = {
  main_member: 'Main member',
  spouse: 'Spouse',
  child: 'Child',
  parent: 'Parent',
  extended_family: 'Extended family',
};

/** A family member's relationship (the member form's choices) as a life of the benefit table. */
export function lifeRelationshipOf(relationship: Relationship | null): LifeRelationship {
  if (relationship === null) return 'main_member';
  if (relationship === 'spouse' || relationship === 'child' || relationship === 'parent') return relationship;
  return 'extended_family';
}

export type BenefitRow = {
  relationship: LifeRelationship;
  /** Whole years, inclusive. */
  minAge: number;
  maxAge: number;
  /** Rand, decimal strings. */
  coverAmount: string;
  monthlyPremium: string;
};

export const BENEFIT_LIMITS = { maxAge: 120, maxRows: 40 } as const;

export const BENEFIT_MESSAGES = {
  relationship: 'Choose the life: main member, spouse, child, parent or extended family',
  minAge: `Age from must be a whole number from 0 to ${BENEFIT_LIMITS.maxAge}`,
  maxAge: `Age to must be a whole number from 0 to ${BENEFIT_LIMITS.maxAge}`,
  ageOrder: 'Age to must not be below age from',
  coverAmount: 'Cover must be at least R1',
  monthlyPremium: 'Premium must be 0 or more',
  mainMember: 'The benefit table needs a row for the main member',
  tooMany: `A benefit table has at most ${BENEFIT_LIMITS.maxRows} rows`,
} as const;

const M = BENEFIT_MESSAGES;

const age = (message: string) =>
  numberField({ required: message, integer: message, min: { value: 0, message }, max: { value: BENEFIT_LIMITS.maxAge, message } }).meta({
    type: 'integer',
  });

export const benefitRowSchema = z
  .object({
    relationship: z.enum(LIFE_RELATIONSHIPS, { error: M.relationship }),
    minAge: age(M.minAge),
    maxAge: age(M.maxAge),
    coverAmount: decimalString({ required: M.coverAmount, negative: M.coverAmount, min: { value: '1', message: M.coverAmount } }),
    monthlyPremium: decimalString({ required: M.monthlyPremium, negative: M.monthlyPremium }),
  })
  .refine((row) => row.minAge <= row.maxAge, { path: ['maxAge'], error: M.ageOrder });

const overlapMessage = (a: BenefitRow, b: BenefitRow) =>
  `${LIFE_RELATIONSHIP_LABELS[a.relationship]} age bands ${a.minAge}–${a.maxAge} and ${b.minAge}–${b.maxAge} overlap`;

/** A table: a main-member row, and no relationship's age bands overlapping (each age has one price). */
export const benefitTableSchema = z
  .array(benefitRowSchema)
  .max(BENEFIT_LIMITS.maxRows, M.tooMany)
  .superRefine((rows, ctx) => {
    if (rows.length === 0) return;
    if (!rows.some((r) => r.relationship === 'main_member')) ctx.addIssue({ code: 'custom', message: M.mainMember, path: [] });
    rows.forEach((row, i) => {
      const clash = rows.findIndex(
        (other, j) => j < i && other.relationship === row.relationship && other.minAge <= row.maxAge && row.minAge <= other.maxAge,
      );
      if (clash >= 0) ctx.addIssue({ code: 'custom', message: overlapMessage(rows[clash]!, row), path: [i, 'minAge'] });
    });
  });

/** The headline cover and premium of a table: the main member's youngest band (the type's list columns). */
export function headlineBenefit(rows: readonly BenefitRow[]): BenefitRow | null {
  return [...rows].filter((r) => r.relationship === 'main_member').sort((a, b) => a.minAge - b.minAge)[0] ?? null;
}

/** A relationship's entry ages in a table (its lowest and highest band), or null when it has none. */
export function entryAges(rows: readonly BenefitRow[], relationship: LifeRelationship): { minAge: number; maxAge: number } | null {
  const bands = rows.filter((r) => r.relationship === relationship);
  if (bands.length === 0) return null;
  return { minAge: Math.min(...bands.map((b) => b.minAge)), maxAge: Math.max(...bands.map((b) => b.maxAge)) };
}

/**
 * The Insurance Act 2017 funeral limits per life (the micro-insurance / funeral class): R100,000 in all
 * per person; a child under 6 at most R20,000; from 6 to under 14 at most R50,000. The super admin keeps
 * them current (CPI) in system settings under FUNERAL_CAPS_SETTING_KEY.
 */
export type FuneralCaps = { perLife: string; under6: string; under14: string };
export const DEFAULT_FUNERAL_CAPS: FuneralCaps = { perLife: '100000', under6: '20000', under14: '50000' };
export const FUNERAL_CAPS_SETTING_KEY = 'funeral_cover_caps';

const capAmount = (label: string) => decimalString({ required: `${label} is required`, positive: `${label} must be more than R0` });

/** The system setting's value: the three limits in rand. */
export const funeralCapsSchema = z.object({
  perLife: capAmount('The limit per life'),
  under6: capAmount('The limit for a child under 6'),
  under14: capAmount('The limit for a child from 6 to under 14'),
});

/** The setting's value as the schema reads it: JSON text is read, amounts given as numbers become decimal strings. */
export function capsSettingValue(value: unknown): unknown {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return v;
    }
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'number' ? String(x) : x]));
}

/** The caps in force: the setting when it is a valid value, the Act's figures otherwise. */
export function funeralCapsFrom(value: unknown): FuneralCaps {
  const parsed = funeralCapsSchema.safeParse(capsSettingValue(value));
  return parsed.success ? parsed.data : DEFAULT_FUNERAL_CAPS;
}

/** The most a life of this age may be covered for. */
export function capFor(caps: FuneralCaps, age: number): { amount: string; rule: string } {
  if (age < 6) return { amount: caps.under6, rule: 'a child under 6' };
  if (age < 14) return { amount: caps.under14, rule: 'a child from 6 to under 14' };
  return { amount: caps.perLife, rule: 'one life' };
}

export type LifeToPrice = { relationship: LifeRelationship; dateOfBirth: string; joinedOn: string };
export type PricedLife = { relationship: LifeRelationship; ageAtEntry: number; coverAmount: string; monthlyPremium: string };

/**
 * A life joining a policy priced from its table, or the reason it cannot join: no band for its
 * relationship and age (the entry ages), or a cover above the funeral limit for its age.
 */
export function priceLife(rows: readonly BenefitRow[], caps: FuneralCaps, life: LifeToPrice): PricedLife | { refused: string } {
  const label = LIFE_RELATIONSHIP_LABELS[life.relationship].toLowerCase();
  const a = /^[aeiou]/.test(label) ? 'an' : 'a';
  const ageAtEntry = ageOn(life.dateOfBirth, life.joinedOn);
  const ages = entryAges(rows, life.relationship);
  if (!ages) return { refused: `This policy type does not cover ${a} ${label}.` };
  const band = rows.find((r) => r.relationship === life.relationship && r.minAge <= ageAtEntry && ageAtEntry <= r.maxAge);
  if (!band) {
    return {
      refused: `${cap1(a)} ${label} aged ${ageAtEntry} cannot join this policy type: the entry ages for ${a} ${label} are ${ages.minAge} to ${ages.maxAge}.`,
    };
  }
  const cap = capFor(caps, ageAtEntry);
  if (compareDecimal(band.coverAmount, cap.amount) > 0) {
    return {
      refused: `${cap1(a)} ${label} aged ${ageAtEntry} can be covered for at most ${formatRand(cap.amount)} (the Insurance Act's funeral limit for ${cap.rule}); this policy type gives ${formatRand(band.coverAmount)}.`,
    };
  }
  return { relationship: life.relationship, ageAtEntry, coverAmount: band.coverAmount, monthlyPremium: band.monthlyPremium };
}

const cap1 = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A policy's premium: the sum of its lives' premiums. */
export function sumPremiums(lives: readonly { monthlyPremium: string }[]): string {
  return centsToDecimal(lives.reduce((sum, l) => sum + decimalToCents(l.monthlyPremium), 0n));
}

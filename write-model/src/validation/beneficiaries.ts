import { z } from 'zod';
import { centsToDecimal, decimalToCents, isDecimalString } from './decimal.ts';
import { decimalString, NAME_MAX_LENGTH, nameTooLong, optionalOf, optionalSaPhoneField, requiredText } from './fields.ts';
import { isValidPassport } from './passport.ts';
import { RELATIONSHIPS } from './relationships.ts';
import { isValidSaId } from './sa-id.ts';

/**
 * A policy's beneficiaries (issue #22): who is paid the benefit, and what share of it. Nominated as a
 * whole set each time (PUT /api/policies/{id}/beneficiaries, GraphQL nominateBeneficiaries); the web's
 * dialog parses with this same schema, so the form and the server say the same words.
 */
export const BENEFICIARY_LIMITS = { min: 1, max: 10 } as const;

/** Shares are percentages with up to 2 decimals, compared in hundredths (10000 = 100%). */
export const FULL_SHARE = '100';

export const BENEFICIARY_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  idNumber: 'Enter a valid SA ID number (13 digits) or a passport number (6 to 20 letters and digits)',
  relationshipMissing: 'Choose the relationship',
  relationship: 'Relationship must be one of spouse, child, parent, sibling or other',
  phone: 'Invalid South African phone number',
  shareRequired: 'Share is required',
  shareInvalid: 'Share must be a percentage with up to 2 decimals, e.g. 50 or 33.33',
  sharePositive: 'Share must be more than 0%',
  shareTooLarge: 'Share cannot be more than 100%',
  tooFew: 'Nominate at least one beneficiary',
  tooMany: `A policy can have at most ${BENEFICIARY_LIMITS.max} beneficiaries`,
  duplicateId: 'Two beneficiaries cannot have the same ID number',
  list: 'Beneficiaries must be a list',
} as const;

/** "The beneficiaries' shares must add up to 100% (now 90%)." — `total` as a decimal string. */
export function sharesTotalMessage(total: string): string {
  return `The beneficiaries' shares must add up to 100% (now ${percentText(total)}%).`;
}

/** '90.00' → '90', '99.50' → '99.5', '99.99' stays: a percentage as people write it. */
export function percentText(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The sum of the shares that are amounts (others are refused on their own field), as a decimal string. */
export function sharesTotal(shares: readonly unknown[]): string {
  let cents = 0n;
  for (const share of shares) {
    const text = typeof share === 'number' ? String(share) : typeof share === 'string' ? share.trim() : '';
    if (isDecimalString(text)) cents += decimalToCents(text);
  }
  return centsToDecimal(cents);
}

/** An SA ID or passport number as compared and stored: no spaces, letters in capitals. */
export const identityNumberKey = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** 13 digits is an SA ID (and must be a valid one); anything else a passport number. */
export function isValidIdentityNumber(value: string): boolean {
  const key = identityNumberKey(value);
  return /^\d{13}$/.test(key) ? isValidSaId(key) : isValidPassport(key);
}

const shareField = () =>
  decimalString({
    required: BENEFICIARY_MESSAGES.shareRequired,
    invalid: BENEFICIARY_MESSAGES.shareInvalid,
    negative: BENEFICIARY_MESSAGES.sharePositive,
    positive: BENEFICIARY_MESSAGES.sharePositive,
    max: { value: FULL_SHARE, message: BENEFICIARY_MESSAGES.shareTooLarge },
  })
    // Stored with two places ('50.00'), so the same share always reads the same.
    .transform((v) => centsToDecimal(decimalToCents(v)))
    .meta({ description: "Percent of the benefit, up to 2 decimals ('50' or '33.33'); all shares add up to 100." });

export const beneficiarySchema = z.object({
  firstName: requiredText(BENEFICIARY_MESSAGES.firstName).max(NAME_MAX_LENGTH, nameTooLong('First name')),
  lastName: requiredText(BENEFICIARY_MESSAGES.lastName).max(NAME_MAX_LENGTH, nameTooLong('Last name')),
  idNumber: optionalOf(z.string().refine(isValidIdentityNumber, BENEFICIARY_MESSAGES.idNumber).transform(identityNumberKey))
    .transform((v) => v ?? null)
    .meta({ description: 'SA ID number or passport number (optional); no two beneficiaries of a policy share one.' }),
  relationship: z.enum(RELATIONSHIPS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? BENEFICIARY_MESSAGES.relationshipMissing
        : BENEFICIARY_MESSAGES.relationship,
  }),
  phone: optionalSaPhoneField(BENEFICIARY_MESSAGES.phone).transform((v) => v ?? null),
  share: shareField(),
});

/**
 * The whole set: 1 to 10 beneficiaries, shares adding up to exactly 100%, no ID number twice. The
 * set-wide rules are checked on the raw list too, so a form with one bad field still hears the total.
 */
export const beneficiariesSchema = z
  .object({
    beneficiaries: z
      .array(beneficiarySchema, { error: BENEFICIARY_MESSAGES.list })
      .min(BENEFICIARY_LIMITS.min, BENEFICIARY_MESSAGES.tooFew)
      .max(BENEFICIARY_LIMITS.max, BENEFICIARY_MESSAGES.tooMany),
  })
  .superRefine((value, ctx) => {
    if (!Array.isArray(value.beneficiaries)) return;
    for (const issue of beneficiarySetIssues(value.beneficiaries)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type BeneficiariesInput = z.output<typeof beneficiariesSchema>;
export type BeneficiaryInput = z.output<typeof beneficiarySchema>;
export type BeneficiaryFormValues = z.input<typeof beneficiarySchema>;

export type BeneficiarySetIssue = { path: (string | number)[]; message: string };

/**
 * The rules over the whole set, on rows as typed (the web shows them while the clerk types): the
 * shares' total (when there is at least one row) and a repeated ID number (on the later row).
 */
export function beneficiarySetIssues(rows: readonly { idNumber?: unknown; share?: unknown }[]): BeneficiarySetIssue[] {
  const issues: BeneficiarySetIssue[] = [];
  if (rows.length === 0 || rows.length > BENEFICIARY_LIMITS.max) return issues;
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (typeof row.idNumber !== 'string' || row.idNumber.trim() === '') return;
    const key = identityNumberKey(row.idNumber);
    if (seen.has(key)) issues.push({ path: ['beneficiaries', index, 'idNumber'], message: BENEFICIARY_MESSAGES.duplicateId });
    seen.add(key);
  });
  const total = sharesTotal(rows.map((row) => row.share));
  if (decimalToCents(total) !== decimalToCents(FULL_SHARE)) issues.push({ path: ['beneficiaries'], message: sharesTotalMessage(total) });
  return issues;
}

import { z } from 'zod';
import { compareDecimal, decimalToCents, isDecimalString, MAX_AMOUNT, MAX_AMOUNT_MESSAGE } from './decimal.ts';
import { isValidEmail } from './email.ts';
import { isValidSaId } from './sa-id.ts';
import { isValidSaPhone, normalizeSaPhone } from './phone.ts';

/*
 * Field builders shared by the schemas. Each field reports at most one message, so a form shows one
 * clear sentence per field and the server's first message is the one that matters.
 */

/**
 * Names, usernames and identifiers land in indexed text columns (members_full_name, the claims' name
 * indexes, policy_types_name, the username key): a btree entry holds at most 2,704 bytes, so these
 * are kept far below the general 20,000-character text limit that an index would refuse.
 */
export const NAME_MAX_LENGTH = 100;
export const nameTooLong = (label: string) => `${label} must be at most ${NAME_MAX_LENGTH} characters`;

/** A required, trimmed string: missing, non-string and blank all say `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** A trimmed string of at least `min` characters; missing says the same message. */
export function minText(min: number, message: string) {
  return z.string({ error: message }).trim().min(min, message);
}

/** Optional text: missing, null or blank become undefined, so payloads never carry ''. */
export function optionalText() {
  return z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : undefined));
}

/** Like optionalText, but absent becomes null: the member payloads send "x or null". */
export function nullableText() {
  return z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional field that, when filled in, must pass `inner` (blank counts as not filled in). */
export function optionalOf<T extends z.ZodType<unknown, string>>(inner: T) {
  return optionalText().pipe(inner.optional());
}

/** As optionalOf, but blank becomes null. */
export function nullableOf<T extends z.ZodType<unknown, string>>(inner: T) {
  return nullableText().pipe(inner.nullable());
}

export function emailField(message: string) {
  return z.string({ error: message }).trim().refine(isValidEmail, message);
}

export function optionalEmailField(message: string) {
  return optionalOf(z.string().refine(isValidEmail, message));
}

export function saIdField(message: string) {
  return z.string({ error: message }).trim().refine(isValidSaId, message);
}

export type SaPhoneMessages = {
  /** Shown for a blank value; defaults to `invalid`. */
  required?: string;
  /** Shown when fewer than 10 characters remain after removing spaces; defaults to `invalid`. */
  tooShort?: string;
  invalid: string;
};

/** A South African phone number; the value comes out with its spaces removed. */
export function saPhoneField(messages: SaPhoneMessages) {
  const required = messages.required ?? messages.invalid;
  return z
    .string({ error: required })
    .superRefine((value, ctx) => {
      const phone = normalizeSaPhone(value);
      if (phone === '') ctx.addIssue({ code: 'custom', message: required });
      else if (phone.length < 10) ctx.addIssue({ code: 'custom', message: messages.tooShort ?? messages.invalid });
      else if (!isValidSaPhone(phone)) ctx.addIssue({ code: 'custom', message: messages.invalid });
    })
    .transform(normalizeSaPhone);
}

/** An optional South African phone number: blank is fine, anything else must be valid. */
export function optionalSaPhoneField(invalid: string) {
  return optionalOf(saPhoneField({ invalid }));
}

export type DecimalMessages = {
  required: string;
  /** Not an amount at all ('abc', '1,000', '1.234'). */
  invalid?: string;
  /** A negative amount, when it deserves its own words. */
  negative?: string;
  /** At least this amount (a decimal string). */
  min?: { value: string; message: string };
  /** Must be more than zero. */
  positive?: string;
  /** At most this amount (a decimal string); MAX_AMOUNT unless a field says otherwise. */
  max?: { value: string; message: string };
};

const DEFAULT_INVALID_AMOUNT = 'Enter an amount in rand, e.g. 1500 or 1500.50';

/**
 * A money amount as a decimal string: digits with up to 2 decimals, compared in integer cents.
 * Numbers are accepted too (JSON clients) and turned into strings before any check, so no float
 * arithmetic happens; 0.30000000000000004 is simply not an amount.
 */
export function decimalString(messages: DecimalMessages) {
  return z
    .union([z.string(), z.number()], { error: messages.required })
    .meta({ description: "Rand as a decimal string ('150' or '150.50')." })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (value === '') return fail(messages.required);
      if (!isDecimalString(value)) {
        const negative = value.startsWith('-') && isDecimalString(value.slice(1));
        return fail(negative && messages.negative ? messages.negative : (messages.invalid ?? DEFAULT_INVALID_AMOUNT));
      }
      if (messages.min && compareDecimal(value, messages.min.value) < 0) return fail(messages.min.message);
      if (messages.positive && decimalToCents(value) === 0n) return fail(messages.positive);
      const max = messages.max ?? { value: MAX_AMOUNT, message: MAX_AMOUNT_MESSAGE };
      if (compareDecimal(value, max.value) > 0) return fail(max.message);
    });
}

export type NumberMessages = {
  required: string;
  invalid?: string;
  integer?: string;
  min?: { value: number; message: string };
  max?: { value: number; message: string };
};

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/**
 * A number that may arrive as a number (JSON) or as the text of an input ('6', '7.5'). Blank is
 * "required" rather than 0, which is what z.coerce.number would silently make of it.
 */
export function numberField(messages: NumberMessages) {
  return z
    .union([z.string(), z.number()], { error: messages.required })
    .superRefine((raw, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      const text = typeof raw === 'string' ? raw.trim() : null;
      if (text === '') return fail(messages.required);
      if (text !== null && !NUMERIC.test(text)) return fail(messages.invalid ?? messages.required);
      const value = Number(raw);
      if (!Number.isFinite(value)) return fail(messages.invalid ?? messages.required);
      if (messages.integer && !Number.isInteger(value)) return fail(messages.integer);
      if (messages.min && value < messages.min.value) return fail(messages.min.message);
      if (messages.max && value > messages.max.value) return fail(messages.max.message);
    })
    .transform((raw) => Number(typeof raw === 'string' ? raw.trim() : raw));
}

/** An optional choice: blank or missing becomes null, anything else must be one of `values`. */
export function nullableChoiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  // The choices, for a generated schema (GraphQL's enum of these values): the pipe's input side is any text.
  return nullableOf(z.enum(values, { error: message })).meta({ enum: [...values] });
}

/** An optional number: missing, null or blank text become undefined, anything else must pass. */
export function optionalNumberField(messages: Omit<NumberMessages, 'required'> & { invalid: string }) {
  return z
    .union([z.string(), z.number()], { error: messages.invalid })
    .nullish()
    .transform((v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v))
    .pipe(numberField({ ...messages, required: messages.invalid }).optional());
}

import { z, type ZodType } from 'zod';

/*
 * Building blocks of the answer schemas (one `<area>.answers.ts` per route table). An answer schema
 * describes what the REST shim sends, a read-model row as JSON: a Date becomes an ISO string.
 * `rowOf<Row>()(schema)` ties a schema to the row type it describes, both ways, so a column added to
 * or removed from a read model fails the type check here instead of drifting out of the document.
 */

/** What a value becomes in an answer: Dates as ISO strings, readonly arrays as arrays. */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]: Json<T[K]> }
      : T;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The schema, when its output is exactly the JSON of Row; otherwise a type error naming both. */
export function rowOf<Row>() {
  return <S extends ZodType>(
    schema: S & (Same<z.output<S>, Json<Row>> extends true ? unknown : { describes: z.output<S>; mustDescribe: Json<Row> }),
  ): S => schema;
}

/** A component of the document (components/schemas/<id>); answers are strict objects, so an undocumented field fails the answer check. */
export const named = <S extends ZodType>(id: string, schema: S): S => schema.meta({ id });

/** An instant, as JSON carries a Date. */
export const instant = z.iso.datetime({ offset: true });
/** A calendar date, YYYY-MM-DD. */
export const day = z.iso.date();
/** An amount of money as exact decimal text ("150.50"), never a float. */
export const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'Decimal amount as text, e.g. "150.50"' });
export const id = z.string().min(1);

export const ok = z.strictObject({ ok: z.literal(true) });
export const okWithId = z.strictObject({ ok: z.literal(true), id });

/** Every refusal: the error answer of errors.ts (`jsonError`, `toErrorAnswer`). */
export const errorAnswer = named(
  'Error',
  z.strictObject({
    message: z.string(),
    code: z.string().meta({ description: 'VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, … (api-gateway/src/errors.ts)' }),
    issues: z
      .array(z.looseObject({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .meta({ description: 'One entry per field that was refused, with its path' }),
  }),
);

/**
 * One route's answers, for the document. `answer` is the JSON body at the route's success status;
 * `responses` adds or replaces answers by status (a file, a page, a second success status).
 */
export type AnswerDoc = {
  summary: string;
  description?: string;
  answer?: ZodType;
  /** Headers of the success answer, by name: what they mean. */
  headers?: Record<string, string>;
  responses?: Record<number, { description: string; content?: Record<string, ZodType>; headers?: Record<string, string> }>;
};

/** Answer docs keyed "METHOD /api/path/:param", exactly as the route table spells the route. */
export type AnswerMap = Record<string, AnswerDoc>;

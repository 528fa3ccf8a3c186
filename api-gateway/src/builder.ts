import SchemaBuilder from '@pothos/core';
import type { RequestContext } from './context.ts';

/** The one Pothos builder. Fields are non-null unless marked nullable. */
export const builder = new SchemaBuilder<{
  Context: RequestContext;
  DefaultFieldNullability: false;
  /** Structured values (a system setting's value): any JSON, passed through as it is. */
  Scalars: { JSON: { Input: unknown; Output: unknown } };
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.scalarType('JSON', {
  description: 'Any JSON value: text, number, boolean, list or object.',
  serialize: (value) => value,
  parseValue: (value) => value,
});
builder.mutationType({});

/** GraphQL input objects arrive with nulls for omitted optional fields; the zod schemas expect them absent. */
export function withoutNulls<T extends object>(input: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}

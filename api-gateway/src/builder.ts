import SchemaBuilder from '@pothos/core';
import type { RequestContext } from './context.ts';

/** The one Pothos builder. Fields are non-null unless marked nullable. */
export const builder = new SchemaBuilder<{ Context: RequestContext; DefaultFieldNullability: false }>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});

/** GraphQL input objects arrive with nulls for omitted optional fields; the zod schemas expect them absent. */
export function withoutNulls<T extends object>(input: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}

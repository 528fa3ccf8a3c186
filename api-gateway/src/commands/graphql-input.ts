import type { CommandSlice } from '@fpa/write-model';
import { z } from 'zod';
import { builder } from '../builder.ts';

/** A GraphQL type a mutation answers or an argument takes: a scalar's name, a Pothos ref, or a list of one. */
export type OutputType = string | object | readonly [string | object];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
  /**
   * `.meta({ graphqlType })` on a zod field: its GraphQL scalar where the rules below would pick another
   * (an agent code named agentId is a String; a rate zod takes as text or number is a Float; a policy
   * type's id named policyType is an ID; a relationship the schema checks itself stays a String).
   */
  graphqlType?: GraphqlScalar;
};

/** The scalars `.meta({ graphqlType })` may name. */
export type GraphqlScalar = 'ID' | 'String' | 'Float' | 'Int' | 'Boolean';

type FieldType = { type: unknown; nullable: boolean; list: boolean };

/** The example date a today-dependent schema is drawn with: only its shape is read. */
export const SHAPE_DATE = '2000-01-01';

/**
 * GraphQL enums by their values, so an input field whose zod schema is z.enum(PAYMENT_METHODS) takes the
 * PaymentMethod enum the answers use. Filled by enumType (every enum of the schema is declared through it).
 */
const enumsByValues = new Map<string, object>();

function valuesKey(values: readonly unknown[]): string {
  return JSON.stringify([...values].map(String).sort());
}

/** builder.enumType, remembered by its values for the generated input types. */
export function enumType<const Values extends readonly string[]>(name: string, options: { values: Values; description?: string }) {
  const ref = builder.enumType(name, options);
  const key = valuesKey(options.values);
  if (!enumsByValues.has(key)) enumsByValues.set(key, ref);
  return ref;
}

/**
 * A zod enum over some of a GraphQL enum's values (the company roles: every Role but super_admin) takes
 * that enum: the schema still refuses the values it leaves out.
 */
export function enumForValues(values: readonly string[], ref: object): void {
  const key = valuesKey(values);
  if (!enumsByValues.has(key)) enumsByValues.set(key, ref);
}

/** The input side of a slice's schema as JSON Schema (zod's own conversion): what a caller sends. */
export function inputJsonSchema(slice: Pick<CommandSlice, 'input'>): JsonSchema {
  return z.toJSONSchema(slice.input(SHAPE_DATE), { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const inputTypes = new Map<string, object>();

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withoutNull(node: JsonSchema): { node: JsonSchema; nullable: boolean } {
  const options = node.anyOf ?? node.oneOf;
  if (options) {
    const rest = options.filter((o) => o.type !== 'null');
    const meta = {
      ...(node.description ? { description: node.description } : {}),
      ...(node.graphqlType ? { graphqlType: node.graphqlType } : {}),
    };
    if (rest.length === 1) return { node: { ...rest[0]!, ...meta }, nullable: rest.length < options.length };
    return { node: { ...node, anyOf: rest }, nullable: rest.length < options.length };
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((t) => t !== 'null');
    return { node: { ...node, type: types.length === 1 ? types[0]! : types }, nullable: types.length < node.type.length };
  }
  return { node, nullable: false };
}

/**
 * The GraphQL type of one field: ids (`id`, `…Id`, `…Ids`) are ID; a text-or-number (amounts) is String; an
 * enum is the schema's enum with the same values, else String; an object is a nested input type.
 */
function fieldType(key: string, raw: JsonSchema, path: string, names: Names): FieldType {
  const { node, nullable } = withoutNull(raw);
  const named = raw.graphqlType ?? node.graphqlType;
  if (named) return { type: named, nullable, list: false };
  if (node.type === 'array' && node.items) {
    const item = fieldType(key.replace(/s$/, ''), node.items, path, names);
    return { type: item.type, nullable, list: true };
  }
  return { type: scalarOrObject(key, node, path, names), nullable, list: false };
}

type Names = { of(path: string): string };

/** A record's id (`id`, `…Id`, `…Ids`); an SA ID number (`saId`, `deceasedSaId`) is a person's identity number, text. */
function isIdKey(key: string): boolean {
  return key === 'id' || (/Ids?$/.test(key) && !/(^s|S)aIds?$/.test(key));
}

function scalarOrObject(key: string, node: JsonSchema, path: string, names: Names): unknown {
  if (node.enum) {
    const known = enumsByValues.get(valuesKey(node.enum));
    if (known) return known;
  }
  if (node.type === 'object' && node.properties) return objectInput(names.of(path), node, path, names);
  if (node.type === 'boolean') return 'Boolean';
  if (node.type === 'integer') return 'Int';
  if (node.type === 'number') return 'Float';
  if (node.type === 'string' || Array.isArray(node.type) || node.enum) return isIdKey(key) ? 'ID' : 'String';
  return 'JSON';
}

function objectInput(name: string, node: JsonSchema, path: string, names: Names): object {
  const known = inputTypes.get(name);
  if (known) return known;
  const ref = builder.inputType(name, {
    ...(node.description ? { description: node.description } : {}),
    fields: (t) =>
      Object.fromEntries(
        Object.entries(node.properties ?? {}).map(([key, property]) => {
          const field = fieldType(key, property, path ? `${path}.${key}` : key, names);
          const required = (node.required ?? []).includes(key) && !field.nullable;
          return [key, t.field(fieldOptions(field, required, property.description) as never)];
        }),
      ),
  });
  inputTypes.set(name, ref);
  return ref;
}

function fieldOptions(field: FieldType, required: boolean, description: string | undefined) {
  return {
    type: field.list ? [field.type] : field.type,
    required: field.list ? { list: required, items: true } : required,
    ...(description ? { description } : {}),
  };
}

/** Pothos's argument builder, as far as this file calls it (its full generics add nothing here). */
type ArgBuilder = ((options: object) => unknown) & { id(options: object): unknown };

/**
 * The mutation's arguments from the slice's input schema — `input: <Name>Input!`, or the fields
 * themselves for a flat mutation — and the slice's target as `<target>: ID!`. inputOf takes the
 * arguments back to the input the slice parses.
 */
export function inputArguments(
  t: { arg: unknown },
  slice: CommandSlice,
  graphql: { args?: 'input' | 'flat'; targetType?: OutputType; inputName?: string; nestedNames?: Record<string, string> },
): { args: Record<string, unknown>; inputOf(given: Record<string, unknown>): Record<string, unknown> } {
  const arg = t.arg as ArgBuilder;
  const schema = inputJsonSchema(slice);
  const inputName = graphql.inputName ?? `${capitalized(slice.name)}Input`;
  const names: Names = {
    of: (path) => graphql.nestedNames?.[path] ?? `${inputName.replace(/Input$/, '')}${path.split('.').map(capitalized).join('')}Input`,
  };
  const target = slice.target
    ? { [slice.target]: graphql.targetType ? arg({ type: graphql.targetType, required: true }) : arg.id({ required: true }) }
    : {};
  const properties = schema.properties ?? {};
  if (graphql.args === 'flat') {
    const args = Object.fromEntries(
      Object.entries(properties).map(([key, property]) => {
        const field = fieldType(key, property, key, names);
        return [key, arg(fieldOptions(field, (schema.required ?? []).includes(key) && !field.nullable, property.description))];
      }),
    );
    return {
      args: { ...target, ...args },
      inputOf: (given) =>
        withoutNulls(Object.fromEntries(Object.keys(properties).map((key) => [key, given[key]]))) as Record<string, unknown>,
    };
  }
  if (Object.keys(properties).length === 0) return { args: target, inputOf: () => ({}) };
  const type = objectInput(inputName, schema, '', names);
  const required = (schema.required ?? []).length > 0;
  return {
    args: { ...target, input: arg({ type, required }) },
    inputOf: (given) => withoutNulls(given.input ?? {}) as Record<string, unknown>,
  };
}

/**
 * GraphQL sends null for an omitted optional field; the zod schemas expect it absent. Nested objects
 * (a family member in a list) are cleaned the same way.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

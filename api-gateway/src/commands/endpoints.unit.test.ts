import { getNamedType, isInputObjectType, isNonNullType, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { routes } from '../rest/index.ts';
import { schema } from '../schema/index.ts';
import { inputJsonSchema } from './graphql-input.ts';
import { pathFields } from './expose.ts';
import { commandEndpoints } from './index.ts';

/** A field's name and whether a caller must send it. */
function shapeOf(fields: readonly (GraphQLArgument | GraphQLInputField)[]): Record<string, boolean> {
  return Object.fromEntries(fields.map((f) => [f.name, isNonNullType(f.type)]));
}

/**
 * REST and GraphQL cannot drift: every command slice has both adapters, they check the same
 * operation, and the GraphQL arguments are exactly the slice's input (the REST body is parsed by the
 * same schema in the same slice, so both refuse and accept the same inputs).
 */
describe('every command slice is exposed by both adapters, and they agree', () => {
  const mutations = schema.getMutationType()!.getFields();

  it.each(commandEndpoints.map((e) => [e.slice.name, e] as const))('%s', (_name, e) => {
    const { slice } = e;
    const route = routes.find((r) => r.command === e);
    expect(route, `${slice.name} has a REST route`).toBeDefined();
    expect(route!).toMatchObject({ method: e.rest.method, path: e.rest.path, operation: slice.operation });
    if (slice.target) expect(route!.path.split('/')).toContain(`:${slice.target}`);
    const input = inputJsonSchema(slice);
    // A path parameter other than the target is an input field: GraphQL takes it as one.
    for (const field of pathFields(route!.path, slice.target))
      expect(Object.keys(input.properties ?? {}), `${slice.name} :${field}`).toContain(field);

    const mutation = mutations[slice.name];
    expect(mutation, `${slice.name} has a GraphQL mutation`).toBeDefined();
    const wanted = Object.fromEntries(Object.keys(input.properties ?? {}).map((key) => [key, (input.required ?? []).includes(key)]));
    const args = shapeOf(mutation!.args);
    const targetArg = slice.target ? { [slice.target]: true } : {};
    if ((e.graphql.args ?? 'input') === 'flat') {
      expect(args).toEqual({ ...targetArg, ...wanted });
    } else if (Object.keys(wanted).length === 0) {
      expect(args).toEqual(targetArg);
    } else {
      const { input: inputArg, ...rest } = args;
      expect(rest).toEqual(targetArg);
      expect(inputArg).toBeDefined();
      const type = getNamedType(mutation!.args.find((a) => a.name === 'input')!.type);
      expect(isInputObjectType(type)).toBe(true);
      if (isInputObjectType(type)) {
        // Optional in GraphQL when zod gives a default or accepts null: the shape, not the exact nullability.
        const fields = shapeOf(Object.values(type.getFields()));
        expect(Object.keys(fields).sort()).toEqual(Object.keys(wanted).sort());
        for (const [key, required] of Object.entries(fields)) if (required) expect(wanted[key], `${slice.name}.${key}`).toBe(true);
      }
    }
  });

  it('names each slice once', () => {
    const names = commandEndpoints.map((e) => e.slice.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

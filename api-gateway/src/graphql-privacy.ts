import { NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const SUGGESTION = /\s*Did you mean .+\?$/;

/**
 * What the schema tells a stranger (issue #27 §4). In production, unless GRAPHQL_INTROSPECTION=on:
 * no introspection (__schema, __type; __typename stays), and no "Did you mean …?" in error messages,
 * which would otherwise spell the schema out field by field to anyone guessing names.
 */
export function schemaPrivacyPlugin(options: { introspection: boolean }): Plugin {
  if (options.introspection) return {};
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
    onResultProcess({ result }) {
      for (const one of Array.isArray(result) ? result : [result]) {
        if (!one || Symbol.asyncIterator in one) continue;
        for (const error of one.errors ?? []) {
          // A GraphQLError's message is what its toJSON sends.
          if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, '');
        }
      }
    },
  };
}

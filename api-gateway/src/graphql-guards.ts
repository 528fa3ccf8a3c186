import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { findUnsafeText, unsafeTextMessage } from '@fpa/write-model/validation';

/*
 * Limits on what one GraphQL request may ask (GraphQL Armor). The web app's deepest operation nests
 * 4 levels and uses no aliases, so these bounds leave room for fragments and clients while a query
 * of depth 50, 10,000 aliases or a token flood is refused at validation, before any resolver runs.
 * Aliases of __typename count too (Armor exempts them by default): 10,000 of them cost as much to answer.
 * Validation errors answer 200 to `accept: application/json` clients (GraphQL over HTTP), 400 otherwise.
 */
export const GRAPHQL_LIMITS = { depth: 12, aliases: 30, cost: 5000, tokens: 3000 } as const;

const refused = (message: string) => new GraphQLError(message, { extensions: { code: 'VALIDATION_FAILED', http: { status: 400 } } });

/** String literals written into the document itself: the same rule as variables and REST bodies. */
function unsafeLiteralRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      const message = unsafeTextMessage(node.value);
      if (message) context.reportError(new GraphQLError(message, { nodes: [node], extensions: { code: 'VALIDATION_FAILED' } }));
    },
  };
}

/** Variables are checked before parsing, so NUL bytes and lone surrogates never reach a resolver. */
const unsafeTextPlugin: Plugin = {
  onParams({ params }) {
    const unsafe = findUnsafeText(params.variables ?? null);
    if (unsafe) throw refused(`${unsafe.message} (variables.${unsafe.path.join('.')})`);
  },
  onValidate({ addValidationRule }) {
    addValidationRule(unsafeLiteralRule);
  },
};

export function graphqlGuards(): Plugin[] {
  const limits = { exposeLimits: true } as const;
  return [
    unsafeTextPlugin,
    maxTokensPlugin({ n: GRAPHQL_LIMITS.tokens, ...limits }),
    maxDepthPlugin({ n: GRAPHQL_LIMITS.depth, ignoreIntrospection: true, flattenFragments: true, ...limits }),
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.aliases, allowList: [], ...limits }),
    costLimitPlugin({ maxCost: GRAPHQL_LIMITS.cost, ...limits }),
  ];
}

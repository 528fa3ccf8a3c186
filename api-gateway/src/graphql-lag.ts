import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { DomainError } from '@fpa/write-model';
import type { RequestContext } from './context.ts';
import { SAVED_NOT_VISIBLE_YET } from './errors.ts';

function notFound(error: GraphQLError): boolean {
  const original = error.originalError;
  if (original instanceof DomainError) return original.code === 'NOT_FOUND';
  return error.extensions?.code === 'NOT_FOUND';
}

/**
 * The GraphQL side of afterLaggingWrite (errors.ts): a mutation whose read-your-writes wait timed out
 * and that then could not read its own answer back reports SAVED_NOT_VISIBLE_YET, not NOT_FOUND.
 */
export function laggingWritePlugin(): Plugin<RequestContext> {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          const ctx = args.contextValue as RequestContext;
          if (!ctx.projectionLag?.timedOut || Symbol.asyncIterator in result) return;
          const done = result as ExecutionResult;
          if (!done.errors?.some(notFound)) return;
          setResult({
            ...done,
            errors: done.errors.map((error) =>
              notFound(error)
                ? new GraphQLError(SAVED_NOT_VISIBLE_YET, {
                    nodes: error.nodes,
                    path: error.path,
                    extensions: { code: 'SAVED_NOT_VISIBLE_YET', issues: [] },
                  })
                : error,
            ),
          });
        },
      };
    },
  };
}

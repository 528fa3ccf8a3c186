import type { CommandOutcome, CommandRequest, CommandSlice } from '@fpa/write-model';
import { DomainError } from '@fpa/write-model';
import { authorize, NOT_ALLOWED } from '../auth/policy.ts';
import { paymentProvider } from '../billing/select-provider.ts';
import { builder } from '../builder.ts';
import type { RequestContext } from '../context.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import type { Method, Route } from '../rest/router.ts';
import { inputArguments, type OutputType } from './graphql-input.ts';

/**
 * How one command slice is exposed: its REST route (path and answer as the spec's route table says),
 * its GraphQL mutation, and the read that answers both once the command's write is visible. Both
 * adapters are built from this one declaration (restRoutesOf, addMutations), so they take the same
 * input (the slice's zod schema), check the same operation and give the same answer.
 */
export type CommandEndpoint<Outcome extends CommandOutcome = CommandOutcome, Answer = unknown> = {
  slice: CommandSlice<Outcome>;
  rest: {
    method: Exclude<Method, 'GET'>;
    /** The slice's target, if any, is the `:<target>` segment. */
    path: string;
    /** Status of a successful answer (default 200). */
    status?: number;
    /** The REST body when it is not the answer itself (the spec's shape for this route). */
    body?: (answer: Answer) => unknown;
    /**
     * The command's input read from the request itself (a file sent as the body: text/csv or multipart),
     * for a route whose body is not JSON; GraphQL takes the same input as fields.
     */
    readBody?: (request: Request) => Promise<unknown>;
  };
  graphql: {
    /** The mutation's answer type. */
    type: OutputType;
    description?: string;
    /** 'input' (default): one `input: <inputName>!` argument; 'flat': the input's fields are the arguments. */
    args?: 'input' | 'flat';
    /** The target argument's type (default ID): a role is the Role enum. */
    targetType?: OutputType;
    /** The input type's name (default `<Name>Input`); names for nested object fields by field path. */
    inputName?: string;
    nestedNames?: Record<string, string>;
    /** The GraphQL answer when it is not the answer itself. */
    result?: (answer: Answer) => unknown;
  };
  /**
   * Gateway policy around the command, when it has one beyond its operation (a wrong current password
   * counts toward the sign-in lock-out): runs after the operation is checked, around the command.
   */
  around?(ctx: RequestContext, command: () => Promise<Outcome>, request: CommandRequest): Promise<Outcome>;
  /** The answer, read after the write is visible (read-your-writes). */
  answer(ctx: RequestContext, outcome: Outcome, request: CommandRequest): Promise<Answer> | Answer;
};

/** Declares an endpoint (identity: it keeps the outcome's and answer's types together). */
export function endpoint<Outcome extends CommandOutcome, Answer>(e: CommandEndpoint<Outcome, Answer>): CommandEndpoint<Outcome, Answer> {
  return e;
}

/** An endpoint whatever its types: the lists the adapters walk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each endpoint keeps its own types; the list holds them all
export type AnyEndpoint = CommandEndpoint<any, any>;

/**
 * The four steps every command takes, once: the caller may do it → the command with its idempotency
 * key, actor and time → the write visible to the caller's next read → the answer.
 */
export async function runCommand<Outcome extends CommandOutcome, Answer>(
  ctx: RequestContext,
  e: CommandEndpoint<Outcome, Answer>,
  request: CommandRequest,
): Promise<Answer> {
  authorize(ctx.user, e.slice.operation);
  const { store, sql, config } = ctx.services;
  const deps = { store, sql, paymentProvider: paymentProvider(config.billing)?.id ?? null };
  const command = () => e.slice.handle(deps, request, commandFor(ctx));
  // What a command checks before it runs (its `around`) reads the primary, never a replica behind it.
  const readsBefore = ctx.reads.primary;
  ctx.reads.primary = true;
  const started = performance.now();
  const outcome = await (e.around ? e.around(ctx, command, request) : command()).finally(() => {
    ctx.reads.primary = readsBefore;
    ctx.timings.command += performance.now() - started;
  });
  if (outcome.append) {
    const waitStarted = performance.now();
    await readYourWrites(ctx, outcome.append, outcome.readYourWrites);
    ctx.timings.readYourWrites += performance.now() - waitStarted;
  }
  // Nothing appended (or written outside the log): its answer is read on the primary, never behind a replica.
  else ctx.reads.primary = true;
  return e.answer(ctx, outcome, request);
}

/** The caller's company, for an answer read after a command of a company user. */
export function companyOf(ctx: RequestContext): string {
  const companyId = ctx.user?.companyId;
  if (!companyId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  return companyId;
}

/** The REST routes of the endpoints (rest/index.ts adds them to the table). */
export function restRoutesOf(endpoints: readonly AnyEndpoint[]): Route[] {
  return endpoints.map((e) => {
    const target = e.slice.target;
    if (target && !e.rest.path.split('/').includes(`:${target}`)) {
      throw new Error(`${e.slice.name}: REST path ${e.rest.path} lacks the target segment :${target}`);
    }
    return {
      method: e.rest.method,
      path: e.rest.path,
      operation: e.slice.operation,
      ...(e.rest.status ? { status: e.rest.status } : {}),
      ...(e.rest.readBody ? { rawBody: true } : {}),
      command: e,
      async handler(ctx, { params, body }) {
        const answer: unknown = await runCommand(ctx, e, {
          target: target ? params[target]! : '',
          input: e.rest.readBody ? await e.rest.readBody(ctx.request) : withPathFields(e.rest.path, target, params, body),
        });
        return e.rest.body ? e.rest.body(answer) : answer;
      },
    } satisfies Route;
  });
}

/** The path's parameters other than the target (`:permission`). */
export function pathFields(path: string, target: string | undefined): string[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':') && s !== `:${target}`)
    .map((s) => s.slice(1));
}

/**
 * A path parameter other than the target is a field of the input (POST /api/users/:userId/permissions/:permission/grant
 * has no body; GraphQL takes `permission` as an argument): the body with those fields set from the path.
 */
function withPathFields(path: string, target: string | undefined, params: Record<string, string>, body: unknown): unknown {
  const fields = pathFields(path, target);
  if (fields.length === 0) return body;
  const given = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return { ...given, ...Object.fromEntries(fields.map((f) => [f, params[f]])) };
}

/** The GraphQL mutations of the endpoints, one per slice, named as the slice. */
export function addMutations(endpoints: readonly AnyEndpoint[]): void {
  for (const e of endpoints) {
    const { slice, graphql } = e;
    const target = slice.target;
    builder.mutationField(slice.name, (t) => {
      const { args, inputOf } = inputArguments(t, slice, graphql);
      return t.field({
        type: graphql.type as never,
        ...(graphql.description ? { description: graphql.description } : {}),
        args: args as never,
        resolve: async (_root, given: Record<string, unknown>, ctx: RequestContext) => {
          const input = inputOf(given);
          const answer: unknown = await runCommand(ctx, e, { target: target ? String(given[target]) : '', input });
          return (graphql.result ? graphql.result(answer) : answer) as never;
        },
      });
    });
  }
}

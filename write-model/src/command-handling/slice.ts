import type { z } from 'zod';
import type { Operation } from '../access/operations.ts';
import type { SqlClient } from '../event-store/sql.ts';
import type { AppendResult, EventStore } from '../event-store/types.ts';
import type { CommandContext } from './context.ts';

/**
 * What a command reaches outside itself: the event store, the database its reservations live in (a
 * command that needs a transaction of its own, like a checkout, opens one), and the payment provider a
 * subscription checkout is paid at (the server's configuration; null when online payment is not set up).
 */
export type CommandDeps = { store: EventStore; sql: SqlClient; paymentProvider?: string | null };

/**
 * A command's request as both adapters hand it over: the record it acts on (a REST path segment, a
 * GraphQL argument), when it acts on one, and its input as sent (the slice parses it).
 */
export type CommandRequest = { target: string; input: unknown };

/** What a command answers: the append it made (null when repeating it changed nothing) and the ids it chose. */
export type CommandOutcome = {
  append: AppendResult | null;
  /**
   * What the answer waits for in the read models (read-your-writes): 'own' (the default) the append's
   * own events; 'earlier' only what was appended before them, for one part of a sequence whose last
   * part waits for its own (the member import's chunks: each chunk's projection overlaps the next one's
   * work, and the read models lag the upload by one chunk at most).
   */
  readYourWrites?: 'own' | 'earlier';
};

/**
 * One command, whole: everything the gateway needs to expose it, in the command's own file beside its
 * load → decide → append. The gateway builds the GraphQL mutation, the REST route and the OpenAPI
 * operation from it (api-gateway/src/commands/), so the two adapters cannot drift apart.
 */
export type CommandSlice<Outcome extends CommandOutcome = CommandOutcome> = {
  /** The GraphQL mutation's name and the OpenAPI operationId. */
  name: string;
  /** What the caller must be allowed (access/operations.ts), checked before the input is read. */
  operation: Operation;
  /**
   * The input's zod schema — the one the command parses and the web form uses. A factory when a rule
   * depends on today's South African date (a payment date not in the future): any date gives its shape.
   */
  input: (today: string) => z.ZodType;
  /**
   * The name of the record the command acts on, given apart from its input (REST `:name` path segment,
   * GraphQL `name: ID!` argument); absent for a command that creates its record.
   */
  target?: string;
  /** Load → decide → append (with what it reserves in the append's transaction). */
  handle(deps: CommandDeps, request: CommandRequest, ctx: CommandContext): Promise<Outcome>;
};

/** Declares a slice (an identity function: it only checks the shape and keeps the outcome's type). */
export function commandSlice<Outcome extends CommandOutcome>(slice: CommandSlice<Outcome>): CommandSlice<Outcome> {
  return slice;
}

import { randomUUID } from 'node:crypto';
import type { AppendResult } from '@fpa/write-model/event-store';
import { commandContext, hashToken, type Actor, type CommandContext } from '@fpa/write-model';
import type { RequestContext } from '../context.ts';
import { WriteNotShownError } from '../errors.ts';

/**
 * Read-your-writes: before answering a command, wait (bounded) until the projections that handle its
 * events have processed them, so the client's next read sees its own write (the others cannot have
 * changed because of it; all of them when the types are not known). A timeout is logged and
 * reported on the answer (header `x-projection-lag: timeout`), never hidden and never an error.
 *
 * A read model that could not apply the command's own event parks it (after tries that take
 * engine.parkingTakesMs, 1.5 s by default; the workers run the same defaults) and goes on: the command
 * then answers that error instead of a 202 that would never become visible. Only a wait that took that
 * long (half of it, for margin), timed out, or a repeated command (its events were appended earlier) can concern a parked event,
 * so a command answered sooner costs no extra read.
 *
 * With a read replica (READ_DATABASE_URL) the wait goes on until the replica has replayed the
 * projections' commit, or the request's reads go to the primary (read-replica.ts).
 */
export async function readYourWrites(
  ctx: RequestContext,
  written: Pick<AppendResult, 'checkpoint' | 'eventTypes' | 'firstPosition' | 'lastPosition' | 'streams' | 'duplicate'>,
  scope: 'own' | 'earlier' = 'own',
): Promise<void> {
  const { engine, config, logger } = ctx.services;
  const { eventTypes } = written;
  // 'earlier': everything appended before this append's first event (its transaction's earlier
  // positions hold none of it, a later transaction is not waited for), so not the append itself.
  const checkpoint = scope === 'own' ? written.checkpoint : { txId: written.checkpoint.txId, globalPosition: written.firstPosition - 1 };
  const result = await engine.waitFor(checkpoint, {
    timeoutMs: config.readYourWritesTimeoutMs,
    ...(eventTypes ? { types: eventTypes } : {}),
  });
  if (!result.reached) {
    ctx.projectionLag.timedOut = true;
    logger.warn({ checkpoint, waitedMs: result.waitedMs, lagging: result.lagging }, 'read-your-writes wait timed out');
  }
  // With a read replica: the projections' commit replayed there too, in what is left of the wait,
  // else this request reads the primary (read-replica.ts).
  const { replica } = ctx.services;
  if (replica) {
    if (result.reached) await replica.afterWrite(ctx.reads, Math.max(0, config.readYourWritesTimeoutMs - result.waitedMs));
    else ctx.reads.primary = true;
  }
  // Its own events are not waited for, so nothing says whether a read model parked them (the last part does).
  if (written.streams.length === 0 || scope === 'earlier') return;
  // Half of it: the wait starts a moment after the append, the tries may start sooner.
  if (result.reached && result.waitedMs < engine.parkingTakesMs / 2 && !written.duplicate) return;
  const parked = await engine.parkedFor(written);
  if (parked.length > 0) {
    logger.error({ parked: parked.map(({ stack: _stack, ...row }) => row) }, "a read model parked this command's event");
    throw new WriteNotShownError([...new Set(parked.map((row) => row.projector))]);
  }
}

/**
 * Read-your-writes for a write made outside the event log (a notification queued again): with a read
 * replica, the request's reads wait for it to replay the write, else go to the primary. Nothing to wait
 * for without one.
 */
export async function readYourDirectWrite(ctx: RequestContext): Promise<void> {
  await ctx.services.replica?.afterWrite(ctx.reads, ctx.services.config.readYourWritesTimeoutMs);
}

/**
 * The command id: the client's Idempotency-Key when it sent one (a retry then appends once). The
 * command's now is the request clock (services.now), so "today" in every decider is the South African
 * date of that one clock, which tests step. The session's token hash goes with it (a password change keeps that session).
 */
export function commandFor(ctx: RequestContext, actor?: Actor): CommandContext {
  const key = ctx.request.headers.get('idempotency-key')?.trim();
  const who: Actor = actor ?? {
    userId: ctx.user?.id ?? null,
    role: ctx.user?.role ?? null,
    companyId: ctx.user?.companyId ?? null,
  };
  const command = commandContext(who, key ? `${who.userId ?? 'visitor'}:${key}` : randomUUID(), ctx.services.now());
  return ctx.sessionToken ? { ...command, sessionTokenHash: hashToken(ctx.sessionToken) } : command;
}

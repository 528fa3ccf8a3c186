import { randomUUID } from 'node:crypto';
import type { AppendResult } from '@fpa/write-model/event-store';
import { commandContext, type Actor, type CommandContext } from '@fpa/write-model';
import type { RequestContext } from '../context.ts';

/**
 * Read-your-writes: before answering a command, wait (bounded) until the projections that handle its
 * events have processed them, so the client's next read sees its own write (the others cannot have
 * changed because of it; all of them when the types are not known). A timeout is logged and
 * reported on the answer (header `x-projection-lag: timeout`), never hidden and never an error.
 */
export async function readYourWrites(ctx: RequestContext, written: Pick<AppendResult, 'checkpoint' | 'eventTypes'>): Promise<void> {
  const { engine, config, logger } = ctx.services;
  const { checkpoint, eventTypes } = written;
  const result = await engine.waitFor(checkpoint, { timeoutMs: config.readYourWritesTimeoutMs, ...(eventTypes ? { types: eventTypes } : {}) });
  if (!result.reached) {
    ctx.projectionLag.timedOut = true;
    logger.warn({ checkpoint, waitedMs: result.waitedMs, lagging: result.lagging }, 'read-your-writes wait timed out');
  }
}

/**
 * The command id: the client's Idempotency-Key when it sent one (a retry then appends once). The
 * command's now is the request clock (services.now), so "today" in every decider is the South African
 * date of that one clock, which tests step.
 */
export function commandFor(ctx: RequestContext, actor?: Actor): CommandContext {
  const key = ctx.request.headers.get('idempotency-key')?.trim();
  const who: Actor = actor ?? {
    userId: ctx.user?.id ?? null,
    role: ctx.user?.role ?? null,
    companyId: ctx.user?.companyId ?? null,
  };
  return commandContext(who, key ? `${who.userId ?? 'visitor'}:${key}` : randomUUID(), ctx.services.now());
}

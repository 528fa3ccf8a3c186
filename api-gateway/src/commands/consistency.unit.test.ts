import { describe, expect, it, vi } from 'vitest';
import type { RequestContext } from '../context.ts';
import { WriteNotShownError } from '../errors.ts';
import { readYourWrites } from './consistency.ts';

/** A command whose own event a read model parked is told so (issue #27); a fast command reads nothing more. */
function contextWith(wait: { reached: boolean; waitedMs: number }, parked: { projector: string }[]) {
  const parkedFor = vi.fn(async () => parked);
  const waitFor = vi.fn(async () => ({ ...wait, lagging: [] }));
  const logger = { warn: vi.fn(), error: vi.fn() };
  const ctx = {
    services: {
      engine: { waitFor, parkingTakesMs: 1_500, parkedFor },
      config: { readYourWritesTimeoutMs: 5_000 },
      logger,
    },
    projectionLag: { timedOut: false },
  } as unknown as RequestContext;
  return { ctx, parkedFor, waitFor };
}

const written = (duplicate = false) => ({
  checkpoint: { txId: '1', globalPosition: 7 },
  eventTypes: ['PaymentRecorded'],
  firstPosition: 7,
  lastPosition: 7,
  streams: [{ streamId: 'payment-1', version: 1 }],
  duplicate,
});

describe('readYourWrites and parked events', () => {
  it('answers WriteNotShownError when the wait took parking time and the event was parked', async () => {
    const { ctx, parkedFor } = contextWith({ reached: true, waitedMs: 1_600 }, [{ projector: 'payments' }]);
    const error = await readYourWrites(ctx, written()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteNotShownError);
    expect((error as WriteNotShownError).projectors).toEqual(['payments']);
    expect(parkedFor).toHaveBeenCalledWith(written());
  });

  it('looks on a timeout and on a repeated command, whatever the wait', async () => {
    const late = contextWith({ reached: false, waitedMs: 5_000 }, [{ projector: 'payments' }]);
    await expect(readYourWrites(late.ctx, written())).rejects.toBeInstanceOf(WriteNotShownError);
    const repeated = contextWith({ reached: true, waitedMs: 0 }, [{ projector: 'agents' }]);
    await expect(readYourWrites(repeated.ctx, written(true))).rejects.toBeInstanceOf(WriteNotShownError);
  });

  it('reads nothing more after a wait shorter than parking takes, and passes when nothing was parked', async () => {
    const fast = contextWith({ reached: true, waitedMs: 40 }, [{ projector: 'payments' }]);
    await expect(readYourWrites(fast.ctx, written())).resolves.toBeUndefined();
    expect(fast.parkedFor).not.toHaveBeenCalled();
    const slow = contextWith({ reached: true, waitedMs: 2_000 }, []);
    await expect(readYourWrites(slow.ctx, written())).resolves.toBeUndefined();
    expect(slow.parkedFor).toHaveBeenCalledOnce();
  });

  it("waits for what came before the append only when the command asks ('earlier', an import chunk with more to come)", async () => {
    const own = contextWith({ reached: true, waitedMs: 2_000 }, []);
    await readYourWrites(own.ctx, { ...written(), firstPosition: 5, checkpoint: { txId: '9', globalPosition: 7 } });
    expect(own.waitFor).toHaveBeenCalledWith({ txId: '9', globalPosition: 7 }, expect.objectContaining({ types: ['PaymentRecorded'] }));
    // Positions 5 to 7 are the append's own, in its transaction 9: the wait stops just before them.
    const earlier = contextWith({ reached: true, waitedMs: 2_000 }, [{ projector: 'payments' }]);
    await readYourWrites(earlier.ctx, { ...written(), firstPosition: 5, checkpoint: { txId: '9', globalPosition: 7 } }, 'earlier');
    expect(earlier.waitFor).toHaveBeenCalledWith({ txId: '9', globalPosition: 4 }, expect.objectContaining({ types: ['PaymentRecorded'] }));
    // Its own events were not waited for, so a parked one is not looked for (the last chunk's answer does).
    expect(earlier.parkedFor).not.toHaveBeenCalled();
  });
});

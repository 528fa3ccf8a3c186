import { describe, expect, it, vi } from 'vitest';
import type { RequestContext } from '../context.ts';
import { WriteNotShownError } from '../errors.ts';
import { readYourWrites } from './consistency.ts';

/** A command whose own event a read model parked is told so (issue #27); a fast command reads nothing more. */
function contextWith(wait: { reached: boolean; waitedMs: number }, parked: { projector: string }[]) {
  const parkedFor = vi.fn(async () => parked);
  const logger = { warn: vi.fn(), error: vi.fn() };
  const ctx = {
    services: {
      engine: { waitFor: async () => ({ ...wait, lagging: [] }), parkingTakesMs: 1_500, parkedFor },
      config: { readYourWritesTimeoutMs: 5_000 },
      logger,
    },
    projectionLag: { timedOut: false },
  } as unknown as RequestContext;
  return { ctx, parkedFor };
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
});

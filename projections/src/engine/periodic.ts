import type { ProjectionLogger } from './types.ts';

/** A check run now and then by a timer, or at once by `tick`: never two at the same time. */
export type PeriodicCheck<T> = { start(): void; stop(): Promise<void>; tick(): Promise<T> };

/**
 * The timer of the background checks (the calendar's daily run, the notifications dispatcher): one check at a
 * time (a tick while one runs joins it: a long catch-up is not started twice), a failure logged and tried at
 * the next check, and the timer alone never keeps a process alive.
 */
export function periodicCheck<T>(options: {
  check: () => Promise<T>;
  everyMs: number;
  logger: ProjectionLogger;
  failure: string;
}): PeriodicCheck<T> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;

  function tick(): Promise<T> {
    if (running) return running;
    running = options.check().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    start() {
      if (timer) return;
      const loop = () => {
        timer = setTimeout(() => {
          void tick()
            .catch((error: unknown) =>
              options.logger.error(options.failure, { error: error instanceof Error ? error.message : String(error) }),
            )
            .finally(() => {
              if (timer) loop();
            });
        }, options.everyMs);
        timer.unref();
      };
      loop();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    tick,
  };
}

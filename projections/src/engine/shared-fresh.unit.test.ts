import { describe, expect, it } from 'vitest';
import { sharedFresh } from './live.ts';

/** A call the test settles by hand, recording when each call started. */
function calls() {
  const started: { n: number; settle: (value: number) => void }[] = [];
  let count = 0;
  const fn = () => new Promise<number>((resolve) => started.push({ n: ++count, settle: resolve }));
  return { fn, started };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedFresh', () => {
  it('askers at once share one call', async () => {
    const { fn, started } = calls();
    const shared = sharedFresh(fn);
    const answers = Promise.all([shared(), shared(), shared()]);
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.settle(7);
    expect(await answers).toEqual([7, 7, 7]);
  });

  it('an asker who comes while a call runs gets a later call, shared with the others who came meanwhile', async () => {
    const { fn, started } = calls();
    const shared = sharedFresh(fn);
    const first = shared();
    await tick();
    const second = shared();
    const third = shared();
    await tick();
    expect(started).toHaveLength(1); // nobody may be answered from the call that started before they asked
    started[0]!.settle(1);
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    started[1]!.settle(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
  });

  it('a failed call fails its askers only; the next asker gets a new call', async () => {
    let n = 0;
    const shared = sharedFresh(async () => {
      n += 1;
      if (n === 1) throw new Error('down');
      return n;
    });
    await expect(shared()).rejects.toThrow('down');
    expect(await shared()).toBe(2);
  });
});

import type { RecordedEvent } from '@fpa/write-model/event-store';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { inTypeRuns, type EventKeys } from './type-runs.ts';

/** An event of a type touching some keys ('!' for a barrier); its position says where it was in the log. */
const ev = (position: number, type: string, keys: string) =>
  ({ globalPosition: position, type, data: { keys } }) as unknown as RecordedEvent;
const keysOf = (event: RecordedEvent): EventKeys => {
  const keys = String(event.data.keys);
  return keys === '!' ? 'barrier' : keys.split(',').filter(Boolean);
};
const order = (events: readonly RecordedEvent[]) => inTypeRuns(events, keysOf).map((e) => e.globalPosition);

describe('inTypeRuns', () => {
  it('gathers a log that goes member by member into one run of each type', () => {
    const log = [
      ev(1, 'M', 'm1,p1'),
      ev(2, 'P', 'p1,m1'),
      ev(3, 'Pay', 'x1,p1'),
      ev(4, 'Pay', 'x2,p1'),
      ev(5, 'M', 'm2,p2'),
      ev(6, 'P', 'p2,m2'),
      ev(7, 'Pay', 'x3,p2'),
      ev(8, 'M', 'm3,p3'),
      ev(9, 'P', 'p3,m3'),
      ev(10, 'Pay', 'x4,p3'),
    ];
    expect(order(log)).toEqual([1, 5, 8, 2, 6, 9, 3, 4, 7, 10]);
  });

  it('keeps events that share a key in log order, and moves nothing across a barrier', () => {
    // The policy issued before its member (p2 names m2): the registration of m2 may not jump it.
    expect(order([ev(1, 'M', 'm1'), ev(2, 'P', 'p2,m2'), ev(3, 'M', 'm2'), ev(4, 'M', 'm3')])).toEqual([1, 4, 2, 3]);
    expect(order([ev(1, 'M', 'm1'), ev(2, 'P', 'p1'), ev(3, 'X', '!'), ev(4, 'M', 'm2'), ev(5, 'P', 'p2')])).toEqual([1, 2, 3, 4, 5]);
    expect(order([ev(1, 'X', '!'), ev(2, 'X', '!'), ev(3, 'M', 'm1')])).toEqual([1, 2, 3]);
    // A key passed over blocks every later event of it, also of the run's own type.
    expect(order([ev(1, 'S', 'p1'), ev(2, 'M', 'p2'), ev(3, 'S', 'p2'), ev(4, 'S', 'p3')])).toEqual([1, 4, 2, 3]);
  });

  it('gives a permutation in which every pair of conflicting events keeps its order (random logs)', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const log = Array.from({ length: 1 + Math.floor(random() * 60) }, (_, i) => {
        const type = 'ABC'[Math.floor(random() * 3)]!;
        const keys =
          random() < 0.05 ? '!' : Array.from({ length: 1 + Math.floor(random() * 2) }, () => `k${Math.floor(random() * 12)}`).join(',');
        return ev(i, type, keys);
      });
      const out = inTypeRuns(log, keysOf);
      expect([...out].map((e) => e.globalPosition).sort((a, b) => a - b)).toEqual(log.map((e) => e.globalPosition));
      const at = new Map(out.map((e, i) => [e.globalPosition, i]));
      for (let i = 0; i < log.length; i++) {
        for (let j = i + 1; j < log.length; j++) {
          const [a, b] = [keysOf(log[i]!), keysOf(log[j]!)];
          const conflict = a === 'barrier' || b === 'barrier' || a.some((key) => b.includes(key));
          if (conflict) expect(at.get(i)! < at.get(j)!, `trial ${trial}: ${i} before ${j}`).toBe(true);
        }
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalJson, chainLink } from './hash-chain.ts';

/**
 * The canonical text as first written (arrays of keys filtered, sorted and joined). Every stored
 * event's hash was made with it, so the faster one must give the same text for every value.
 */
function reference(value: unknown): string {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return reference((value as { toJSON(): unknown }).toJSON());
  }
  const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
  if (Array.isArray(value)) return `[${value.map((item) => (skipped(item) ? 'null' : reference(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .filter((key) => !skipped(record[key]))
      .sort()
      .map((key) => `${JSON.stringify(key)}:${reference(record[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A small seeded generator, so a failure names its case. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const KEYS = ['a', 'b', 'Z', 'é', '10', '9', '', 'key with "quotes"', '\u0000', 'line\nbreak', '😀', 'firstName', '$pii'];

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 9 : 12));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return next() < 0.5;
    case 3:
      return Math.round((next() - 0.5) * 1e6) / 100;
    case 4:
      return [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 5e-324][Math.floor(next() * 5)];
    case 5:
      return KEYS[Math.floor(next() * KEYS.length)]!;
    case 6:
      return new Date(Math.floor(next() * 4e12));
    case 7:
      return () => 1;
    case 8:
      return `R ${Math.floor(next() * 1000)}.00 "paid" \\ ${String.fromCharCode(Math.floor(next() * 0xd800))}`;
    case 9:
    case 10:
      return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    default: {
      const record: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 6); i > 0; i--) record[KEYS[Math.floor(next() * KEYS.length)]!] = value(next, depth + 1);
      return record;
    }
  }
}

describe('canonicalJson', () => {
  it('gives the text the stored hashes were made with, for 20,000 random values', () => {
    for (let seed = 1; seed <= 20_000; seed++) {
      const v = value(random(seed), 0);
      expect(canonicalJson(v), `seed ${seed}`).toBe(reference(v));
    }
  });

  it('sorts keys by UTF-16 code units at every level and leaves out what JSON leaves out', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, undefined, 'x'], c: null }, u: undefined, f: () => 1 })).toBe(
      '{"a":{"c":null,"d":[1,null,"x"]},"b":1}',
    );
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '10': 4, '9': 5 })).toBe('{"10":4,"9":5,"Z":3,"z":2,"é":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('chainLink', () => {
  it("hashes canonicalJson of the event's six fields, as every stored link was made, for 5,000 random events", () => {
    for (let seed = 1; seed <= 5_000; seed++) {
      const next = random(seed);
      const content = {
        streamId: `member-${seed}`,
        streamVersion: 1 + Math.floor(next() * 100),
        eventId: `0000000${seed}`,
        type: KEYS[Math.floor(next() * KEYS.length)]!,
        data: value(next, 1),
        metadata: value(next, 1),
      };
      const previous = next() < 0.2 ? null : `${seed}`.repeat(8);
      const expected = reference(content);
      const hash = createHash('sha256')
        .update(previous ?? '')
        .update('\n')
        .update(expected)
        .digest('hex');
      expect(chainLink(previous, content), `seed ${seed}`).toEqual({ hash, canonical: expected });
      expect(chainLink(previous, content, canonicalJson(content.metadata)).hash, `seed ${seed}`).toBe(hash);
      // The append's way (its events' data are objects, append.ts checkRequest): both texts passed.
      if (typeof content.data === 'object' && content.data !== null) {
        expect(chainLink(previous, content, canonicalJson(content.metadata), canonicalJson(content.data)).hash, `seed ${seed}`).toBe(hash);
      }
    }
  });
});

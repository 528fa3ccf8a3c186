import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { prefixArms, PREFIX_END_FUNCTION } from './prefix-range.ts';

/** Characters where a code point one up is awkward: byte-length steps, the surrogate gap, the last code point. */
const EDGES = [
  0x41, 0x5a, 0x61, 0x7a, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x1f30d, 0x10fffe, 0x10ffff,
];

/** A small deterministic generator (mulberry32), so a failure names its seed and comes back. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function words(seed: number, count: number): string[] {
  const next = random(seed);
  const char = () => {
    const roll = next();
    if (roll < 0.5) return String.fromCodePoint(EDGES[Math.floor(next() * EDGES.length)]!);
    // Few letters, so prefixes are shared and one up lands on other words.
    return 'abz'[Math.floor(next() * 3)]!;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 4) }, char).join(''));
}

describe.each(testDrivers())('prefix searches as index ranges on $name', (driver) => {
  const disposals: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const dispose of disposals.splice(0)) await dispose();
  });

  it('find exactly the values starting with the text, whatever its last character', async () => {
    const db = await driver.create();
    disposals.push(() => db.dispose());
    await db.sql.exec(PREFIX_END_FUNCTION);
    const seed = 2611;
    const values = words(seed, 400);
    // Prefixes: texts of their own, every value's first characters, texts made only of U+10FFFF.
    const prefixes = [
      ...words(seed + 1, 60),
      ...values.slice(0, 120).map((v) => [...v].slice(0, 1 + (v.length % 2)).join('')),
      '\u{10ffff}',
    ];
    const [row] = await db.sql.query<{ wrong: { p: string; v: string; ranged: boolean }[] }>(
      `select coalesce(jsonb_agg(jsonb_build_object('p', p, 'v', v, 'ranged', ranged)), '[]') as wrong
         from (select p, v, ${prefixArms(['v'], 'p')[0]} as ranged, starts_with(v, lower(p)) as starts
                 from unnest($1::text[]) as p, (select lower(x) as v from unnest($2::text[]) as x) vs) c
        where ranged is distinct from starts and rtrim(p, chr(1114111)) <> ''`,
      [prefixes, values],
    );
    expect(row?.wrong, `seed ${seed}`).toEqual([]);
    // A text made only of the last code point has no end: it matches nothing (a noncharacter; no stored value has one).
    const [only] = await db.sql.query<{ n: number }>(
      `select count(*)::int as n from unnest($1::text[]) as v where ${prefixArms(['v'], '$2')[0]}`,
      [['\u{10ffff}', '\u{10ffff}a', 'a'], '\u{10ffff}'],
    );
    expect(only?.n).toBe(0);
    const [ends] = await db.sql.query<{ abc: string; dropped: string; gap: boolean }>(
      `select public.search_prefix_end('abc') as abc, public.search_prefix_end('ab' || chr(1114111)) as dropped,
              public.search_prefix_end('a' || chr(55295)) = 'a' || chr(57344) as gap`,
    );
    expect(ends).toEqual({ abc: 'abd', dropped: 'ac', gap: true });
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, ageOn } from './dates.ts';
import { changeClaimStatusSchemaOn } from '../claims/commands/change-claim-status.ts';
import * as validation from './index.ts';

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries both ways', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-15', 0)).toBe('2026-01-15');
    expect(addDays('2026-01-15', 400)).toBe('2027-02-19');
  });
});

describe('ageOn', () => {
  it('counts whole years, a year older on the birthday itself', () => {
    expect(ageOn('1980-06-15', '2026-06-14')).toBe(45);
    expect(ageOn('1980-06-15', '2026-06-15')).toBe(46);
    expect(ageOn('2026-01-01', '2026-11-26')).toBe(0);
  });

  it('makes someone born on 29 February a year older on 1 March in a year without it', () => {
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(26);
    expect(ageOn('2000-02-29', '2027-03-01')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });
});

describe('schemas made once per day', () => {
  // zod 4 builds a schema's parser on its first parse: a schema made per request (or per CSV row) paid that
  // every time. Every `…SchemaOn(today)` of the validation module answers the same schema for the same day.
  const factories = Object.entries({ ...validation, changeClaimStatusSchemaOn } as Record<string, unknown>).filter(
    (entry): entry is [string, (today: string) => unknown] => entry[0].endsWith('SchemaOn') && typeof entry[1] === 'function',
  );

  it('finds the factories', () => {
    expect(factories.map(([name]) => name)).toEqual(expect.arrayContaining(['paymentSchemaOn', 'memberSchemaOn', 'claimDecisionSchemaOn']));
  });

  it.each(factories)('%s', (_name, make) => {
    const first = make('2026-11-28');
    expect(make('2026-11-28')).toBe(first);
    expect(make('2026-11-29')).not.toBe(first);
  });
});

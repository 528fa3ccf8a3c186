import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptFields, encryptFields, openValue, sealValue, subjectsOf } from './pii-fields.ts';
import { loadMasterKey } from './pii.ts';
import { ERASED, type PiiMarking } from './types.ts';

const alice = randomBytes(32);
const bob = randomBytes(32);
const keys = new Map([
  ['alice', alice],
  ['bob', bob],
]);

describe('sealing one value', () => {
  it('round-trips any JSON value in the v1 envelope, with a fresh IV each time', () => {
    for (const value of ['Nomvula', 42, true, { line1: '12 Jacaranda St' }, ['a', 'b']]) {
      const sealed = sealValue(alice, 'alice', value);
      expect(sealed.$pii).toMatch(/^v1\.[^.]+\.[^.]+\.[^.]+$/);
      expect(openValue(alice, 'alice', sealed)).toEqual(value);
    }
    expect(sealValue(alice, 'alice', 'x').$pii).not.toBe(sealValue(alice, 'alice', 'x').$pii);
  });

  it('does not open with another key, for another subject, or after tampering', () => {
    const sealed = sealValue(alice, 'alice', 'Nomvula');
    expect(() => openValue(bob, 'alice', sealed)).toThrow();
    expect(() => openValue(alice, 'bob', sealed)).toThrow();
    const [v, iv, tag, ciphertext] = sealed.$pii.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openValue(alice, 'alice', { $pii: [v, iv, tag, flipped.toString('base64')].join('.') })).toThrow();
    expect(() => openValue(alice, 'alice', { $pii: 'v9.a.b.c' })).toThrow(/envelope/);
  });
});

describe('sealing marked fields of event data', () => {
  const data = {
    name: 'Nomvula Dlamini',
    phone: null,
    address: { line1: '12 Jacaranda St', city: 'Polokwane' },
    dependants: [{ name: 'Sipho' }, { name: 'Lerato' }],
    plan: 'gold',
  };
  const markings: PiiMarking[] = [
    { subjectId: 'alice', fields: ['name', 'phone', 'address.line1', 'nickname', 'address.unit.number'] },
    { subjectId: 'bob', fields: ['dependants.0.name'] },
  ];

  it('seals only the marked fields, leaves null and missing ones alone, and does not touch the input', () => {
    const input = structuredClone(data);
    const sealed = encryptFields(input, markings, keys);
    expect(input).toEqual(data);
    expect(JSON.stringify(sealed)).not.toMatch(/Nomvula|Jacaranda|Sipho/);
    expect(sealed).toMatchObject({ phone: null, plan: 'gold', address: { city: 'Polokwane' }, dependants: [{}, { name: 'Lerato' }] });
    expect(sealed).not.toHaveProperty('nickname');
    expect(decryptFields(structuredClone(sealed), markings, keys)).toEqual(data);
  });

  it("reads a destroyed subject's fields as '[erased]' and leaves other subjects readable", () => {
    const sealed = encryptFields(data, markings, keys);
    const opened = decryptFields(
      structuredClone(sealed),
      markings,
      new Map([
        ['alice', null],
        ['bob', bob],
      ]),
    );
    expect(opened).toEqual({
      ...data,
      name: ERASED,
      address: { line1: ERASED, city: 'Polokwane' },
      dependants: [{ name: 'Sipho' }, { name: 'Lerato' }],
    });
    // A subject with no key at all (never created) reads as erased too, rather than failing a fold.
    expect(decryptFields(structuredClone(sealed), markings, new Map()).name).toBe(ERASED);
  });

  it('refuses a field marked twice, an empty path, and a subject without a key', () => {
    expect(() =>
      encryptFields(
        data,
        [
          { subjectId: 'alice', fields: ['name'] },
          { subjectId: 'bob', fields: ['name'] },
        ],
        keys,
      ),
    ).toThrow(/more than once/);
    expect(() => encryptFields(data, [{ subjectId: 'alice', fields: ['address.'] }], keys)).toThrow(/Invalid/);
    expect(() => encryptFields(data, [{ subjectId: 'carol', fields: ['name'] }], keys)).toThrow(/No key/);
  });

  it("seals a subject's fields of one event once (v2): the first holds the seal, the others point to it", () => {
    const sealed = encryptFields(data, markings, keys) as typeof data & Record<string, { $pii: string }>;
    const name = (sealed.name as unknown as { $pii: string }).$pii;
    expect(name).toMatch(/^v2\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(sealed.address.line1).toEqual({ $pii: 'v2' });
    expect((sealed.dependants[0]!.name as unknown as { $pii: string }).$pii).toMatch(/^v2\./);
    // Two events, two IVs: the same data never seals to the same text.
    expect((encryptFields(data, markings, keys).name as { $pii: string }).$pii).not.toBe(name);
  });

  it('refuses a v2 seal whose fields were moved, dropped or given another subject', () => {
    const sealed = encryptFields(data, markings, keys);
    const open = (tampered: Record<string, unknown>, marks = markings) => decryptFields(tampered, marks, keys);
    // The seal moved to another field of the same person.
    const moved = structuredClone(sealed) as Record<string, Record<string, unknown>>;
    const address = moved.address!;
    [moved.name, address.line1] = [address.line1 as Record<string, unknown>, moved.name!];
    expect(() => open(moved)).toThrow();
    // A field pointing to the seal removed: the paths no longer match what was sealed.
    const dropped = structuredClone(sealed) as Record<string, Record<string, unknown>>;
    delete dropped.address!.line1;
    expect(() => open(dropped)).toThrow();
    // Read as another subject's.
    expect(() => open(structuredClone(sealed), [{ subjectId: 'bob', fields: markings[0]!.fields }, markings[1]!])).toThrow();
    // A pointer without its seal.
    expect(() => open({ name: { $pii: 'v2' } }, [{ subjectId: 'alice', fields: ['name'] }])).toThrow(/envelope/);
  });

  it('still opens v1 fields (events written before v2), beside v2 ones', () => {
    const old = { name: sealValue(alice, 'alice', 'Nomvula Dlamini'), phone: null, plan: 'gold' };
    expect(decryptFields(structuredClone(old), [{ subjectId: 'alice', fields: ['name', 'phone'] }], keys)).toEqual({
      name: 'Nomvula Dlamini',
      phone: null,
      plan: 'gold',
    });
    expect(decryptFields(structuredClone(old), [{ subjectId: 'alice', fields: ['name'] }], new Map()).name).toBe(ERASED);
    const mixed = {
      ...encryptFields({ a: 'x', b: 'y' }, [{ subjectId: 'alice', fields: ['a', 'b'] }], keys),
      c: sealValue(alice, 'alice', 'z'),
    };
    expect(decryptFields(mixed, [{ subjectId: 'alice', fields: ['a', 'b', 'c'] }], keys)).toEqual({ a: 'x', b: 'y', c: 'z' });
  });

  it('lists each subject once', () => {
    expect(subjectsOf([...markings, { subjectId: 'alice', fields: ['x'] }])).toEqual(['alice', 'bob']);
    expect(subjectsOf(undefined)).toEqual([]);
  });
});

describe('the master key', () => {
  it('takes DATA_KEY as base64 of 32 bytes', () => {
    const key = randomBytes(32);
    expect(loadMasterKey({ dataKey: key.toString('base64') })).toEqual(key);
  });

  it('stretches any other DATA_KEY (a passphrase) to 32 bytes, the same on every start', () => {
    const a = loadMasterKey({ dataKey: 'correct horse battery staple' });
    expect(a).toHaveLength(32);
    expect(loadMasterKey({ dataKey: 'correct horse battery staple' })).toEqual(a);
    expect(loadMasterKey({ dataKey: 'correct horse battery stapler' })).not.toEqual(a);
    // Base64 that does not decode to 32 bytes is a passphrase too.
    expect(loadMasterKey({ dataKey: randomBytes(16).toString('base64') })).toHaveLength(32);
  });

  it('creates master.key (mode 0600) in the data folder on first start and reads it afterwards', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'fpa-key-')), 'nested', 'data');
    const first = loadMasterKey({ dataDir });
    const file = join(dataDir, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(loadMasterKey({ dataDir })).toEqual(first);
    // DATA_KEY wins over the file.
    const explicit = randomBytes(32);
    expect(loadMasterKey({ dataKey: explicit.toString('base64'), dataDir })).toEqual(explicit);
  });

  it('refuses a damaged key file and says what to set when there is nothing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fpa-key-'));
    writeFileSync(join(dataDir, 'master.key'), 'not a key');
    expect(() => loadMasterKey({ dataDir })).toThrow(/32-byte/);
    expect(() => loadMasterKey({})).toThrow(/DATA_KEY/);
    expect(() => loadMasterKey({ dataKey: '  ' })).toThrow(/DATA_KEY/);
  });
});

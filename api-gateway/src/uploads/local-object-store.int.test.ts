import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalObjectStore } from './local-object-store.ts';

async function* chunks(...parts: (string | Error)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (part instanceof Error) throw part;
    yield Buffer.from(part);
  }
}

describe('the local-folder object store', () => {
  const root = mkdtempSync(join(tmpdir(), 'fpa-local-store-'));
  const store = createLocalObjectStore(join(root, 'objects'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes, creating its folder on first write', async () => {
    expect(await store.get('company/missing')).toBeNull();
    await store.put('company/a', chunks('hello ', 'world'));
    expect(await new Response(await store.get('company/a')).text()).toBe('hello world');
    await store.delete('company/a');
    await store.delete('company/a');
    expect(await store.get('company/a')).toBeNull();
  });

  it('leaves no file, not even a partial one, when the source fails', async () => {
    await expect(store.put('company/b', chunks('start', new Error('client went away')))).rejects.toThrow('client went away');
    expect(readdirSync(join(root, 'objects'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
  });

  it.each(['../escape', 'company/../../escape', '/absolute', 'company/.hidden', 'company//double'])('refuses the key %s', async (key) => {
    await expect(store.put(key, chunks('x'))).rejects.toThrow(/invalid object key/);
  });
});

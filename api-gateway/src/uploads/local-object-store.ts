import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store.ts';

/**
 * Files under one folder (default `${DATA_DIR}/objects`). A put writes to a temporary name beside
 * the target and renames it when complete, so a reader never sees half a file and a refused
 * upload leaves nothing behind. The folder is created on first write, not at start.
 */
export function createLocalObjectStore(root: string): ObjectStore {
  const base = resolve(root);

  function pathOf(key: string): string {
    const path = resolve(base, key);
    // Keys come from our own ids, but a key must never reach outside the folder.
    if (!path.startsWith(base + sep) || key.split('/').some((part) => part === '' || part.startsWith('.'))) {
      throw new Error(`invalid object key: ${key}`);
    }
    return path;
  }

  return {
    async put(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = join(dirname(path), `.${randomBytes(8).toString('hex')}.partial`);
      try {
        await pipeline(Readable.from(source), createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

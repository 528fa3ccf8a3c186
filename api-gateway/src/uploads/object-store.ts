import type { ObjectStoreConfig } from '../config.ts';
import { createLocalObjectStore } from './local-object-store.ts';
import { createS3ObjectStore } from './s3-object-store.ts';

/**
 * Where the bytes of uploaded files live. Keys are opaque to callers ('<company id>/<object id>');
 * the stored_objects table says what each key holds and whose it is.
 */
export type ObjectStore = {
  /**
   * Writes the whole source under the key, or nothing: when the source fails half-way (too large,
   * client gone) no partial object is left and the source's error is rethrown.
   */
  put(key: string, source: AsyncIterable<Uint8Array>): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
};

export function createObjectStore(config: ObjectStoreConfig): ObjectStore {
  switch (config.kind) {
    case 'local':
      return createLocalObjectStore(config.dir);
    case 's3':
      return createS3ObjectStore(config);
  }
}

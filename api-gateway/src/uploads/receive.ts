import { createHash } from 'node:crypto';
import { DomainError } from '@fpa/write-model';
import { FILE_TOO_LARGE, SNIFF_BYTES, sniffDocumentType, UNSUPPORTED_FILE_TYPE, type DocumentType } from './file-types.ts';

export class FileTooLargeError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE);
  }
}

/** What a finished stream measured, known only once the store has consumed the body. */
export type Measured = { size: number; sha256: string };

export type IncomingFile = {
  type: DocumentType;
  /** The whole body, head included, counted and hashed as the store reads it. */
  content: AsyncIterable<Uint8Array>;
  measured(): Measured;
};

/**
 * Reads just enough of an upload to judge its type by its bytes, then hands the rest on as a
 * stream that the object store consumes: nothing is buffered beyond the sniffed head. The byte
 * count is checked on every chunk, so a body one byte over the limit fails as that byte arrives
 * (whatever Content-Length claimed), and the store's write fails with it.
 */
export async function receiveFile(request: Request, limit: number): Promise<IncomingFile> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new FileTooLargeError();
  if (!request.body) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_FILE_TYPE);
  const reader = request.body.getReader();
  const hash = createHash('sha256');
  let size = 0;
  const count = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > limit) throw new FileTooLargeError();
    hash.update(chunk);
    return chunk;
  };

  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      head.push(count(value));
      headBytes += value.byteLength;
    }
  } catch (error) {
    await stopReading(reader);
    throw error;
  }
  const type = await sniffDocumentType(Buffer.concat(head));
  if (!type) {
    await stopReading(reader);
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_FILE_TYPE);
  }

  async function* content(): AsyncGenerator<Uint8Array> {
    try {
      yield* head;
      while (!ended) {
        const { done, value } = await reader.read();
        if (done) break;
        yield count(value);
      }
      ended = true;
    } finally {
      // Refused or abandoned half-way: stop taking the client's bytes.
      if (!ended) await stopReading(reader);
    }
  }

  let digest: string | null = null;
  return {
    type,
    content: content(),
    measured() {
      if (!ended) throw new Error('the upload has not been read to its end');
      digest ??= hash.digest('hex');
      return { size, sha256: digest };
    },
  };
}

async function stopReading(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    await reader.cancel();
  } catch {
    // The client may already have gone; nothing to tidy.
  }
}

import { COLLECTION_FILE_MAX_BYTES, decodeCollectionFile, DomainError, ValidationError } from '@fpa/write-model';

const TOO_LARGE = `The file is larger than ${COLLECTION_FILE_MAX_BYTES / 1024 / 1024} MB. Split it and upload the parts.`;

/**
 * A collections file sent as the request body (issue #21): the file's own bytes (text/csv, text/plain,
 * application/octet-stream; its name in `x-file-name`), or a multipart form with the file in `file`.
 * Read up to COLLECTION_FILE_MAX_BYTES and no further (a bigger body is refused with 413 before it is
 * all read), then decoded strictly as UTF-8: the command takes `{content, fileName}` as GraphQL does.
 */
export async function readFileBody(request: Request): Promise<{ content: string; fileName: string | null }> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  // A multipart envelope adds a few hundred bytes around the file.
  const limit = COLLECTION_FILE_MAX_BYTES + 64 * 1024;
  if (declared > limit) throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE);
  const bytes = await readLimited(request, limit);
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string')
      throw new ValidationError('Send the file in a form field named "file".', [
        { path: ['file'], message: 'Send the file in a form field named "file".' },
      ]);
    const content = decodeCollectionFile(new Uint8Array(await file.arrayBuffer()));
    return { content, fileName: file.name || null };
  }
  const name = request.headers.get('x-file-name');
  return { content: decodeCollectionFile(bytes), fileName: name ? decodeURIComponent(name) : null };
}

async function readLimited(request: Request, limit: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

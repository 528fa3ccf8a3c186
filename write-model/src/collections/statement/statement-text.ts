import { COLLECTION_FILE_MAX_BYTES, CollectionFileError } from '../files/file-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A statement file's text, or the whole file refused. Only UTF-8 (with or without a byte-order mark)
 * is taken. Windows-1252 is not guessed at: it decodes every byte sequence, so a UTF-16 export or a
 * binary file would be read as nonsense instead of being refused, and a surname with a mangled letter
 * would silently stop matching. The clerk is told which line to look at and to save the file as UTF-8.
 */
export function statementText(input: Uint8Array | string): string {
  if (typeof input === 'string') {
    if (input.length > COLLECTION_FILE_MAX_BYTES / 3 && new TextEncoder().encode(input).length > COLLECTION_FILE_MAX_BYTES) {
      throw tooBig();
    }
    return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  }
  if (input.length > COLLECTION_FILE_MAX_BYTES) throw tooBig();
  try {
    return utf8.decode(input);
  } catch {
    throw new CollectionFileError(
      'the file is not UTF-8 text; save the statement as UTF-8 (CSV UTF-8) and import it again',
      badLine(input),
    );
  }
}

function tooBig() {
  return new CollectionFileError(`the file is larger than ${COLLECTION_FILE_MAX_BYTES / 1024 / 1024} MB`);
}

/** Only on the refusal path: decode line by line to find the first one that is not UTF-8. */
function badLine(bytes: Uint8Array): number | null {
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return null;
}

import { COLLECTION_FILE_MAX_BYTES, CollectionFileError } from './file-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of an uploaded collections file (a result file, a bank statement, an ACB file), or a
 * refusal: too big (checked before decoding, so a huge body costs nothing), not UTF-8, or empty. A
 * byte-order mark, as Excel writes it, is dropped. Windows-1252 is not guessed at: it decodes every
 * byte sequence, so a UTF-16 export or a binary file would be read as nonsense instead of being
 * refused, and a surname with a mangled letter would silently stop matching; the clerk is told which
 * line to look at and how to save the file as UTF-8.
 */
export function decodeCollectionFile(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (bytes > COLLECTION_FILE_MAX_BYTES) {
    throw new CollectionFileError(`The file is larger than ${COLLECTION_FILE_MAX_BYTES / 1024 / 1024} MB. Split it and upload the parts.`);
  }
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = utf8.decode(input);
    } catch {
      throw new CollectionFileError(
        'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and upload it again.',
        firstLineNotUtf8(input),
      );
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new CollectionFileError('The file is empty.');
  return text;
}

/** Only on the refusal path: decode line by line to find the first one that is not UTF-8. */
function firstLineNotUtf8(bytes: Uint8Array): number | null {
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    try {
      utf8.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return null;
}

import { ValidationError } from '../../errors.ts';

/**
 * A collections file (a result file, a bank statement) refused whole: nothing of it is applied. The
 * message names the line (1-based, as a text editor counts it) when one line is at fault, so the
 * clerk can open the file and find it.
 */
export class CollectionFileError extends ValidationError {
  readonly line: number | null;
  constructor(message: string, line: number | null = null) {
    // A whole-file message starts a sentence; after "Line N:" it goes on one.
    const text = line === null ? message.charAt(0).toUpperCase() + message.slice(1) : `Line ${line}: ${message}`;
    super(text, [{ path: line === null ? ['file'] : ['file', line], message: text }]);
    this.name = 'CollectionFileError';
    this.line = line;
  }
}

/** The largest collections file taken (issue #21): a bigger one is refused before it is read. */
export const COLLECTION_FILE_MAX_BYTES = 20 * 1024 * 1024;

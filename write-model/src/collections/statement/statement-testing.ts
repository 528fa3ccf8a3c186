import { readFileSync } from 'node:fs';
import { CollectionFileError } from '../files/file-error.ts';

/** A checked-in sample statement's bytes, as an upload would hand them over. */
export const sample = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`./samples/${name}`, import.meta.url)));

/** The refusal a call throws, as the clerk would read it; fails the test when nothing is refused. */
export function refusal(run: () => unknown): { line: number | null; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof CollectionFileError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('expected the file to be refused');
}

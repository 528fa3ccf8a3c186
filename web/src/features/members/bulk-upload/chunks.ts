import { CSV_MEMBER_COLUMNS, csvRowNumber, type CsvMemberRow } from '@fpa/write-model/validation';

/** Rows per importMembers call: the contract's maximum, so a 50,000-row file takes 100 calls. */
export const CHUNK_SIZE = 500;

export type ImportRow = Partial<Record<(typeof CSV_MEMBER_COLUMNS)[number], string | null>>;

/**
 * One call's rows. `moreChunks` on every chunk but the last: the server answers it once the chunks
 * before it are in the read models, so it projects one chunk while the next is imported; the last
 * is answered once all of them are.
 */
export type Chunk = { chunkIndex: number; firstRowNumber: number; rows: ImportRow[]; moreChunks: boolean };

/** Only the template's columns go to the server; extra columns in the file stay behind. */
export function toImportRow(row: CsvMemberRow): ImportRow {
  const out: ImportRow = {};
  for (const column of CSV_MEMBER_COLUMNS) {
    const value = row[column];
    if (value !== undefined && value !== '') out[column] = value;
  }
  return out;
}

/** The rows in chunks, each with its index and the CSV row number of its first row. */
export function toChunks(rows: readonly CsvMemberRow[], size = CHUNK_SIZE): Chunk[] {
  const chunks: Chunk[] = [];
  for (let start = 0; start < rows.length; start += size) {
    chunks.push({
      chunkIndex: chunks.length,
      firstRowNumber: csvRowNumber(start),
      rows: rows.slice(start, start + size).map(toImportRow),
      moreChunks: start + size < rows.length,
    });
  }
  return chunks;
}

export type ChunkAnswer = { imported: number; failed: { rowNumber: number; errors: string[] }[]; skippedForLimit: number };

export type ImportProgress = {
  /** Chunks answered so far: where a retry resumes. */
  nextChunk: number;
  rowsSent: number;
  uploaded: number;
  failed: { rowNumber: number; errors: string[] }[];
  skippedForLimit: number;
};

export const NO_PROGRESS: ImportProgress = { nextChunk: 0, rowsSent: 0, uploaded: 0, failed: [], skippedForLimit: 0 };

/** The percentage of rows the server has answered for, 0–100. */
export function progressPercent(progress: ImportProgress, totalRows: number): number {
  return totalRows === 0 ? 0 : Math.round((progress.rowsSent / totalRows) * 100);
}

export type RunImportOptions = {
  chunks: readonly Chunk[];
  /** Sends one chunk; throws with the message to show when the call fails. */
  send: (chunk: Chunk) => Promise<ChunkAnswer>;
  onProgress: (progress: ImportProgress) => void;
  /** Checked between chunks: true stops the run there (the user pressed Stop). */
  shouldStop: () => boolean;
  /** Resume point: a retry starts after the chunks already answered. */
  from?: ImportProgress;
};

export type ImportOutcome =
  | { kind: 'done' | 'stopped'; progress: ImportProgress }
  | { kind: 'failed'; progress: ImportProgress; message: string };

/**
 * Sends the chunks one after another (a family row may name a main member from an earlier chunk,
 * so order matters) and adds up the answers. A failed call ends the run where it was, so a retry
 * with the same import id resends only what the server has not answered.
 */
export async function runImport({ chunks, send, onProgress, shouldStop, from = NO_PROGRESS }: RunImportOptions): Promise<ImportOutcome> {
  let progress = from;
  for (let index = from.nextChunk; index < chunks.length; index++) {
    if (shouldStop()) return { kind: 'stopped', progress };
    const chunk = chunks[index]!;
    let answer: ChunkAnswer;
    try {
      answer = await send(chunk);
    } catch (error) {
      return { kind: 'failed', progress, message: error instanceof Error ? error.message : String(error) };
    }
    progress = {
      nextChunk: index + 1,
      rowsSent: progress.rowsSent + chunk.rows.length,
      uploaded: progress.uploaded + answer.imported,
      failed: [...progress.failed, ...answer.failed],
      skippedForLimit: progress.skippedForLimit + answer.skippedForLimit,
    };
    onProgress(progress);
  }
  return { kind: 'done', progress };
}

import { CSV_MANDATE_COLUMNS, CSV_MEMBER_COLUMNS, type CsvMemberRow } from '@fpa/write-model/validation';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bulkUploadReducer, INITIAL_BULK_STATE } from './bulkUploadState';
import { CHUNK_SIZE, progressPercent, runImport, toChunks, type ChunkAnswer, type ImportProgress } from './chunks';
import { isCsvFile, parseMembersCsv, templateCsv, validateRows } from './csv';

const HEADER = CSV_MEMBER_COLUMNS.join(',');
const mainRow = (overrides: Partial<Record<string, string>> = {}) => {
  const row: Record<string, string> = {
    firstName: 'Thabo',
    lastName: 'Mokoena',
    identifierType: 'saId',
    saId: '8001015009087',
    passportNumber: '',
    nationality: 'ZA',
    email: '',
    phone: '0821234567',
    address: '12 Church Street',
    city: 'Pretoria',
    province: 'GP',
    postalCode: '0002',
    dateOfBirth: '',
    isMainMember: 'true',
    mainMemberIdentifier: '',
    relationship: '',
    policyTypeId: '',
    inceptionDate: '',
    paidUpTo: '',
    debitDay: '',
    ...overrides,
  };
  return CSV_MEMBER_COLUMNS.map((column) => row[column]).join(',');
};

describe('CSV file checks', () => {
  it('accepts text/csv or a .csv name only', () => {
    expect(isCsvFile({ name: 'members.csv', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'members.CSV', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isCsvFile({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'members.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(false);
    expect(isCsvFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });

  it('the template has the header columns in order and one example row that validates', () => {
    const parsed = Papa.parse<string[]>(templateCsv('Gold Cover'), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...CSV_MEMBER_COLUMNS]);
    expect(parsed.data).toHaveLength(2);
    const rows = parseMembersCsv(templateCsv('Gold Cover'));
    expect(rows.ok && validateRows(rows.rows, [{ id: 'pt1', name: 'Gold Cover' }])).toEqual([]);
  });

  it('the template shows the migration columns (blank in the example) and names the policy type by its name', () => {
    const [header, example] = Papa.parse<string[]>(templateCsv('Gold Cover'), { skipEmptyLines: true }).data;
    expect(header!.slice(16, 20)).toEqual(['policyTypeId', 'inceptionDate', 'paidUpTo', 'debitDay']);
    expect(example!.slice(16, 20)).toEqual(['Gold Cover', '', '', '']);
  });

  it('the template ends with the debit-order and prior-cover columns, blank in the example (no mandate, no prior cover)', () => {
    const [header, example] = Papa.parse<string[]>(templateCsv('Gold Cover'), { skipEmptyLines: true }).data;
    expect(header!.slice(20)).toEqual([...CSV_MANDATE_COLUMNS, 'priorCoverMonths', 'priorCoverEndedOn']);
    expect(example!.slice(20)).toEqual([...CSV_MANDATE_COLUMNS, 'priorCoverMonths', 'priorCoverEndedOn'].map(() => ''));
  });

  it('takes a policy type by its name (any case) or its id; an unknown one is refused with its row', () => {
    const types = [{ id: '7d7e4c0e-0000-4000-8000-000000000001', name: 'Gold Cover' }];
    const outcome = parseMembersCsv(
      [HEADER, mainRow({ policyTypeId: ' gold cover ' }), mainRow({ saId: '9001015009086', policyTypeId: 'Silver' })].join('\n'),
    );
    if (!outcome.ok) throw new Error('expected rows');
    expect(validateRows(outcome.rows, types)).toEqual([
      { rowNumber: 3, errors: ['Unknown policy type "Silver": give the name or the ID of one of your policy types'] },
    ]);
  });

  it('checks the migration columns, with the row number of a paid-up-to date before its inception date', () => {
    const types = [{ id: 'pt1', name: 'Gold' }];
    const outcome = parseMembersCsv(
      [
        HEADER,
        mainRow({ policyTypeId: 'Gold', inceptionDate: '2025-01-01', paidUpTo: '2025-06-30', debitDay: '25' }),
        mainRow({ saId: '9001015009086', policyTypeId: 'Gold', inceptionDate: '2025-01-01', paidUpTo: '2024-12-31' }),
        mainRow({ saId: '8501015009086', policyTypeId: 'Gold', debitDay: '32' }),
      ].join('\n'),
    );
    if (!outcome.ok) throw new Error('expected rows');
    expect(validateRows(outcome.rows, types)).toEqual([
      { rowNumber: 3, errors: ['Paid-up-to date cannot be before the inception date'] },
      { rowNumber: 4, errors: ['Debit day must be a whole number from 1 to 31'] },
    ]);
  });

  it('does not call an older file without the migration columns incomplete', () => {
    const outcome = parseMembersCsv([HEADER.split(',').slice(0, -3).join(','), mainRow().split(',').slice(0, -3).join(',')].join('\n'));
    expect(outcome.ok && outcome.missingColumns).toEqual([]);
  });

  it("a header without data rows is 'Empty file'", () => {
    expect(parseMembersCsv(`${HEADER}\n`)).toEqual({ ok: false, reason: 'empty' });
    expect(parseMembersCsv('')).toEqual({ ok: false, reason: 'empty' });
  });

  it('a malformed file fails parsing with papaparse problems', () => {
    const outcome = parseMembersCsv(`${HEADER}\n"Thabo,Mokoena\n`);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toBe('parse');
  });

  it('reads rows by header, ignores blank lines and a byte-order mark, and reports missing columns', () => {
    const outcome = parseMembersCsv(`\uFEFFfirstName,lastName\nThabo,Mokoena\n\n`);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.rows).toEqual([{ firstName: 'Thabo', lastName: 'Mokoena' }]);
    expect(outcome.missingColumns).toContain('saId');
    expect(outcome.missingColumns).not.toContain('firstName');
  });
});

describe('row validation', () => {
  it('numbers rows as index + 2 and lists every problem of a row', () => {
    const text = [
      HEADER,
      mainRow(),
      mainRow({ firstName: '', saId: '8001015009088' }),
      mainRow({ isMainMember: 'no', relationship: '' }),
    ].join('\n');
    const outcome = parseMembersCsv(text);
    if (!outcome.ok) throw new Error('expected rows');
    const problems = validateRows(outcome.rows, []);
    expect(problems.map((p) => p.rowNumber)).toEqual([3, 4]);
    expect(problems[0]!.errors).toEqual(['First name is required', 'Invalid SA ID number']);
    expect(problems[1]!.errors).toEqual([
      'Main member identifier required for family members',
      'Relationship is required for family members',
    ]);
  });

  it('refuses a policy type id the company does not have', () => {
    const outcome = parseMembersCsv([HEADER, mainRow({ policyTypeId: 'elsewhere' })].join('\n'));
    if (!outcome.ok) throw new Error('expected rows');
    expect(validateRows(outcome.rows, [{ id: 'pt1', name: 'Gold' }])).toEqual([
      { rowNumber: 2, errors: ['Unknown policy type "elsewhere": give the name or the ID of one of your policy types'] },
    ]);
  });
});

const rows = (n: number): CsvMemberRow[] =>
  Array.from({ length: n }, (_, i) => ({ firstName: `Name${i}`, lastName: 'Test', extra: 'x' }) as CsvMemberRow);

describe('chunks', () => {
  it('cuts 1,201 rows into 500, 500 and 201 with their first CSV row numbers', () => {
    const chunks = toChunks(rows(1201));
    expect(CHUNK_SIZE).toBe(500);
    expect(chunks.map((c) => [c.chunkIndex, c.firstRowNumber, c.rows.length, c.moreChunks])).toEqual([
      [0, 2, 500, true],
      [1, 502, 500, true],
      [2, 1002, 201, false],
    ]);
    // One chunk is the last one; exactly 500 rows make one chunk too.
    expect(toChunks(rows(500)).map((c) => c.moreChunks)).toEqual([false]);
    // Only template columns travel; blank values are left out.
    expect(chunks[0]!.rows[0]).toEqual({ firstName: 'Name0', lastName: 'Test' });
  });

  it('sends chunks in order, adds up the answers and reports progress after each', async () => {
    const chunks = toChunks(rows(1100));
    const sent: number[] = [];
    const seen: ImportProgress[] = [];
    const answers: ChunkAnswer[] = [
      { imported: 500, failed: [], skippedForLimit: 0 },
      {
        imported: 498,
        failed: [
          { rowNumber: 600, errors: ['SA ID already exists'] },
          { rowNumber: 700, errors: ['x'] },
        ],
        skippedForLimit: 0,
      },
      {
        imported: 40,
        failed: Array.from({ length: 60 }, (_, i) => ({ rowNumber: 1042 + i, errors: ['Member limit reached'] })),
        skippedForLimit: 60,
      },
    ];
    const outcome = await runImport({
      chunks,
      send: async (chunk) => {
        sent.push(chunk.chunkIndex);
        return answers[chunk.chunkIndex]!;
      },
      onProgress: (p) => seen.push(p),
      shouldStop: () => false,
    });
    expect(sent).toEqual([0, 1, 2]);
    expect(seen.map((p) => progressPercent(p, 1100))).toEqual([45, 91, 100]);
    expect(seen.map((p) => p.uploaded)).toEqual([500, 998, 1038]);
    expect(outcome.kind).toBe('done');
    expect(outcome.progress.failed).toHaveLength(62);
    expect(outcome.progress.skippedForLimit).toBe(60);
  });

  it('stops at a failed call and resumes from there', async () => {
    const chunks = toChunks(rows(1500));
    let fail = true;
    const send = async (chunk: { chunkIndex: number; rows: unknown[] }): Promise<ChunkAnswer> => {
      if (chunk.chunkIndex === 1 && fail) throw new Error('Network request failed');
      return { imported: chunk.rows.length, failed: [], skippedForLimit: 0 };
    };
    const first = await runImport({ chunks, send, onProgress: () => {}, shouldStop: () => false });
    expect(first).toMatchObject({ kind: 'failed', message: 'Network request failed', progress: { nextChunk: 1, uploaded: 500 } });
    fail = false;
    const resumed: number[] = [];
    const second = await runImport({
      chunks,
      send: (chunk) => {
        resumed.push(chunk.chunkIndex);
        return send(chunk);
      },
      onProgress: () => {},
      shouldStop: () => false,
      from: first.progress,
    });
    expect(resumed).toEqual([1, 2]);
    expect(second).toMatchObject({ kind: 'done', progress: { uploaded: 1500, rowsSent: 1500 } });
  });

  it('stops between chunks when asked', async () => {
    let stop = false;
    const outcome = await runImport({
      chunks: toChunks(rows(1500)),
      send: async (chunk) => {
        stop = true;
        return { imported: chunk.rows.length, failed: [], skippedForLimit: 0 };
      },
      onProgress: () => {},
      shouldStop: () => stop,
    });
    expect(outcome).toMatchObject({ kind: 'stopped', progress: { nextChunk: 1, uploaded: 500 } });
  });
});

describe('dialog states', () => {
  it('idle → validating → idle (ready) or error, then uploading → completed', () => {
    let state = bulkUploadReducer(INITIAL_BULK_STATE, { type: 'fileChosen', fileName: 'a.csv' });
    expect(state.status).toBe('validating');
    const invalid = bulkUploadReducer(state, {
      type: 'validated',
      rows: [{}],
      problems: [{ rowNumber: 2, errors: ['x'] }],
      missingColumns: [],
    });
    expect(invalid).toMatchObject({ status: 'error', ready: false });
    state = bulkUploadReducer(state, { type: 'validated', rows: [{}], problems: [], missingColumns: [] });
    expect(state).toMatchObject({ status: 'idle', ready: true });
    state = bulkUploadReducer(state, { type: 'uploadStarted', importId: 'i1' });
    expect(state).toMatchObject({ status: 'uploading', importId: 'i1' });
    const progress = { nextChunk: 1, rowsSent: 1, uploaded: 1, failed: [], skippedForLimit: 0 };
    const interrupted = bulkUploadReducer(state, { type: 'uploadInterrupted', progress, message: 'boom' });
    expect(interrupted).toMatchObject({ status: 'error', uploadError: 'boom', progress });
    // A retry keeps the import id and the progress so far.
    expect(bulkUploadReducer(interrupted, { type: 'uploadStarted', importId: 'i1' })).toMatchObject({
      status: 'uploading',
      progress,
      uploadError: null,
    });
    expect(bulkUploadReducer(state, { type: 'uploadEnded', progress }).status).toBe('completed');
    expect(bulkUploadReducer(state, { type: 'reset' })).toEqual(INITIAL_BULK_STATE);
  });
});

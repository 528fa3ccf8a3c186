export * from './debit-file.types.ts';
export { DEBIT_CSV_COLUMNS, DEBIT_CSV_TRAILER, type DebitCsv, readDebitCsv, writeDebitCsv } from './debit-csv.ts';
export {
  ACB_BANKSERV_INSTALLATION,
  ACB_CONTRA_ENTRY_CLASS,
  ACB_DEBIT_SERVICE,
  ACB_ENTRY_CLASS_INSURANCE_PREMIUM,
  type AcbContra,
  type AcbDebitLine,
  type AcbFile,
  type AcbOptions,
  type AcbTrailer,
  acbGenerationNumber,
  readAcb,
  writeAcb,
} from './acb.ts';
export { ACB_RECORD_LENGTH, acbHashTotal } from './acb-records.ts';
export { acbText, debitLineProblem, MAX_DEBIT_CENTS } from './debit-lines.ts';
export { parseResultFile, RESULT_FILE_COLUMNS, type ResultLine } from './result-file.ts';
export { isUnpaidCode, UNPAID_CODE_LIST, UNPAID_CODES, type UnpaidCode, type UnpaidEffect } from './unpaid-codes.ts';
export { COLLECTION_FILE_MAX_BYTES, CollectionFileError } from './file-error.ts';
export { decodeCollectionFile } from './file-text.ts';

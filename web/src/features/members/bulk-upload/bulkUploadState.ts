import type { CsvMemberRow } from '@fpa/write-model/validation';
import { NO_PROGRESS, type ImportProgress } from './chunks';
import type { RowProblem } from './csv';

/** Spec §4: the dialog's states. */
export type BulkUploadStatus = 'idle' | 'validating' | 'uploading' | 'completed' | 'error';

export type BulkUploadState = {
  status: BulkUploadStatus;
  fileName: string | null;
  /** The file's rows once parsed. */
  rows: CsvMemberRow[];
  /** Why the file could not be read (papaparse's problems), when it could not. */
  parseProblems: string[];
  /** Template columns the file's header lacks (a hint: rows may then fail validation). */
  missingColumns: string[];
  /** Per-row validation problems; the upload is offered only when there are none. */
  problems: RowProblem[];
  /** Every row validated: the Upload button is offered. */
  ready: boolean;
  /** One id per upload, kept across a retry so the server imports each chunk once. */
  importId: string | null;
  progress: ImportProgress;
  /** A failed or stopped upload's message; the upload can resume from where it ended. */
  uploadError: string | null;
};

export const INITIAL_BULK_STATE: BulkUploadState = {
  status: 'idle',
  fileName: null,
  rows: [],
  parseProblems: [],
  missingColumns: [],
  problems: [],
  ready: false,
  importId: null,
  progress: NO_PROGRESS,
  uploadError: null,
};

export type BulkUploadEvent =
  | { type: 'fileChosen'; fileName: string }
  | { type: 'parseFailed'; problems: string[] }
  | { type: 'emptyFile' }
  | { type: 'validated'; rows: CsvMemberRow[]; problems: RowProblem[]; missingColumns: string[] }
  | { type: 'uploadStarted'; importId: string }
  | { type: 'progressed'; progress: ImportProgress }
  | { type: 'uploadEnded'; progress: ImportProgress }
  | { type: 'uploadInterrupted'; progress: ImportProgress; message: string }
  | { type: 'reset' };

export function bulkUploadReducer(state: BulkUploadState, event: BulkUploadEvent): BulkUploadState {
  switch (event.type) {
    case 'fileChosen':
      return { ...INITIAL_BULK_STATE, status: 'validating', fileName: event.fileName };
    case 'parseFailed':
      return { ...state, status: 'error', parseProblems: event.problems };
    case 'emptyFile':
      return { ...state, status: 'error', parseProblems: [] };
    case 'validated': {
      const ready = event.problems.length === 0;
      return {
        ...state,
        status: ready ? 'idle' : 'error',
        rows: event.rows,
        problems: event.problems,
        missingColumns: event.missingColumns,
        ready,
      };
    }
    case 'uploadStarted':
      // A retry keeps its import id and progress; a first upload starts from nothing.
      return state.importId === event.importId
        ? { ...state, status: 'uploading', uploadError: null }
        : { ...state, status: 'uploading', importId: event.importId, progress: INITIAL_BULK_STATE.progress, uploadError: null };
    case 'progressed':
      return { ...state, progress: event.progress };
    case 'uploadEnded':
      return { ...state, status: 'completed', progress: event.progress, uploadError: null };
    case 'uploadInterrupted':
      return { ...state, status: 'error', progress: event.progress, uploadError: event.message };
    case 'reset':
      return INITIAL_BULK_STATE;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

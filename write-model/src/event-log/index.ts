export { exportEventLog, type ExportOptions, type ExportSummary } from './export-log.ts';
export { importEventLog, type ImportOptions, type ImportSummary } from './import-log.ts';
export { FORMAT, FORMAT_VERSION } from './event-log.format.ts';

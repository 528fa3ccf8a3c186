export * from './reports/report-source.ts';
export * from './reports/reports.queries.ts';
export * from './reports/report.ts';
export * from './reports/sources/index.ts';
export * from './compliance/compliance.queries.ts';
export * from './compliance/person.queries.ts';
export * from './engine/index.ts';
export * from './read-models.ts';

export { MAX_CANDIDATES, MAX_MONTHS, matchIndex, matchStatementLine } from './matching.ts';
export type { MatchablePolicy, MatchIndex, StatementMatch } from './matching.ts';
export { parseStatementCsv, statementHeaders } from './statement-csv.ts';
export type { StatementColumns, StatementLine } from './statement-csv.ts';
export { guessStatementColumns } from './statement-guess.ts';
export { parseStatementOfx } from './statement-ofx.ts';
export { STATEMENT_DATE_FORMATS, parseStatementAmount, parseStatementDate } from './statement-values.ts';
export type { StatementDateFormat } from './statement-values.ts';

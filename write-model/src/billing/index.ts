export * from './premium-ledger.ts';
export * from './policy-calendar.ts';
export * from './daily-run.ts';
export * from './arrears.ts';

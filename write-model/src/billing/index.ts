export * from './premium-ledger.ts';
export * from './policy-calendar.ts';

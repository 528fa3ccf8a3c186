export * from './premium-ledger.ts';

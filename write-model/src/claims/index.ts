export * from './claims.events.ts';
export * from './claims.state.ts';
export * from './claims.decider.ts';
export * from './commands/submit-claim.ts';
export * from './commands/change-claim-status.ts';
export * from './commands/review-document.ts';
export * from './claim-deceased.ts';
export * from './claim-deceased-backfill.ts';

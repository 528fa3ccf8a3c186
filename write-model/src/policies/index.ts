export * from './policies.events.ts';
export * from './policies.state.ts';
export * from './commands/change-policy-status.ts';
export * from './policy-numbers.ts';
export * from './commands/calendar.ts';
export * from './commands/issue-policy.ts';
export * from './waiting-carry-over.ts';
export * from './commands/set-mandate.ts';

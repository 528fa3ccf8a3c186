export * from './policies.events.ts';
export * from './policies.state.ts';
export * from './commands/change-policy-status.ts';
export * from './policy-numbers.ts';
export * from './commands/calendar.ts';

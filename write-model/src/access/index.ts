export * from './access.events.ts';
export * from './access.state.ts';
export * from './access.decider.ts';
export * from './commands/change-access.ts';
export * from './commands/change-user-role.ts';
export * from './operations.ts';

export * from './compliance.events.ts';
export * from './compliance.state.ts';
export * from './commands/resolve-compliance-entry.ts';

export * from './policy-types.events.ts';
export * from './policy-types.state.ts';
export * from './policy-types.decider.ts';
export * from './commands/create-policy-type.ts';
export * from './commands/update-policy-type.ts';

export * from './errors.ts';
export * from './command-handling/context.ts';
export * from './command-handling/decider.ts';
export * from './command-handling/handle.ts';
export * from './command-handling/parse.ts';
export * from './identity/index.ts';
export * from './companies/index.ts';
export * from './users/index.ts';

export * from './collections.events.ts';
export * from './files/index.ts';
export * from './commands/set-collection-settings.ts';
export * from './reservations.ts';
export * from './batch-fold.ts';
export * from './commands/import-results.ts';
export * from './commands/decide-results.ts';

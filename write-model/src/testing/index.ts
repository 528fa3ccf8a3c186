export * from './databases.ts';
export * from './reliability.ts';

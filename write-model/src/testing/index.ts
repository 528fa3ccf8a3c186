export * from './databases.ts';
export * from './reliability.ts';
export * from './random.ts';

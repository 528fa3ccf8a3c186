export * from './databases.ts';
export * from './reliability.ts';
export * from './random.ts';
export * from './wait-for-head.ts';

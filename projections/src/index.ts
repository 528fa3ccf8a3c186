export * from './engine/index.ts';
export * from './read-models.ts';

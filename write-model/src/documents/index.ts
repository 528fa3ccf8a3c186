export * from './stored-objects.ts';

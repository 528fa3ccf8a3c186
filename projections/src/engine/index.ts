export { createProjectionEngine } from './engine.ts';
export { formatProjectionMetrics } from './metrics.ts';
export { schemaName } from './schema.ts';
export type {
  CatchUpResult,
  ProjectionEngine,
  ProjectionEngineOptions,
  ProjectionLogger,
  Projector,
  ProjectorStatus,
  WaitForOptions,
  WaitForResult,
} from './types.ts';

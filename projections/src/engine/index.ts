export { catchUpTo, committedHead } from './catch-up-to.ts';
export { createStatisticsKeeper, keepPlannerStatistics, needsOwnStatistics } from './statistics.ts';
export type { PeriodicCheck } from './periodic.ts';
export { createProjectionEngine } from './engine.ts';
export { formatProjectionMetrics } from './metrics.ts';
export { schemaName, migrateEngineTables } from './schema.ts';
export { readModelPartitions, setReadModelPartitions } from './partitions.ts';
export { readTogether, tenantScoped, TENANT_ROLE, TENANT_SETTING } from './tenant-wall.ts';
export type { LeaseOptions } from './lease.ts';
export { isParkable, type ParkedEvent, type ParkedFilter } from './parked.ts';
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
export { rebuildCompanyInScratch, type CompanyRebuild, type ReadCompany } from './company-rebuild.ts';

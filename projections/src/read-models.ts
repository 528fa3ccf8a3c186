import type { Projector } from './engine/types.ts';
import { claimsProjection } from './claims/claims.projection.ts';
import { companiesProjection } from './companies/companies.projection.ts';
import { portfolioProjection } from './portfolio/portfolio.projection.ts';
import { usersListProjection } from './users-list/users-list.projection.ts';
import { groupSchemesProjection } from './group-schemes/group-schemes.projection.ts';
import { paymentsProjection } from './payments/payments.projection.ts';
import { accessProjection } from './access/access.projection.ts';
import { agentsProjection } from './agents/agents.projection.ts';
import { reportsProjection } from './reports/reports.projection.ts';
import { complianceReportsProjection } from './compliance-reports/compliance-reports.projection.ts';
import { dataSubjectsProjection } from './compliance-reports/data-subjects.projection.ts';
import { plansProjection } from './plans/plans.projection.ts';
import { systemSettingsProjection } from './system-settings/system-settings.projection.ts';
import { complianceProjection } from './compliance/compliance.projection.ts';
import { billingProjection } from './billing/billing.projection.ts';
import { collectionsProjection } from './collections/collections.projection.ts';
import { notificationsProjection } from './notifications/notifications.projection.ts';

/** Every projector the product runs, one per line. New read models are added here. */
export const allProjectors: readonly Projector[] = [
  usersListProjection,
  companiesProjection,
  portfolioProjection,
  claimsProjection,
  groupSchemesProjection,
  paymentsProjection,
  accessProjection,
  agentsProjection,
  reportsProjection,
  complianceReportsProjection,
  dataSubjectsProjection,
  plansProjection,
  systemSettingsProjection,
  complianceProjection,
  billingProjection,
  collectionsProjection,
  notificationsProjection,
];

export * from './billing/billing.queries.ts';
export * from './billing/arrears.queries.ts';
export * from './claims/claims.queries.ts';
export * from './claims/documents.queries.ts';
export * from './companies/companies.queries.ts';
export * from './portfolio/portfolio.queries.ts';
export * from './users-list/users-list.queries.ts';
export * from './group-schemes/group-schemes.queries.ts';
export * from './payments/payments.queries.ts';
export * from './payments/premiums.queries.ts';
export * from './payments/arrears.queries.ts';
export * from './access/access.queries.ts';
export * from './agents/agents.queries.ts';
export * from './agents/sales.queries.ts';
export * from './billing/daily-run.ts';
export * from './billing/run-daily-billing.ts';
export * from './billing/daily-schedule.ts';
export * from './collections/collections.queries.ts';
export * from './collections/create-batch.ts';
export * from './collections/import-statement.ts';

import {
  listComplianceLogs,
  listPlans,
  listPlatformCompanies,
  listPlatformSubscriptions,
  listSystemSettings,
  platformStats,
  type PlanRow,
  type PlatformCompanyRow,
  type SystemSettingRow,
} from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { requirePlatformOperator } from '../auth/policy.ts';

/*
 * The super admin dashboard's reads (spec part 2 §2, §7 Super admin; its commands are endpoints:
 * commands/platform.ts). Every one is the platform operator's alone (auth/policy.ts 'platform');
 * company users are refused with 403.
 */

export function companies(ctx: RequestContext): Promise<PlatformCompanyRow[]> {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listPlatformCompanies(readSql(ctx));
}

export function subscriptions(ctx: RequestContext) {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listPlatformSubscriptions(readSql(ctx), ctx.services.now());
}

export function stats(ctx: RequestContext) {
  requirePlatformOperator(ctx.user, 'platform.read');
  return platformStats(readSql(ctx), ctx.services.now());
}

export function complianceLogs(ctx: RequestContext) {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listComplianceLogs(readSql(ctx), { now: ctx.services.now() });
}

export function settings(ctx: RequestContext): Promise<SystemSettingRow[]> {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listSystemSettings(readSql(ctx));
}

export function plans(ctx: RequestContext): Promise<PlanRow[]> {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listPlans(readSql(ctx));
}

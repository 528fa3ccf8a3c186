import {
  activateCompany as activateCompanyCommand,
  createPlan as createPlanCommand,
  deletePlan as deletePlanCommand,
  NotFoundError,
  saveSystemSetting as saveSystemSettingCommand,
  suspendCompany as suspendCompanyCommand,
  updatePlan as updatePlanCommand,
  PLAN_NOT_FOUND,
  COMPANY_NOT_FOUND,
} from '@fpa/write-model';
import {
  companyUsers,
  findPlan,
  findPlatformCompany,
  findSystemSetting,
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
import type { RequestContext } from '../context.ts';
import { requirePlatformOperator, type PlatformOperation } from '../auth/policy.ts';
import { revokeSessionsOfUsers } from '../auth/sessions.ts';
import { commandFor, readYourWrites } from './consistency.ts';

/*
 * The super admin dashboard (spec part 2 §2, §7 Super admin). Every operation is the platform
 * operator's alone (auth/policy.ts 'platform'); company users are refused with 403.
 */

function operator(ctx: RequestContext, operation: PlatformOperation) {
  requirePlatformOperator(ctx.user, operation);
  return commandFor(ctx);
}

export function companies(ctx: RequestContext): Promise<PlatformCompanyRow[]> {
  operator(ctx, 'platform.read');
  return listPlatformCompanies(ctx.services.sql);
}

export function subscriptions(ctx: RequestContext) {
  operator(ctx, 'platform.read');
  return listPlatformSubscriptions(ctx.services.sql, ctx.services.now());
}

export function stats(ctx: RequestContext) {
  operator(ctx, 'platform.read');
  return platformStats(ctx.services.sql, ctx.services.now());
}

export function complianceLogs(ctx: RequestContext) {
  operator(ctx, 'platform.read');
  return listComplianceLogs(ctx.services.sql, { now: ctx.services.now() });
}

export function settings(ctx: RequestContext): Promise<SystemSettingRow[]> {
  operator(ctx, 'platform.read');
  return listSystemSettings(ctx.services.sql);
}

export function plans(ctx: RequestContext): Promise<PlanRow[]> {
  operator(ctx, 'platform.read');
  return listPlans(ctx.services.sql);
}

async function companyAnswer(ctx: RequestContext, companyId: string): Promise<PlatformCompanyRow> {
  const company = await findPlatformCompany(ctx.services.sql, companyId);
  if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
  return company;
}

/**
 * Its users' sign-in is refused from now on. Their sessions stop working on their next request (every
 * request checks the company), and are revoked as well, so that activation later does not bring back
 * a token the operator meant to end: after activation the users sign in again.
 */
export async function suspendCompany(ctx: RequestContext, companyId: string, input: unknown): Promise<PlatformCompanyRow> {
  const command = operator(ctx, 'platform.companies.manage');
  const { append } = await suspendCompanyCommand(ctx.services.store, companyId, input, command);
  await readYourWrites(ctx, append);
  const users = await companyUsers(ctx.services.sql, companyId);
  await revokeSessionsOfUsers(ctx.services.sql, users.map((user) => user.id));
  return companyAnswer(ctx, companyId);
}

export async function activateCompany(ctx: RequestContext, companyId: string): Promise<PlatformCompanyRow> {
  const command = operator(ctx, 'platform.companies.manage');
  const { append } = await activateCompanyCommand(ctx.services.store, companyId, command);
  await readYourWrites(ctx, append);
  return companyAnswer(ctx, companyId);
}

export type SavedSetting = { setting: SystemSettingRow; created: boolean };

/** Creates the key, or updates it when it exists (keys are unique). */
export async function saveSystemSetting(ctx: RequestContext, input: unknown): Promise<SavedSetting> {
  const command = operator(ctx, 'platform.settings.manage');
  const { settingId, created, append } = await saveSystemSettingCommand(ctx.services.store, input, command);
  if (append) await readYourWrites(ctx, append);
  const setting = await findSystemSetting(ctx.services.sql, settingId);
  if (!setting) throw new Error(`System setting ${settingId} is not in the read model yet`);
  return { setting, created };
}

async function planAnswer(ctx: RequestContext, id: string): Promise<PlanRow> {
  const plan = await findPlan(ctx.services.sql, id);
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  return plan;
}

export async function createPlan(ctx: RequestContext, input: unknown): Promise<PlanRow> {
  const command = operator(ctx, 'platform.plans.manage');
  const { planId, append } = await createPlanCommand(ctx.services.store, input, command);
  await readYourWrites(ctx, append);
  return planAnswer(ctx, planId);
}

export async function updatePlan(ctx: RequestContext, id: string, input: unknown): Promise<PlanRow> {
  const command = operator(ctx, 'platform.plans.manage');
  const { append } = await updatePlanCommand(ctx.services.store, id, input, command);
  if (append) await readYourWrites(ctx, append);
  return planAnswer(ctx, id);
}

/** Refused with 409 while companies are on the plan's tier: a subscription is never left without its plan. */
export async function deletePlan(ctx: RequestContext, id: string): Promise<{ ok: true; id: string }> {
  const command = operator(ctx, 'platform.plans.manage');
  const { append } = await deletePlanCommand(ctx.services.store, id, command);
  await readYourWrites(ctx, append);
  return { ok: true, id };
}

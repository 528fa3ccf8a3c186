import {
  activateCompanySlice,
  COMPANY_NOT_FOUND,
  createPlanSlice,
  deletePlanSlice,
  deleteSystemSettingSlice,
  DomainError,
  NotFoundError,
  PLAN_NOT_FOUND,
  resolveComplianceEntrySlice,
  saveSystemSettingSlice,
  suspendCompanySlice,
  updatePlanSlice,
} from '@fpa/write-model';
import {
  companyUsers,
  findPlan,
  findPlatformCompany,
  findComplianceLog,
  findSystemSetting,
  type PlanRow,
  type PlatformCompanyRow,
  type SystemSettingRow,
} from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { revokeSessionsOfUsers } from '../auth/sessions.ts';
import { ComplianceLogType, PlanType, PlatformCompanyType, SystemSettingType } from '../schema/platform.ts';
import { endpoint } from './expose.ts';

/* The super admin dashboard (spec part 2 §7 Super admin): the platform operator's commands (403 for every company user). */

async function company(ctx: RequestContext, companyId: string): Promise<PlatformCompanyRow> {
  const row = await findPlatformCompany(readSql(ctx), companyId);
  if (!row) throw new NotFoundError(COMPANY_NOT_FOUND);
  return row;
}

async function plan(ctx: RequestContext, id: string): Promise<PlanRow> {
  const row = await findPlan(readSql(ctx), id);
  if (!row) throw new NotFoundError(PLAN_NOT_FOUND);
  return row;
}

async function setting(ctx: RequestContext, settingId: string): Promise<SystemSettingRow> {
  const row = await findSystemSetting(readSql(ctx), settingId);
  if (!row) throw new Error(`System setting ${settingId} is not in the read model yet`);
  return row;
}

/** The setting as saved, and whether its key was new. */
type SavedSetting = { row: SystemSettingRow; created: boolean };

async function complianceEntry(ctx: RequestContext, id: string) {
  const row = await findComplianceLog(readSql(ctx), id, ctx.services.now());
  if (!row) throw new NotFoundError('Compliance log entry not found');
  return row;
}

export const platformEndpoints = [
  // Issue #25: the super admin resolves an entry of the compliance log with a note (who and when are shown).
  endpoint({
    slice: resolveComplianceEntrySlice,
    rest: { method: 'POST', path: '/api/super-admin/compliance-logs/:id/resolve' },
    graphql: { type: ComplianceLogType, args: 'flat' },
    // Only an entry the log shows, and one still open: a resolved entry (by an event or by hand) stays as it is.
    around: async (ctx, command, { target }) => {
      const entry = await complianceEntry(ctx, target);
      if (entry.resolvedAt) throw new DomainError('RULE_VIOLATED', 'This compliance log entry is already resolved.');
      return command();
    },
    answer: (ctx, _outcome, { target }) => complianceEntry(ctx, target),
  }),
  endpoint({
    slice: suspendCompanySlice,
    rest: { method: 'POST', path: '/api/super-admin/companies/:companyId/suspend' },
    graphql: { type: PlatformCompanyType, args: 'flat' },
    /**
     * Its users' sign-in is refused from now on. Their sessions stop working on their next request (every
     * request checks the company), and are revoked as well, so that activation later does not bring back
     * a token the operator meant to end: after activation the users sign in again.
     */
    answer: async (ctx, _outcome, { target }) => {
      const users = await companyUsers(ctx.services.sql, target);
      await revokeSessionsOfUsers(
        ctx.services.sql,
        users.map((user) => user.id),
      );
      return company(ctx, target);
    },
  }),
  endpoint({
    slice: activateCompanySlice,
    rest: { method: 'POST', path: '/api/super-admin/companies/:companyId/activate' },
    graphql: { type: PlatformCompanyType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => company(ctx, target),
  }),
  endpoint({
    slice: saveSystemSettingSlice,
    // 201 for a new key, 200 when the key existed and was updated.
    rest: {
      method: 'POST',
      path: '/api/super-admin/settings',
      body: ({ row, created }: SavedSetting) => Response.json(row, { status: created ? 201 : 200 }),
    },
    graphql: {
      type: SystemSettingType,
      description: 'Creates the key, or updates it when it exists.',
      inputName: 'SystemSettingInput',
      result: ({ row }: SavedSetting) => row,
    },
    answer: async (ctx, { settingId, created }): Promise<SavedSetting> => ({ row: await setting(ctx, settingId), created }),
  }),
  endpoint({
    slice: deleteSystemSettingSlice,
    rest: { method: 'DELETE', path: '/api/super-admin/settings/:id' },
    graphql: { type: 'ID', description: "The deleted setting's id.", result: ({ id }: { id: string }) => id },
    answer: (_ctx, _outcome, { target }) => ({ ok: true as const, id: target }),
  }),
  endpoint({
    slice: createPlanSlice,
    rest: { method: 'POST', path: '/api/super-admin/plans', status: 201 },
    graphql: { type: PlanType, inputName: 'PlanInput' },
    answer: (ctx, { planId }) => plan(ctx, planId),
  }),
  endpoint({
    slice: updatePlanSlice,
    rest: { method: 'PUT', path: '/api/super-admin/plans/:id' },
    graphql: { type: PlanType, inputName: 'PlanInput' },
    answer: (ctx, _outcome, { target }) => plan(ctx, target),
  }),
  endpoint({
    slice: deletePlanSlice,
    /** Refused with 409 while companies are on the plan's tier: a subscription is never left without its plan. */
    rest: { method: 'DELETE', path: '/api/super-admin/plans/:id' },
    graphql: {
      type: 'ID',
      description: "The deleted plan's id. Refused while companies are on its tier.",
      result: ({ id }: { id: string }) => id,
    },
    answer: (_ctx, _outcome, { target }) => ({ ok: true as const, id: target }),
  }),
];

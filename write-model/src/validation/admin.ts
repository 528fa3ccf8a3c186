import { z } from 'zod';
import { SA_VAT_NUMBER, VAT_NUMBER_INVALID } from './vat.ts';
import {
  decimalString,
  emailField,
  minText,
  NAME_MAX_LENGTH,
  nameTooLong,
  numberField,
  optionalNumberField,
  optionalText,
  requiredText,
} from './fields.ts';
import { COMPANY_ROLES } from './roles.ts';

/*
 * Role management (company administrators) and the platform operator's dashboard.
 */

/** POST /api/users: a staff account created by the company's administrator. */
export const newUserSchema = z.object({
  username: minText(3, 'Username must be at least 3 characters').max(NAME_MAX_LENGTH, nameTooLong('Username')),
  password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters'),
  email: emailField('Invalid email address'),
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  role: z
    .enum(COMPANY_ROLES, { error: 'Please choose a role' })
    .default('agent')
    .meta({ description: 'Default agent; never super_admin.' }),
});
export type NewUserInput = z.output<typeof newUserSchema>;
export type NewUserFormValues = z.input<typeof newUserSchema>;

/** PATCH /api/users/{userId}/role. */
export const userRoleSchema = z.object({
  role: z.enum(COMPANY_ROLES, { error: 'Please choose a role' }),
});
export type UserRoleInput = z.infer<typeof userRoleSchema>;

/** PUT /api/roles/{role}/permissions: the full new set. */
export const rolePermissionsSchema = z.object({
  permissionIds: z.array(z.string().trim().min(1), { error: 'Permission ids must be a list' }),
});
export type RolePermissionsInput = z.infer<typeof rolePermissionsSchema>;

/** POST /api/super-admin/companies/{companyId}/suspend. */
export const suspensionSchema = z.object({
  reason: requiredText('Suspension reason is required'),
});
export type SuspensionInput = z.infer<typeof suspensionSchema>;

export const SETTING_CATEGORIES = ['general', 'notifications', 'integrations', 'billing'] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

const SETTING_VALUE_REQUIRED = 'Setting value is required';

/**
 * A setting's value is text from the form, or structured JSON from API clients; blank text and a
 * missing value are refused alike.
 */
const settingValue = z.union(
  [z.string().trim().min(1, SETTING_VALUE_REQUIRED), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())],
  { error: SETTING_VALUE_REQUIRED },
);

/**
 * The platform's own details the tax invoices for subscription payments carry (issue #25), as system settings
 * the super admin edits. Without a VAT number the paper is an "Invoice" saying none is registered.
 */
export const PLATFORM_SETTINGS = {
  name: 'platform.name',
  address: 'platform.address',
  vatNumber: 'platform.vat_number',
} as const;

/** POST /api/super-admin/settings. */
export const systemSettingSchema = z
  .object({
    key: requiredText('Setting key is required'),
    value: settingValue,
    description: optionalText(),
    category: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || 'general')
      .pipe(z.enum(SETTING_CATEGORIES, { error: 'Category must be general, notifications, integrations or billing' }))
      .meta({ description: 'general (default), notifications, integrations or billing.' }),
  })
  .superRefine((setting, ctx) => {
    // The VAT number goes on tax invoices as it is: only a well-formed one.
    if (setting.key.trim() === PLATFORM_SETTINGS.vatNumber && !SA_VAT_NUMBER.test(String(setting.value).replace(/\s/g, ''))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: VAT_NUMBER_INVALID });
    }
  });
export type SystemSettingInput = z.output<typeof systemSettingSchema>;
export type SystemSettingFormValues = z.input<typeof systemSettingSchema>;

/** Creation defaults of the plan form; -1 members means unlimited. */
export const PLAN_DEFAULTS = { memberLimit: 300, monthlyPrice: '0', sortOrder: 0, isActive: true } as const;
export const UNLIMITED_MEMBERS = -1;

const MEMBER_LIMIT = 'Member limit must be -1 for unlimited or positive number';
export const TIER_FORMAT = 'Tier may use letters, digits, spaces and hyphens (at most 40)';

/**
 * A tier's id as plans, companies and checkouts carry it: 'Basic' and ' basic ' are the tier 'basic'.
 * free, starter and enterprise are built in (companies/tiers.ts); any other name is a tier the
 * super admin made by creating its plan.
 */
export function tierKey(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '-');
}

export function tierField(required: string) {
  return requiredText(required)
    .transform(tierKey)
    .refine((tier) => /^[a-z0-9][a-z0-9-]{0,39}$/.test(tier), TIER_FORMAT);
}
const MONTHLY_PRICE = 'Monthly price must be positive';
const SORT_ORDER = 'Sort order must be a whole number';
/** Both live in integer columns; the bounds are far past any plan a platform sells. */
export const PLAN_LIMITS = { maxMemberLimit: 10_000_000, maxSortOrder: 1_000_000 } as const;
const MEMBER_LIMIT_MAX = `Member limit cannot be more than ${PLAN_LIMITS.maxMemberLimit}`;
const SORT_ORDER_RANGE = `Sort order must be between -${PLAN_LIMITS.maxSortOrder} and ${PLAN_LIMITS.maxSortOrder}`;

/** POST and PUT /api/super-admin/plans. */
export const planSchema = z.object({
  name: requiredText('Plan name is required'),
  tier: tierField('Tier is required').meta({ description: 'free, starter or enterprise; one plan per tier.' }),
  memberLimit: numberField({
    required: MEMBER_LIMIT,
    integer: MEMBER_LIMIT,
    min: { value: UNLIMITED_MEMBERS, message: MEMBER_LIMIT },
    max: { value: PLAN_LIMITS.maxMemberLimit, message: MEMBER_LIMIT_MAX },
  })
    .refine((limit) => limit !== 0, MEMBER_LIMIT)
    // A whole number; the form's text is accepted too. GraphQL takes it as Int.
    .meta({ graphqlType: 'Int', description: '-1 for unlimited.' }),
  monthlyPrice: decimalString({ required: MONTHLY_PRICE, negative: MONTHLY_PRICE }),
  features: z
    .array(z.string().trim())
    .nullish()
    .transform((list) => (list ?? []).filter((f) => f !== '')),
  description: optionalText(),
  sortOrder: optionalNumberField({
    invalid: SORT_ORDER,
    integer: SORT_ORDER,
    min: { value: -PLAN_LIMITS.maxSortOrder, message: SORT_ORDER_RANGE },
    max: { value: PLAN_LIMITS.maxSortOrder, message: SORT_ORDER_RANGE },
  })
    .transform((v) => v ?? PLAN_DEFAULTS.sortOrder)
    .meta({ graphqlType: 'Int' }),
  isActive: z.boolean().default(PLAN_DEFAULTS.isActive),
});
export type PlanInput = z.output<typeof planSchema>;
export type PlanFormValues = z.input<typeof planSchema>;

/** POST /api/super-admin/compliance-logs/{id}/resolve (issue #25): how the entry was resolved. */
export const COMPLIANCE_NOTE_MIN_LENGTH = 5;
export const COMPLIANCE_NOTE_MESSAGE = `Say how the entry was resolved (at least ${COMPLIANCE_NOTE_MIN_LENGTH} characters)`;
export const resolveComplianceEntrySchema = z.object({
  note: z
    .string({ error: COMPLIANCE_NOTE_MESSAGE })
    .trim()
    .min(COMPLIANCE_NOTE_MIN_LENGTH, COMPLIANCE_NOTE_MESSAGE)
    .max(2000, 'The note can be at most 2,000 characters')
    .meta({ description: 'What was done about it; shown with who resolved it and when.' }),
});

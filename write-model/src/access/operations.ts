import { isPermissionName, type PermissionName } from './permissions.ts';

/**
 * Who may do what, in one place with the permissions it extends. Every command slice, GraphQL field
 * and REST route names an operation:
 *  - a permission ('members:create'): a signed-in company user whose effective permissions
 *    (role set + grants − revokes, loaded with the session) include it;
 *  - one of the access levels below for what is not a company permission.
 * The gateway checks them (api-gateway/src/auth/policy.ts) before anything is read.
 */
export type Access =
  /** anyone, signed in or not */
  | 'public'
  /** any signed-in user */
  | 'signed-in'
  /** the platform operator (super_admin) */
  | 'platform';

export const ACCESS = {
  'auth.register': 'public',
  'auth.login': 'public',
  'auth.logout': 'public',
  'auth.requestPasswordReset': 'public',
  'auth.resetPassword': 'public',
  'auth.me': 'signed-in',
  'assistant.ask': 'signed-in',
  // Settings → user profile and password: every signed-in user, their own account only.
  'profile.update': 'signed-in',
  // Changing one's own password (knowing the current one): also what a user with a temporary password may do (issue #25).
  'profile.password': 'signed-in',
  // A payment provider's notification: trusted for its signature, never for who sent it.
  'billing.notify': 'public',
  // The built-in sandbox gateway's payment page and buttons (signed parameters, like a real gateway).
  'billing.sandbox': 'public',
  // An SMS provider's delivery receipt (issue #24): trusted for its signature, never for who sent it.
  'notifications.receipt': 'public',
  // The upload PUT carries its own signed, single-use token (issued under documents:upload).
  'objects.receive': 'public',
  // The REST shim's OpenAPI document and its reference page (api-gateway/src/openapi/): what anyone may read in the code.
  'api.docs': 'public',
  // The super admin dashboard (spec part 2 §2, §7 Super admin): every company, plan and setting.
  'platform.read': 'platform',
  'platform.companies.manage': 'platform',
  'platform.plans.manage': 'platform',
  'platform.settings.manage': 'platform',
  // Resolving a compliance-log entry with a note (issue #25).
  'platform.compliance.manage': 'platform',
} as const satisfies Record<string, Access>;

export type Operation = keyof typeof ACCESS | PermissionName;

export type PlatformOperation = { [K in keyof typeof ACCESS]: (typeof ACCESS)[K] extends 'platform' ? K : never }[keyof typeof ACCESS];

/**
 * Permissions the platform operator holds over every company (support: opening a claim's document;
 * auditing any company, its POPIA requests included). Those the super admin uses on a company name it.
 */
export const PLATFORM_ALSO: ReadonlySet<PermissionName> = new Set(['documents:read', 'audit:read', 'personal_data:manage']);

/**
 * What a user whose administrator reset their password (issue #25) may do until they choose a new one:
 * sign in and out, read who they are, and change the password. Everything else is refused with
 * PASSWORD_CHANGE_REQUIRED (403).
 */
export const WHILE_PASSWORD_CHANGE_REQUIRED: ReadonlySet<Operation> = new Set<Operation>([
  'auth.login',
  'auth.logout',
  'auth.me',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  'profile.password',
  'api.docs',
]);

export const PASSWORD_CHANGE_REQUIRED = 'Your password was reset by an administrator. Choose a new password before you continue.';

export function isOperation(value: unknown): value is Operation {
  return isPermissionName(value) || (typeof value === 'string' && Object.hasOwn(ACCESS, value));
}

import { accessAnswers } from './access.answers.ts';
import { agentsAnswers } from './agents.answers.ts';
import { auditAnswers } from './audit.answers.ts';
import { beneficiariesAnswers } from './beneficiaries.answers.ts';
import { authAnswers } from './auth.answers.ts';
import { billingAnswers } from './billing.answers.ts';
import { claimsAnswers } from './claims.answers.ts';
import { collectionsAnswers } from './collections.answers.ts';
import { companyAnswers } from './company.answers.ts';
import { docsAnswers } from './docs.answers.ts';
import { groupSchemesAnswers } from './group-schemes.answers.ts';
import { notificationsAnswers } from './notifications.answers.ts';
import { paymentsAnswers } from './payments.answers.ts';
import { platformAnswers } from './platform.answers.ts';
import { portfolioAnswers } from './portfolio.answers.ts';
import { reportsAnswers } from './reports.answers.ts';
import type { AnswerMap } from './shapes.ts';
import { subscriptionAnswers } from './subscription.answers.ts';
import { uploadsAnswers } from './uploads.answers.ts';

/** The answers of each area (one file each), by the name the reference page groups its routes under. */
export const areas: Record<string, AnswerMap> = {
  'Sign-in': authAnswers,
  Settings: companyAnswers,
  Subscription: subscriptionAnswers,
  'Members and policies': { ...portfolioAnswers, ...beneficiariesAnswers },
  'Documents and assistant': uploadsAnswers,
  Claims: claimsAnswers,
  Payments: paymentsAnswers,
  'Premium calendar': billingAnswers,
  Collections: collectionsAnswers,
  Notifications: notificationsAnswers,
  'Group schemes': groupSchemesAnswers,
  'Users and roles': accessAnswers,
  Agents: agentsAnswers,
  Reports: reportsAnswers,
  Audit: auditAnswers,
  'Super admin': platformAnswers,
  'API reference': docsAnswers,
};

/** Every route's answers and summary, keyed "METHOD /api/path/:param". */
export const answers: AnswerMap = Object.assign({}, ...Object.values(areas)) as AnswerMap;

/** The area a route's answers are written in ('Other' for a route no area describes yet). */
export function areaOf(key: string): string {
  return Object.entries(areas).find(([, map]) => key in map)?.[0] ?? 'Other';
}

import { authRoutes } from './auth.routes.ts';
import { companyRoutes } from './company.routes.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import { portfolioRoutes } from './portfolio.routes.ts';
import type { Route } from './router.ts';
import { uploadRoutes } from '../uploads/uploads.routes.ts';
import { claimRoutes } from './claims.routes.ts';
import { paymentRoutes } from './payments.routes.ts';
import { groupSchemeRoutes } from './group-schemes.routes.ts';
import { reportRoutes } from './reports.routes.ts';
import { assistantRoutes } from '../assistant/assistant.routes.ts';
import { accessRoutes } from './access.routes.ts';
import { agentRoutes } from './agents.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { platformRoutes } from './platform.routes.ts';
import { billingRoutes } from './billing.routes.ts';
import { collectionRoutes } from './collections.routes.ts';
import { beneficiaryRoutes } from './beneficiaries.routes.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { commandEndpoints } from '../commands/index.ts';
import { restRoutesOf } from '../commands/expose.ts';
import { docsRoutes } from '../openapi/docs.routes.ts';

/** Every /api route, one context's table per line (each route names its operation: auth/policy.ts). */
export const routes: readonly Route[] = [
  ...authRoutes,
  ...companyRoutes,
  ...subscriptionRoutes,
  ...portfolioRoutes,
  ...uploadRoutes,
  ...claimRoutes,
  ...paymentRoutes,
  ...groupSchemeRoutes,
  ...assistantRoutes,
  ...accessRoutes,
  ...agentRoutes,
  ...reportRoutes,
  ...auditRoutes,
  ...platformRoutes,
  ...billingRoutes,
  ...collectionRoutes,
  ...beneficiaryRoutes,
  ...notificationRoutes,
  ...restRoutesOf(commandEndpoints),
  ...docsRoutes,
];

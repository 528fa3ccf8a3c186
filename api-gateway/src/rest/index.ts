import { authRoutes } from './auth.routes.ts';
import { companyRoutes } from './company.routes.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import { portfolioRoutes } from './portfolio.routes.ts';
import type { Route } from './router.ts';
import { uploadRoutes } from '../uploads/uploads.routes.ts';
import { claimRoutes } from './claims.routes.ts';
import { paymentRoutes } from './payments.routes.ts';
import { groupSchemeRoutes } from './group-schemes.routes.ts';
import { assistantRoutes } from '../assistant/assistant.routes.ts';

/** Every /api route; a later issue adds its context's table here. */
export const routes: readonly Route[] = [...authRoutes, ...companyRoutes, ...subscriptionRoutes, ...portfolioRoutes, ...uploadRoutes, ...claimRoutes, ...paymentRoutes, ...groupSchemeRoutes, ...assistantRoutes];

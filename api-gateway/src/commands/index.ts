import type { AnyEndpoint } from './expose.ts';
import { agentEndpoints } from './agents.ts';
import { claimEndpoints } from './claims.ts';
import { groupSchemeEndpoints } from './group-schemes.ts';
import { billingEndpoints } from './billing.ts';
import { paymentEndpoints } from './payments.ts';
import { portfolioEndpoints } from './portfolio.ts';
import { accessEndpoints } from './access.ts';
import { companyEndpoints } from './company.ts';
import { profileEndpoints } from './profile.ts';
import { authEndpoints } from './auth.ts';
import { platformEndpoints } from './platform.ts';
import { subscriptionEndpoints } from './subscription.ts';
import { collectionEndpoints } from './collections.ts';
import { beneficiaryEndpoints } from './beneficiaries.ts';
import { notificationEndpoints } from './notifications.ts';

/** Every command the gateway exposes, one context's endpoints per line: REST routes and GraphQL mutations are built from these. */
export const commandEndpoints: readonly AnyEndpoint[] = [
  ...paymentEndpoints,
  ...claimEndpoints,
  ...portfolioEndpoints,
  ...accessEndpoints,
  ...companyEndpoints,
  ...profileEndpoints,
  ...groupSchemeEndpoints,
  ...agentEndpoints,
  ...platformEndpoints,
  ...subscriptionEndpoints,
  ...authEndpoints,
  ...billingEndpoints,
  ...collectionEndpoints,
  ...beneficiaryEndpoints,
  ...notificationEndpoints,
];

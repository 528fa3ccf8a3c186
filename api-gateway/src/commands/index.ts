import type { AnyEndpoint } from './expose.ts';
import { authEndpoints } from './auth.ts';
import { paymentEndpoints } from './payments.ts';
import { platformEndpoints } from './platform.ts';
import { subscriptionEndpoints } from './subscription.ts';

/** Every command the gateway exposes, one context's endpoints per line: REST routes and GraphQL mutations are built from these. */
export const commandEndpoints: readonly AnyEndpoint[] = [
  ...paymentEndpoints,
  ...platformEndpoints,
  ...subscriptionEndpoints,
  ...authEndpoints,
];

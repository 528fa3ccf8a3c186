import type { AnyEndpoint } from './expose.ts';
import { billingEndpoints } from './billing.ts';
import { paymentEndpoints } from './payments.ts';

/** Every command the gateway exposes, one context's endpoints per line: REST routes and GraphQL mutations are built from these. */
export const commandEndpoints: readonly AnyEndpoint[] = [...paymentEndpoints, ...billingEndpoints];

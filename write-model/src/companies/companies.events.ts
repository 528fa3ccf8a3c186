export { FREE_TIER, FREE_TIER_MEMBER_LIMIT } from './tiers.ts';

/** A company (tenant) registered with its administrator; it starts on the free tier. */
export type CompanyRegistered = {
  type: 'CompanyRegistered';
  data: {
    companyId: string;
    name: string;
    cipNumber: string;
    email: string;
    phone: string;
    fspNumber: string | null;
    administratorUserId: string;
    tier: string;
    memberLimit: number;
    registeredAt: string;
  };
};

/**
 * The company information section of Settings saved: the whole section as it now stands (a PUT), so
 * the read model needs no earlier event to know any field. Blank optional fields are null.
 */
export type CompanyDetailsUpdated = {
  type: 'CompanyDetailsUpdated';
  data: {
    companyId: string;
    name: string;
    cipNumber: string;
    address: string | null;
    city: string | null;
    province: string | null;
    postalCode: string | null;
    phone: string | null;
    email: string | null;
    updatedAt: string;
  };
};

/**
 * A subscription payment the payment provider confirmed (a verified notification): the billing
 * history's entries. `paymentId` is the checkout's id; `providerPaymentId` the provider's own.
 */
export type SubscriptionPaymentReceived = {
  type: 'SubscriptionPaymentReceived';
  data: {
    companyId: string;
    paymentId: string;
    provider: string;
    providerPaymentId: string;
    tier: string;
    amount: string;
    paidAt: string;
  };
};

/** The provider reported the payment of a checkout as failed (verified notification); nothing changed. */
export type SubscriptionPaymentFailed = {
  type: 'SubscriptionPaymentFailed';
  data: {
    companyId: string;
    paymentId: string;
    provider: string;
    providerPaymentId: string;
    tier: string;
    amount: string;
    failedAt: string;
  };
};

/** The company moved to another tier; the member limit is the new tier's (-1 = unlimited). */
export type SubscriptionTierChanged = {
  type: 'SubscriptionTierChanged';
  data: {
    companyId: string;
    fromTier: string;
    toTier: string;
    memberLimit: number;
    /** The payment that bought it, when one did. */
    paymentId: string | null;
    changedAt: string;
  };
};

/**
 * The platform operator suspended the company: its users can no longer sign in and their sessions
 * stop working at once; its data stays as it is. Who did it is the event's actor.
 */
export type CompanySuspended = {
  type: 'CompanySuspended';
  data: { companyId: string; reason: string; suspendedAt: string };
};

/** The platform operator lifted a suspension: the company's users may sign in again. */
export type CompanyActivated = {
  type: 'CompanyActivated';
  data: { companyId: string; activatedAt: string };
};

export type CompanyEvent =
  | CompanyRegistered
  | CompanyDetailsUpdated
  | SubscriptionPaymentReceived
  | SubscriptionPaymentFailed
  | SubscriptionTierChanged
  | CompanySuspended
  | CompanyActivated;

export const companyStreamId = (companyId: string) => `company-${companyId}`;

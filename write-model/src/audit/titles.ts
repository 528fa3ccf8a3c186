/**
 * Business names of events, in one table: what an auditor reads in a timeline. Status changes are
 * named by the status reached ('Claim approved'); an event type missing here reads as its words.
 */
const TITLES: Record<string, string> = {
  CompanyRegistered: 'Company registered',
  CompanyDetailsUpdated: 'Company details updated',
  NotificationTemplateSet: 'Message template changed',
  NotificationTemplateReset: 'Message template reset to the default',
  CompanySuspended: 'Company suspended',
  CompanyActivated: 'Company activated',
  CompanyReactivated: 'Company activated',
  SubscriptionPaymentReceived: 'Subscription payment received',
  SubscriptionPaymentFailed: 'Subscription payment failed',
  SubscriptionTierChanged: 'Subscription plan changed',
  UserRegistered: 'User account created',
  UserPasswordReset: 'Password reset',
  UserPasswordChanged: 'Password changed',
  UserRoleChanged: 'User role changed',
  UserDeactivated: 'User deactivated',
  UserReactivated: 'User reactivated',
  UserPasswordResetByAdministrator: 'Password reset by an administrator (temporary password)',
  UserProfileUpdated: 'Profile updated',
  RolePermissionsSet: 'Role permissions changed',
  UserPermissionGranted: 'Permission granted',
  UserPermissionRevoked: 'Permission revoked',
  PolicyTypeCreated: 'Policy type created',
  PolicyTypeUpdated: 'Policy type updated',
  MemberRegistered: 'Member registered',
  MemberUpdated: 'Member details updated',
  MemberDeleted: 'Member deleted',
  FamilyMemberAdded: 'Family member added',
  FamilyMemberRemoved: 'Family member removed',
  MemberPolicyIssued: 'New policy issued to the member',
  PolicyIssued: 'Policy issued',
  ClaimSubmitted: 'Claim submitted',
  ClaimDocumentReviewed: 'Claim document reviewed',
  ClaimDisputed: 'Claim marked as disputed',
  ClaimDecisionClockStarted: 'Decision clock started: documents verified',
  ClaimDecisionDeadlineExtended: 'Decision deadline extended by 14 business days',
  PaymentRecorded: 'Payment recorded',
  DebitMandateSet: 'Debit order mandate set',
  DebitMandateSuspended: 'Debit order mandate suspended by the bank',
  BeneficiariesNominated: 'Beneficiaries nominated',
  PolicyLifeAdded: 'Life added to the policy',
  PolicyLifeRemoved: 'Life removed from the policy',
  PolicyHolderSucceeded: 'The spouse holds the policy: the main member died',
  PolicyTypeChanged: 'Policy type changed',
  CollectionBatchCreated: 'Collection batch created',
  CollectionResultsImported: 'Collection results imported',
  PremiumCollected: 'Premium collected by debit order',
  PremiumUnpaid: 'Debit order unpaid',
  GroupSchemeCreated: 'Group scheme created',
  GroupSchemeUpdated: 'Group scheme updated',
  SchemeMemberAdded: 'Scheme member added',
  SchemeMemberRemoved: 'Scheme member removed',
  GroupPaymentRecorded: 'Group payment recorded',
  AgentRegistered: 'Agent added',
  AgentUpdated: 'Agent details updated',
  ClientOnboarded: 'Client onboarded',
  AuditTrailViewed: 'Audit trail viewed',
  PersonalDataExported: 'Personal data exported',
  PersonalDataErased: 'Personal data erased',
  PersonalDataErasureRefused: 'Personal data erasure refused',
};

/** The noun of each status-changing event, for '<noun> <status in words>'. */
const STATUS_NOUNS: Record<string, string> = {
  ClaimStatusChanged: 'Claim',
  PolicyStatusChanged: 'Policy',
  PaymentStatusChanged: 'Payment',
  AgentStatusChanged: 'Agent',
};

const STATUS_WORDS: Record<string, string> = {
  active: 'activated',
  inactive: 'deactivated',
  sent_to_underwriter: 'sent to underwriter',
  under_review: 'under review',
};

export function eventTitle(type: string, data: Record<string, unknown>): string {
  // The calendar's events (issue #20), in the words the policyholder's file uses.
  if (type === 'NonPaymentNoticeIssued' && Array.isArray(data.missed)) {
    const periods = (data.missed as { period?: unknown }[]).map((m) => String(m.period)).join(', ');
    return `Premium for ${periods} missed; non-payment notice issued`;
  }
  if (type === 'PolicyLapsed') {
    return `Policy lapsed: non-payment after ${typeof data.graceDays === 'number' ? data.graceDays : 15} days' grace`;
  }
  if (type === 'PolicyReinstated')
    return data.reason === 'arrears_paid' ? 'Policy reinstated: arrears paid' : 'Policy reinstated by staff decision';
  const noun = STATUS_NOUNS[type];
  if (noun && typeof data.to === 'string') {
    // A policy only becomes active again after a lapse or a cancellation: it is reinstated.
    if (type === 'PolicyStatusChanged' && data.to === 'active') return 'Policy reinstated';
    return `${noun} ${STATUS_WORDS[data.to] ?? data.to.replaceAll('_', ' ')}`;
  }
  if (type === 'ClaimDocumentReviewed' && typeof data.to === 'string') return `Claim document ${data.to}`;
  // Issue #22: an approved death claim ended the life's cover and premium.
  if (type === 'PolicyLifeRemoved' && data.reason === 'deceased') return 'Life deceased: its cover and premium ended';
  return TITLES[type] ?? words(type);
}

/** 'SomethingHappened' → 'Something happened'. */
function words(type: string): string {
  const spaced = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The command's note on an event, when it carries one (status changes, reviews, suspensions). */
export function eventNote(type: string, data: Record<string, unknown>): string | null {
  // A role set's `reason` says whether it was a change or the defaults, not why.
  // Nor does a life's removal: its `reason` is the kind of removal, which the title says.
  const keys = type === 'RolePermissionsSet' || type === 'PolicyLifeRemoved' ? ['note'] : ['note', 'reason', 'notes'];
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

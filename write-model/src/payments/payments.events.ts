import type { PaymentMethod, PaymentStatus, GroupPaymentMethod } from '../validation/index.ts';
import type { PiiMarking } from '../event-store/types.ts';
import { schemeMemberSubjectId } from '../group-schemes/group-schemes.events.ts';
import { memberSubjectId } from '../members/members.events.ts';

/**
 * A premium payment against one policy: an individual policy (policy-<id> stream) or a group
 * scheme member's policy (then groupSchemeId and groupPaymentId say which scheme and which run).
 * Amounts are decimal strings in rand.
 */
export type PaymentRecorded = {
  type: 'PaymentRecorded';
  data: {
    paymentId: string;
    companyId: string;
    policyId: string;
    policyNumber: string;
    memberId: string;
    /** Copied at recording for the list; personal data of the member (encrypted with the member's key). */
    memberName: string;
    amount: string;
    paymentDate: string;
    paymentMethod: PaymentMethod | GroupPaymentMethod;
    reference: string | null;
    notes: string | null;
    status: PaymentStatus;
    groupSchemeId: string | null;
    groupPaymentId: string | null;
  };
};

/** Any status may follow any other (spec part 2 §4); who and when come from the event's metadata. */
export type PaymentStatusChanged = {
  type: 'PaymentStatusChanged';
  data: { paymentId: string; companyId: string; from: PaymentStatus; to: PaymentStatus };
};

export type PaymentEvent = PaymentRecorded | PaymentStatusChanged;

export const paymentStreamId = (paymentId: string) => `payment-${paymentId}`;

/**
 * The member's name copied onto a payment is personal data of that member: sealed with the member's
 * key (a scheme member's own key for group payments), so erasing the person erases it here too.
 */
export function paymentPii(event: PaymentEvent): PiiMarking[] | undefined {
  if (event.type !== 'PaymentRecorded') return undefined;
  const { memberId, groupSchemeId } = event.data;
  return [{ subjectId: groupSchemeId ? schemeMemberSubjectId(memberId) : memberSubjectId(memberId), fields: ['memberName'] }];
}

import type { CommandContext } from '../command-handling/context.ts';
import { DomainError } from '../errors.ts';
import { RECORDED_PAYMENT_STATUS } from '../payments/commands/record-payment.ts';
import type { PaymentRecorded } from '../payments/payments.events.ts';
import { centsToDecimal, decimalToCents, type GroupPaymentInput } from '../validation/index.ts';
import { assertOwnScheme } from './group-schemes.decider.ts';
import type { GroupPaymentRecorded } from './group-schemes.events.ts';
import { familyOf, mainMembersOf, type GroupSchemeState } from './group-schemes.state.ts';

export const SCHEME_INACTIVE = 'This scheme is inactive. Set it to active before recording a group payment.';
export const SCHEME_EMPTY = 'This scheme has no members to record a payment for.';

export type RecordGroupPayment = { companyId: string; groupPaymentId: string; input: GroupPaymentInput };

/** The events of a group payment: the run on the scheme's stream, and one payment per group policy. */
export type GroupPaymentDecision = { scheme: GroupPaymentRecorded[]; payments: PaymentRecorded[] };

/**
 * amountPerMember × the people on the scheme now (main members and family) is the total (spec §7).
 * The money is booked per group policy: each main member's policy receives amountPerMember for the
 * main member and for each family member covered under it, so the payments add up to the total.
 */
export function decideRecordGroupPayment(state: GroupSchemeState, command: RecordGroupPayment, ctx: CommandContext): GroupPaymentDecision {
  assertOwnScheme(state, command.companyId);
  if (state.status !== 'active') throw new DomainError('RULE_VIOLATED', SCHEME_INACTIVE);
  const mains = mainMembersOf(state);
  if (mains.length === 0) throw new DomainError('RULE_VIOLATED', SCHEME_EMPTY);
  const { input, groupPaymentId } = command;
  const perMember = decimalToCents(input.amountPerMember);
  const payments = mains.map((main): PaymentRecorded => {
    const covered = 1 + familyOf(state, main.memberId).length;
    return {
      type: 'PaymentRecorded',
      data: {
        paymentId: ctx.newId(),
        companyId: state.companyId,
        policyId: main.policyId,
        policyNumber: main.policyNumber,
        memberId: main.memberId,
        memberName: `${main.firstName} ${main.lastName}`,
        amount: centsToDecimal(perMember * BigInt(covered)),
        paymentDate: input.paymentDate,
        paymentMethod: input.paymentMethod,
        reference: input.reference ?? null,
        notes: null,
        status: RECORDED_PAYMENT_STATUS,
        groupSchemeId: state.schemeId,
        groupPaymentId,
      },
    };
  });
  const memberCount = state.members.length;
  const run: GroupPaymentRecorded = {
    type: 'GroupPaymentRecorded',
    data: {
      schemeId: state.schemeId,
      companyId: state.companyId,
      groupPaymentId,
      amountPerMember: centsToDecimal(perMember),
      memberCount,
      totalAmount: centsToDecimal(perMember * BigInt(memberCount)),
      paymentMethod: input.paymentMethod,
      paymentDate: input.paymentDate,
      reference: input.reference ?? null,
      paymentIds: payments.map((p) => p.data.paymentId),
    },
  };
  return { scheme: [run], payments };
}

import { describe, expect, it } from 'vitest';
import { scenario } from '../command-handling/given-when-then.ts';
import { groupPaymentSchemaOn } from '../validation/index.ts';
import { decideRecordGroupPayment, SCHEME_EMPTY, SCHEME_INACTIVE, type RecordGroupPayment } from './group-payment.decider.ts';
import { SCHEME_NOT_FOUND } from './group-schemes.decider.ts';
import type { GroupSchemeEvent } from './group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState } from './group-schemes.state.ts';
import { countingContext, created, threeFamilies } from './group-schemes.fixtures.ts';
const groupPaymentSchema = groupPaymentSchemaOn('2026-06-15');

const pay = (amountPerMember: string, companyId = 'c1'): RecordGroupPayment => ({
  companyId,
  groupPaymentId: 'g1',
  input: groupPaymentSchema.parse({ amountPerMember, paymentMethod: 'mobile_money', paymentDate: '2026-06-01', reference: 'JUNE' }),
});
const groupPayment = () =>
  scenario(
    { initialState: initialGroupSchemeState, evolve: evolveGroupScheme },
    (command: RecordGroupPayment, state, ctx) => decideRecordGroupPayment(state, command, ctx),
    countingContext(),
  );

describe('recording a group payment', () => {
  it('given 3 main members and 2 family members, when R100 per member is paid, then R500 in total and one payment per group policy', () => {
    const decided = groupPayment().given(threeFamilies()).when(pay('100')).decided();
    expect(decided.scheme).toEqual([
      {
        type: 'GroupPaymentRecorded',
        data: {
          schemeId: 's1',
          companyId: 'c1',
          groupPaymentId: 'g1',
          amountPerMember: '100.00',
          memberCount: 5,
          totalAmount: '500.00',
          paymentMethod: 'mobile_money',
          paymentDate: '2026-06-01',
          reference: 'JUNE',
          paymentIds: ['id-1', 'id-2', 'id-3'],
        },
      },
    ]);
    expect(decided.payments.map((p) => [p.data.policyNumber, p.data.memberName, p.data.amount])).toEqual([
      ['MIN-000001', 'Zanele Mokoena', '300.00'], // the main member and two family members under the policy
      ['MIN-000002', 'Sipho Dlamini', '100.00'],
      ['MIN-000003', 'Lerato Khumalo', '100.00'],
    ]);
    expect(decided.payments[0]?.data).toMatchObject({
      paymentId: 'id-1',
      policyId: 'pol-a',
      memberId: 'a',
      status: 'completed',
      paymentMethod: 'mobile_money',
      reference: 'JUNE',
      notes: null,
      groupSchemeId: 's1',
      groupPaymentId: 'g1',
    });
  });

  it('adds up in cents: R99.99 over 5 people is R499.95, and the payments sum to it', () => {
    const decided = groupPayment().given(threeFamilies()).when(pay('99.99')).decided();
    expect(decided.scheme[0]?.data.totalAmount).toBe('499.95');
    const cents = decided.payments.reduce((sum, p) => sum + Math.round(Number(p.data.amount) * 100), 0);
    expect(cents).toBe(49995);
  });

  it('given an inactive scheme, then refused with a clear message', () => {
    const inactive: GroupSchemeEvent = {
      type: 'GroupSchemeUpdated',
      data: { schemeId: 's1', companyId: 'c1', name: 'Mine Workers', description: '', status: 'inactive' },
    };
    groupPayment()
      .given([...threeFamilies(), inactive])
      .when(pay('100'))
      .thenThrows('RULE_VIOLATED', SCHEME_INACTIVE);
  });

  it('given a scheme without members, then refused with a clear message', () => {
    groupPayment().given([created]).when(pay('100')).thenThrows('RULE_VIOLATED', SCHEME_EMPTY);
  });

  it("given no scheme or another company's, then NOT_FOUND", () => {
    groupPayment().given([]).when(pay('100')).thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
    groupPayment().given(threeFamilies()).when(pay('100', 'c2')).thenThrows('NOT_FOUND', SCHEME_NOT_FOUND);
  });

  it('a group payment leaves the scheme as it was', () => {
    const history = threeFamilies();
    const before = history.reduce(evolveGroupScheme, initialGroupSchemeState);
    const run = groupPayment().given(history).when(pay('100')).decided().scheme;
    expect(run.reduce(evolveGroupScheme, before)).toBe(before);
  });
});

import { unknownEvent } from '../command-handling/decider.ts';
import type { PaymentStatus } from '../validation/index.ts';
import type { PaymentEvent } from './payments.events.ts';

export type PaymentState = { status: 'none' } | { status: PaymentStatus; paymentId: string; companyId: string };

export const initialPaymentState: PaymentState = { status: 'none' };

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentRecorded':
      return { status: event.data.status, paymentId: event.data.paymentId, companyId: event.data.companyId };
    case 'PaymentStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.to };
    default:
      return unknownEvent(event, state);
  }
}

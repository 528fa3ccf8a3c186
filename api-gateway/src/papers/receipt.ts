import { DomainError, NotFoundError } from '@fpa/write-model';
import { findPayment, policyStatement } from '@fpa/projections';
import { southAfricanDate } from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { companyRow } from '../queries/company.ts';
import { tenantRead } from '../queries/tenant.ts';
import { letterheadOf, longDate, rand } from './letterhead.ts';
import { pdfResponse, type Paper } from './pdf.ts';

/*
 * A premium receipt (issue #23) for a payment received: what was paid, when, how and for which policy,
 * and where the policy stands now. Only a completed payment is receipted: a pending one has not been
 * received, a failed or refunded one is not money the company holds.
 */

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const NOT_RECEIVED = 'Only a completed payment has a receipt.';

const METHODS: Record<string, string> = {
  cash: 'Cash',
  eft: 'EFT',
  debit_order: 'Debit order',
  card: 'Card',
  bank_transfer: 'Bank transfer',
};

export async function receiptPdf(ctx: RequestContext, paymentId: string): Promise<Response> {
  const [sql, companyId] = tenantRead(ctx, 'payments:read');
  const payment = await findPayment(sql, companyId, paymentId);
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  if (payment.status !== 'completed') throw new DomainError('RULE_VIOLATED', NOT_RECEIVED);
  const today = southAfricanDate(ctx.services.now());
  const [company, statement] = await Promise.all([companyRow(ctx, companyId), policyStatement(sql, companyId, payment.policyId, today)]);
  const paper: Paper = {
    letterhead: letterheadOf(company),
    title: 'Premium receipt',
    subtitle: `Receipt ${payment.id.slice(0, 8).toUpperCase()} · policy ${payment.policyNumber} · made ${longDate(today)}`,
    blocks: [
      { kind: 'heading', text: 'Received with thanks' },
      {
        kind: 'facts',
        rows: [
          ['Received from', payment.memberName],
          ['Policy number', payment.policyNumber],
          ['Amount', rand(payment.amount)],
          ['Date paid', longDate(payment.paymentDate)],
          ['Method', METHODS[payment.paymentMethod] ?? payment.paymentMethod],
          ['Reference', payment.reference || '—'],
          ...(payment.schemeName ? ([['Group scheme', payment.schemeName]] as const) : []),
        ],
      },
      ...(statement
        ? ([
            { kind: 'heading', text: `The policy as at ${longDate(today)}` },
            {
              kind: 'facts',
              rows: [
                ['Paid up to', statement.paidUpTo ? longDate(statement.paidUpTo) : 'Not yet paid up'],
                ['Balance due', rand(statement.balance)],
                ['Months in arrears', String(statement.monthsInArrears)],
              ],
            },
          ] as const)
        : []),
      {
        kind: 'paragraph',
        text: 'Keep this receipt. If anything on it is wrong, tell us within 30 days quoting the receipt and policy numbers.',
      },
    ],
    footer: `${company.name} · receipt for policy ${payment.policyNumber} · made ${longDate(today)}`,
  };
  return pdfResponse(paper, `receipt-${payment.policyNumber}-${payment.paymentDate}.pdf`);
}

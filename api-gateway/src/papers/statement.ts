import { ValidationError, type PeriodState } from '@fpa/write-model';
import { isIsoDate } from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { statement as policyStatement } from '../queries/billing.ts';
import { companyRow } from '../queries/company.ts';
import { requireCompanyUser } from '../auth/policy.ts';
import { letterheadOf, longDate, rand } from './letterhead.ts';
import { pdfResponse, type Paper } from './pdf.ts';

/*
 * A policy's premium statement for a period (issue #23): each month's premium due and paid and its
 * state, the notices sent and the lapse, with the paid-up-to date and the balance as at today. The
 * period is ?from=YYYY-MM&to=YYYY-MM (months, both included); without them, the whole policy.
 */

const STATE_WORDS: Record<PeriodState, string> = {
  paid: 'Paid',
  partial: 'Part paid',
  unpaid: 'Unpaid',
  paid_in_advance: 'Paid in advance',
};

function month(value: string | null, name: 'from' | 'to'): string | null {
  if (value === null || value === '') return null;
  if (!/^\d{4}-\d{2}$/.test(value) || !isIsoDate(`${value}-01`))
    throw new ValidationError(`${name} must be a month as YYYY-MM`, [{ path: [name], message: `${name} must be a month as YYYY-MM` }]);
  return value;
}

export async function statementPdf(ctx: RequestContext, policyId: string, query: URLSearchParams): Promise<Response> {
  const from = month(query.get('from'), 'from');
  const to = month(query.get('to'), 'to');
  if (from && to && from > to)
    throw new ValidationError('from must not be after to', [{ path: ['from'], message: 'from must not be after to' }]);
  const statement = await policyStatement(ctx, policyId);
  const company = await companyRow(ctx, requireCompanyUser(ctx.user, 'policies:read').companyId);
  const periods = statement.periods.filter((p) => (!from || p.period >= from) && (!to || p.period <= to));
  const span = from || to ? `${from ?? 'the start'} to ${to ?? statement.asOf.slice(0, 7)}` : 'since the policy began';
  const paper: Paper = {
    letterhead: letterheadOf(company),
    title: 'Premium statement',
    subtitle: `Policy ${statement.policyNumber} · ${span} · as at ${longDate(statement.asOf)}`,
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Policy number', statement.policyNumber],
          ['Status', statement.status.charAt(0).toUpperCase() + statement.status.slice(1)],
          ['Monthly premium', rand(statement.monthlyPremium)],
          ['Paid up to', statement.paidUpTo ? longDate(statement.paidUpTo) : 'Not yet paid up'],
          ['Balance due', rand(statement.balance)],
          ['Months in arrears', String(statement.monthsInArrears)],
          ...(statement.credit !== '0.00' ? ([['Credit', rand(statement.credit)]] as const) : []),
        ],
      },
      { kind: 'heading', text: 'Month by month' },
      {
        kind: 'table',
        columns: ['Month', 'Due on', 'Premium', 'Paid', 'State'],
        rows: periods.map((p) => [p.period, longDate(p.dueDate), rand(p.amountDue), rand(p.amountPaid), STATE_WORDS[p.state]]),
        empty: 'No premium fell due in this period.',
      },
      ...(statement.notices.length > 0
        ? ([
            { kind: 'heading', text: 'Non-payment notices' },
            {
              kind: 'table',
              columns: ['Sent on', 'Months missed', 'Cover until'],
              rows: statement.notices.map((n) => [
                longDate(n.issuedOn),
                n.periods.join(', '),
                n.graceEndsOn ? longDate(n.graceEndsOn) : '—',
              ]),
              empty: '',
            },
          ] as const)
        : []),
      ...(statement.lapse ? ([{ kind: 'paragraph', text: `The policy lapsed on ${longDate(statement.lapse.lapsedOn)}.` }] as const) : []),
    ],
    footer: `${company.name} · premium statement ${statement.policyNumber} · made ${longDate(statement.asOf)}`,
  };
  return pdfResponse(paper, `statement-${statement.policyNumber}-${statement.asOf}.pdf`);
}

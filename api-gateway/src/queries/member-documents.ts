import { claimDocuments, type MemberRow } from '@fpa/projections';
import { southAfricanDate } from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { claimsOf, memberSummary, paymentsOf, policiesOf } from './member-page.ts';
import { readIfAllowed } from './tenant.ts';

/*
 * Issue #22, the member's page's documents: the papers there are for this person, each a row with its
 * date and kind and the existing route that makes or serves it: the schedule and the premium statement of
 * each policy of their own (a group scheme's policy has neither: the scheme's terms and payments stand for
 * them), the receipt of each completed payment the page lists, the decision letter of each decided claim,
 * and the documents uploaded with the claims. Each kind only when the caller's role may open it.
 */

export const MEMBER_DOCUMENT_KINDS = [
  'policy_schedule',
  'premium_statement',
  'payment_receipt',
  'decision_letter',
  'claim_document',
] as const;
export type MemberDocumentKind = (typeof MEMBER_DOCUMENT_KINDS)[number];

export type MemberDocument = {
  kind: MemberDocumentKind;
  /** What the paper is, in words: 'Schedule of policy POL-…', 'Death certificate (dc.pdf), claim CLM-…'. */
  title: string;
  /** YYYY-MM-DD: the day it speaks of (a policy's start, a payment's date, a decision's, an upload's; a statement: today). */
  date: string;
  /** The GET route that gives the file (with the caller's session). */
  href: string;
  fileName: string;
  policyNumber: string | null;
  claimNumber: string | null;
};

const CLAIM_FIELD_LABEL: Record<string, string> = {
  deceasedIdDocument: "Deceased's ID document",
  claimantIdDocument: "Claimant's ID document",
  deathCertificateDocument: 'Death certificate',
  bankLetterDocument: 'Bank letter',
};

const DECIDED = new Set(['approved', 'paid', 'rejected']);

/** Newest first; a kind the caller's role may not read is left out (never an error). */
export async function documentsOf(ctx: RequestContext, member: MemberRow): Promise<MemberDocument[]> {
  const today = southAfricanDate(ctx.services.now());
  const policies = (await policiesOf(ctx, member)) ?? [];
  const out: MemberDocument[] = [];
  for (const policy of policies) {
    const id = encodeURIComponent(policy.id);
    const own = !policy.schemeId;
    if (own) {
      out.push({
        kind: 'policy_schedule',
        title: `Schedule of policy ${policy.policyNumber}`,
        date: policy.startDate,
        href: `/api/policies/${id}/schedule.pdf`,
        fileName: `schedule-${policy.policyNumber}.pdf`,
        policyNumber: policy.policyNumber,
        claimNumber: null,
      });
      out.push({
        kind: 'premium_statement',
        title: `Premium statement of policy ${policy.policyNumber}`,
        date: today,
        href: `/api/policies/${id}/statement.pdf`,
        fileName: `statement-${policy.policyNumber}-${today}.pdf`,
        policyNumber: policy.policyNumber,
        claimNumber: null,
      });
    }
    const [payments, claims] = await Promise.all([paymentsOf(ctx, policy.id), claimsOf(ctx, policy.id)]);
    for (const payment of payments?.nodes ?? []) {
      if (payment.status !== 'completed') continue;
      out.push({
        kind: 'payment_receipt',
        title: `Receipt of the payment of ${payment.paymentDate} on policy ${payment.policyNumber}`,
        date: payment.paymentDate,
        href: `/api/payments/${encodeURIComponent(payment.id)}/receipt.pdf`,
        fileName: `receipt-${payment.policyNumber}-${payment.paymentDate}.pdf`,
        policyNumber: payment.policyNumber,
        claimNumber: null,
      });
    }
    for (const claim of claims ?? []) {
      if (DECIDED.has(claim.status)) {
        out.push({
          kind: 'decision_letter',
          title: `Decision letter of claim ${claim.claimNumber}`,
          date: southAfricanDate(new Date(claim.decidedAt ?? claim.updatedAt)),
          href: `/api/claims/${encodeURIComponent(claim.id)}/decision-letter.pdf`,
          fileName: `decision-${claim.claimNumber}.pdf`,
          policyNumber: policy.policyNumber,
          claimNumber: claim.claimNumber,
        });
      }
      const uploads = await readIfAllowed(ctx, 'documents:read', ([sql, companyId]) => claimDocuments(sql, companyId, claim.id));
      for (const upload of uploads ?? []) {
        out.push({
          kind: 'claim_document',
          title: `${CLAIM_FIELD_LABEL[upload.field] ?? 'Document'} (${upload.originalName}), claim ${claim.claimNumber}`,
          date: southAfricanDate(new Date(upload.uploadedAt)),
          href: `/api/documents/${encodeURIComponent(upload.id)}/download`,
          fileName: upload.originalName,
          policyNumber: policy.policyNumber,
          claimNumber: claim.claimNumber,
        });
      }
    }
  }
  const order = (kind: MemberDocumentKind) => MEMBER_DOCUMENT_KINDS.indexOf(kind);
  return out.sort((a, b) => b.date.localeCompare(a.date) || order(a.kind) - order(b.kind));
}

/** GET /api/members/{id}: the page's summaries (memberSummary) with its documents. */
export async function memberSummaryWithDocuments(ctx: RequestContext, id: string) {
  const summary = await memberSummary(ctx, id);
  return { ...summary, documents: await documentsOf(ctx, summary) };
}

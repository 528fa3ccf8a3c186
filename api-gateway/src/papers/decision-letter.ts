import { DomainError } from '@fpa/write-model';
import { CLAIM_REJECTION_REASON_LABELS, southAfricanDate } from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { companyRow } from '../queries/company.ts';
import { requireClaim } from '../queries/claims.ts';
import { tenantRead } from '../queries/tenant.ts';
import { companyContact, letterheadOf, longDate, rand } from './letterhead.ts';
import { pdfResponse, type Paper, type PaperBlock } from './pdf.ts';

/*
 * The claim decision letter (issue #23) to the claimant: an approval with the amount (and the payout
 * once paid), or a rejection with its reason and how to complain — to the insurer first, then to the
 * National Financial Ombud Scheme. Only a decided claim has a letter.
 */

export const NOT_DECIDED = 'Only an approved, paid or rejected claim has a decision letter.';

/** The ombud for long-term insurance complaints (the NFO took over from the Long-term Insurance Ombud in 2024). */
const OMBUD =
  'If you are not satisfied with our answer, you may complain, free of charge, to the National Financial Ombud Scheme ' +
  'South Africa (www.nfosa.co.za), which handles complaints about long-term insurance.';

export async function decisionLetterPdf(ctx: RequestContext, claimId: string): Promise<Response> {
  const claim = await requireClaim(ctx, claimId);
  if (claim.status !== 'approved' && claim.status !== 'paid' && claim.status !== 'rejected')
    throw new DomainError('RULE_VIOLATED', NOT_DECIDED);
  const [, companyId] = tenantRead(ctx, 'claims:read');
  const company = await companyRow(ctx, companyId);
  const today = southAfricanDate(ctx.services.now());
  const decidedAt = claim.history.find((h) => h.toStatus === 'approved' || h.toStatus === 'rejected')?.changedAt ?? claim.updatedAt;
  const decidedOn = southAfricanDate(new Date(decidedAt));
  const contact = companyContact(company);
  const facts: PaperBlock = {
    kind: 'facts',
    rows: [
      ['Claim number', claim.claimNumber],
      ['Policy number', claim.policyNumber],
      ['The deceased', claim.deceasedName],
      ['Date of death', claim.dateOfDeath ? longDate(claim.dateOfDeath) : '—'],
      ['Amount claimed', rand(claim.claimAmount)],
      ['Decided on', longDate(decidedOn)],
    ],
  };
  const rejected = claim.status === 'rejected';
  const blocks: PaperBlock[] = [{ kind: 'paragraph', text: `Dear ${claim.claimantName},` }, facts];
  if (rejected) {
    const reason = claim.rejectionReason ? CLAIM_REJECTION_REASON_LABELS[claim.rejectionReason] : 'No reason was recorded';
    blocks.push(
      { kind: 'heading', text: 'Your claim was declined' },
      {
        kind: 'paragraph',
        text: `We are sorry to tell you that we cannot pay this claim. The reason: ${reason}${claim.rejectionDetail ? ` (${claim.rejectionDetail})` : ''}.`,
      },
      { kind: 'heading', text: 'If you disagree' },
      {
        kind: 'paragraph',
        text: `Tell us why, with any documents that support you${contact ? ` (${contact})` : ''}, quoting the claim number: we will look at the claim again. ${OMBUD}`,
      },
    );
  } else {
    const amount = claim.approvedAmount ?? claim.claimAmount;
    const holder = claim.payoutAccountHolder ?? claim.accountHolderName;
    const last4 = claim.payoutAccountLast4 ?? claim.bankAccountLast4;
    blocks.push(
      { kind: 'heading', text: 'Your claim was approved' },
      {
        kind: 'paragraph',
        text: `We have approved this claim for ${rand(amount)}, payable into the claimant's account on the claim${holder ? ` (${holder}${last4 ? `, ending ${last4}` : ''})` : ''}.`,
      },
    );
    if (claim.status === 'paid' && claim.payoutAmount)
      blocks.push({
        kind: 'facts',
        rows: [
          ['Paid', rand(claim.payoutAmount)],
          ['Paid on', claim.paidOn ? longDate(claim.paidOn) : '—'],
          ['Payment reference', claim.paymentReference ?? '—'],
        ],
      });
    if (claim.approvedAmount && claim.approvedAmount !== claim.claimAmount)
      blocks.push({
        kind: 'paragraph',
        text: `The amount approved is less than the amount claimed (${rand(claim.claimAmount)}): ask us and we will give you the reasons in writing. ${OMBUD}`,
      });
  }
  blocks.push({ kind: 'paragraph', text: `Our condolences on your loss. ${company.name}` });
  const paper: Paper = {
    letterhead: letterheadOf(company),
    title: rejected ? 'Claim decision: declined' : 'Claim decision: approved',
    subtitle: `Claim ${claim.claimNumber} · policy ${claim.policyNumber} · ${longDate(today)}`,
    blocks,
    footer: `${company.name} · decision on claim ${claim.claimNumber} · made ${longDate(today)}`,
  };
  return pdfResponse(paper, `decision-${claim.claimNumber}.pdf`);
}

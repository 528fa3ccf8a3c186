import { NotFoundError } from '@fpa/write-model';
import {
  beneficiariesOfPolicy,
  familyOf,
  findMember,
  findPolicy,
  mandateOfPolicy,
  priorCoverOfLives,
  type BeneficiaryView,
  type CompanyRow,
  type MandateView,
  type MemberRow,
  type PolicyRow,
} from '@fpa/projections';
import {
  BANKS,
  lifeWaiting,
  MAX_NATURAL_WAITING_MONTHS,
  southAfricanDate,
  SUICIDE_WAITING,
  type PriorCover,
} from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { companyRow } from '../queries/company.ts';
import { birthDateOf } from '../queries/member-page.ts';
import { tenantRead } from '../queries/tenant.ts';
import { companyContact, letterheadOf, longDate, rand } from './letterhead.ts';
import { pdfResponse, type Paper, type PaperBlock } from './pdf.ts';

/*
 * The policy schedule (issue #23): what the law asks an insurer to give the policyholder within 60 days
 * of inception — who insures them, the policy, each life with its cover and waiting period, the
 * beneficiaries, how the premium is paid, the 30-day cooling-off right and how to claim. Read with
 * policies:read, as the policy's statement is.
 */

export const POLICY_NOT_FOUND = 'Policy not found';

/** The policyholder's right to cancel a new policy and have the premiums back. */
const COOLING_OFF_DAYS = 30;

export type ScheduleData = {
  company: CompanyRow;
  policy: PolicyRow;
  holder: MemberRow | null;
  lives: MemberRow[];
  beneficiaries: BeneficiaryView[];
  mandate: MandateView | null;
  /** Each life's cover proven elsewhere, by member id. */
  priorCover: ReadonlyMap<string, PriorCover>;
  today: string;
  now: Date;
};

export async function scheduleData(ctx: RequestContext, policyId: string): Promise<ScheduleData> {
  const [sql, companyId] = tenantRead(ctx, 'policies:read');
  const policy = await findPolicy(sql, companyId, policyId);
  if (!policy) throw new NotFoundError(POLICY_NOT_FOUND);
  const [company, holder, beneficiaries, mandate] = await Promise.all([
    companyRow(ctx, companyId),
    findMember(sql, companyId, policy.memberId),
    beneficiariesOfPolicy(sql, companyId, policy.id),
    mandateOfPolicy(sql, companyId, policy.id),
  ]);
  const family = holder ? await familyOf(sql, companyId, holder.id) : [];
  const lives = holder ? [holder, ...family] : [];
  const priorCover = await priorCoverOfLives(
    sql,
    companyId,
    lives.map((l) => l.id),
  );
  const now = ctx.services.now();
  return { company, policy, holder, lives, beneficiaries, mandate, priorCover, today: southAfricanDate(now), now };
}

const relationshipOf = (life: MemberRow) =>
  life.isMainMember
    ? 'Main member'
    : life.relationship === 'other' && life.otherRelationship
      ? life.otherRelationship
      : life.relationship
        ? life.relationship.charAt(0).toUpperCase() + life.relationship.slice(1)
        : 'Family';

/**
 * Each life waits from the day it joined the policy (rule 2A.6): the main member from the policy's
 * start, a family member added later from the day they were added (its registration's South African
 * day), less cover proven elsewhere. The same computation as the claim checks (validation/waiting-periods.ts);
 * the schedule shows the natural-death wait.
 */
export function waitingEndsOn(
  policy: Pick<PolicyRow, 'startDate' | 'waitingPeriod'>,
  life: Pick<MemberRow, 'isMainMember' | 'createdAt'>,
  priorCover: PriorCover | null = null,
): string {
  const addedOn = life.isMainMember ? null : southAfricanDate(new Date(life.createdAt));
  // The suicide months do not bear on a natural death's wait.
  return lifeWaiting({ ...policy, suicideWaitingMonths: 0 }, { addedOn, priorCover }, 'natural').endsOn;
}

/** A wait as the schedule words it: a group scheme's policy waits none (its row carries the scheme's terms, as its claims do). */
const waitMonths = (months: number) => (months === 0 ? 'none' : `${months} ${months === 1 ? 'month' : 'months'}`);

export function schedulePaper(data: ScheduleData): Paper {
  const { company, policy, holder, lives, beneficiaries, mandate } = data;
  const priced = policy.lives.length > 0;
  const contact = companyContact(company);
  const blocks: PaperBlock[] = [
    { kind: 'heading', text: 'The policy' },
    {
      kind: 'facts',
      rows: [
        ['Policy number', policy.policyNumber],
        ['Policy type', policy.policyTypeName || '—'],
        ['Status', policy.status.charAt(0).toUpperCase() + policy.status.slice(1)],
        ['Inception date', longDate(policy.startDate)],
        ['Cover', `${rand(policy.coverageAmount)} on each life below`],
        ['Monthly premium', rand(policy.monthlyPremium)],
        ['Premium due', `on day ${policy.debitDay} of every month (the month's last day when it is shorter)`],
        [
          'Waiting period',
          `${waitMonths(Math.min(policy.waitingPeriod, MAX_NATURAL_WAITING_MONTHS))} for a natural death; none for an accidental death; ${waitMonths(policy.suicideWaitingMonths ?? SUICIDE_WAITING.defaultMonths)} for a suicide. Each life waits from the day it joined.`,
        ],
      ],
    },
    { kind: 'heading', text: 'The policyholder' },
    {
      kind: 'facts',
      rows: holder
        ? [
            ['Name', `${holder.firstName} ${holder.lastName}`],
            [holder.saId ? 'SA ID number' : 'Passport number', holder.saId ?? holder.passportNumber ?? '—'],
            ['Phone', holder.phone || '—'],
            ['Email', holder.email || '—'],
            ['Address', [holder.address, holder.city, holder.province, holder.postalCode].filter(Boolean).join(', ') || '—'],
          ]
        : [['Name', policy.memberName]],
    },
    { kind: 'heading', text: 'Lives covered' },
    {
      kind: 'table',
      columns: priced
        ? ['Name', 'Relationship', 'Date of birth', 'ID number', 'Cover', 'Premium', 'Waiting period ends (natural death)']
        : ['Name', 'Relationship', 'Date of birth', 'ID number', 'Cover', 'Waiting period ends (natural death)'],
      rows: lives.map((life) => {
        const born = birthDateOf(life, data.now);
        // Issue #22: on a policy with a benefit table each life has its own cover and premium.
        const own = policy.lives.find((l) => l.memberId === life.id);
        return [
          `${life.firstName} ${life.lastName}`,
          relationshipOf(life),
          born ? longDate(born) : '—',
          life.saId ?? life.passportNumber ?? '—',
          rand(own?.coverAmount ?? (priced ? '0' : policy.coverageAmount)),
          ...(priced ? [rand(own?.monthlyPremium ?? '0')] : []),
          longDate(waitingEndsOn(policy, life, data.priorCover.get(life.id) ?? null)),
        ];
      }),
      empty: 'No lives recorded.',
    },
    { kind: 'heading', text: 'Beneficiaries' },
    {
      kind: 'table',
      columns: ['Name', 'Relationship', 'ID number', 'Share'],
      rows: beneficiaries.map((b) => [
        `${b.firstName} ${b.lastName}`,
        b.relationship.charAt(0).toUpperCase() + b.relationship.slice(1),
        b.idNumber ?? '—',
        `${Number(b.share).toLocaleString('en-ZA', { maximumFractionDigits: 2 })}%`,
      ]),
      empty: 'None nominated: the benefit is paid to the policyholder or their estate.',
    },
    { kind: 'heading', text: 'How the premium is paid' },
    {
      kind: 'paragraph',
      text: mandate
        ? `By debit order from ${mandate.accountHolder}'s ${BANKS[mandate.bank].name} account ending ${mandate.accountNumber.slice(-4)}, mandate ${mandate.mandateReference}.`
        : 'By EFT, cash or card: quote the policy number as the payment reference.',
    },
    { kind: 'heading', text: 'Your right to cancel (cooling-off)' },
    {
      kind: 'paragraph',
      text: `You may cancel this policy within ${COOLING_OFF_DAYS} days of receiving this schedule by telling us in writing, as long as no claim has been made. Any premium paid is then refunded in full.`,
    },
    { kind: 'heading', text: 'How to claim' },
    {
      kind: 'paragraph',
      text: `Tell us of the death as soon as you can${contact ? ` (${contact})` : ''}. Bring or send: the deceased's and the claimant's ID documents, the death certificate (or the notification of death) and the claimant's bank confirmation letter. We decide within 2 business days of receiving the last document, and tell you the reason if we decline.`,
    },
  ];
  return {
    letterhead: letterheadOf(company),
    title: 'Policy schedule',
    subtitle: `${policy.policyNumber} · issued to ${holder ? `${holder.firstName} ${holder.lastName}` : policy.memberName} · as at ${longDate(data.today)}`,
    blocks,
    footer: `${company.name} · policy schedule ${policy.policyNumber} · made ${longDate(data.today)}`,
  };
}

/** GET /api/policies/{id}/schedule.pdf: the schedule as a PDF download, named after the policy. */
export async function schedulePdf(ctx: RequestContext, policyId: string): Promise<Response> {
  const data = await scheduleData(ctx, policyId);
  return pdfResponse(schedulePaper(data), `schedule-${data.policy.policyNumber}.pdf`);
}

import { builder } from '../builder.ts';
import { enumType } from '../commands/graphql-input.ts';
import * as collections from '../queries/collections.ts';
import * as page from '../queries/member-page.ts';
import { documentsOf, MEMBER_DOCUMENT_KINDS, type MemberDocument } from '../queries/member-documents.ts';
import { AuditActorType } from './audit.ts';
import { PolicyStatementType } from './billing.ts';
import { ClaimType } from './claims.ts';
import { MandateType } from './collections.ts';
import { PaymentConnection } from './payments.ts';
import { MemberType, PolicyType } from './portfolio.ts';

/*
 * Issue #22: the member's page in one query, member(id) { lives policies { statement mandate payments claims } }.
 * A section the caller's role may not read resolves to null (see queries/member-page.ts).
 */

const ReadableChangeType = builder.objectRef<page.ReadableEntry['changes'][number]>('ReadableChange').implement({
  description: "One thing an event changed, in words: the field's business name and its values as text, records by their names.",
  fields: (t) => ({
    label: t.exposeString('label'),
    before: t.exposeString('before', { nullable: true, description: 'Null: it had no value.' }),
    after: t.exposeString('after', { nullable: true, description: 'Null: it has no value now.' }),
  }),
});

const ReadableEntryType = builder.objectRef<page.ReadableEntry>('MemberHistoryEntry').implement({
  description: "An event of the member's page's history: what happened, to which record, who did it, why, what changed.",
  fields: (t) => ({
    position: t.exposeInt('position', { description: 'Global position: the raw event in Audit.' }),
    occurredAt: t.string({ resolve: (e) => e.occurredAt.toISOString() }),
    title: t.exposeString('title'),
    subject: t.exposeString('subject', { description: "The member's name, or the number of the policy the event is on." }),
    actor: t.field({ type: AuditActorType, resolve: (e) => e.actor }),
    note: t.exposeString('note', { nullable: true }),
    changes: t.field({ type: [ReadableChangeType], resolve: (e) => e.changes }),
  }),
});

const MemberDocumentKindEnum = enumType('MemberDocumentKind', { values: MEMBER_DOCUMENT_KINDS });

const MemberDocumentType = builder.objectRef<MemberDocument>('MemberDocument').implement({
  description: "A paper there is for the person (issue #22), with the GET route that gives it (with the caller's session).",
  fields: (t) => ({
    kind: t.field({ type: MemberDocumentKindEnum, resolve: (d) => d.kind }),
    title: t.exposeString('title'),
    date: t.exposeString('date', {
      description: "YYYY-MM-DD: a policy's start, a payment's date, a decision's, an upload's; a statement: today.",
    }),
    href: t.exposeString('href'),
    fileName: t.exposeString('fileName'),
    policyNumber: t.exposeString('policyNumber', { nullable: true }),
    claimNumber: t.exposeString('claimNumber', { nullable: true }),
  }),
});

builder.objectFields(MemberType, (t) => ({
  documents: t.field({
    type: [MemberDocumentType],
    description:
      'The papers for this person, newest first: schedules and premium statements of their own policies, receipts of completed payments (the latest 36 per policy), decision letters of decided claims, and the documents uploaded with the claims. Each kind only when the caller may read it.',
    resolve: (m, _a, ctx) => documentsOf(ctx, m),
  }),
  history: t.field({
    type: [ReadableEntryType],
    description:
      "The member's events and their policies' (a policy's with policies:read), newest first, in business words: ids as names, internal fields left out. The raw events are in Audit.",
    resolve: (m, _a, ctx) => page.historyOf(ctx, m),
  }),
  birthDate: t.string({
    nullable: true,
    description: 'YYYY-MM-DD: the date of birth as entered, or the one the SA ID carries; null when neither is known.',
    resolve: (m, _a, ctx) => page.birthDateOf(m, ctx.services.now()),
  }),
  age: t.int({
    nullable: true,
    description: 'Whole years today (South African date), from the date of birth or the SA ID; null when neither is known.',
    resolve: (m, _a, ctx) => page.ageOf(ctx, m),
  }),
  lives: t.field({
    type: [MemberType],
    description:
      "The lives the member's policy covers: the main member first, then their family members oldest first (the same list on a family member).",
    resolve: (m, _a, ctx) => page.livesOf(ctx, m),
  }),
  policies: t.field({
    type: [PolicyType],
    nullable: true,
    description:
      "A main member's policies (every one, newest first); for a family member, the policy covering them. Null when the caller may not read policies.",
    resolve: (m, _a, ctx) => page.policiesOf(ctx, m),
  }),
}));

builder.queryFields((t) => ({
  policy: t.field({
    type: PolicyType,
    nullable: true,
    description: "One of the company's policies; null for an unknown one or another company's.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => page.policyById(ctx, String(id)),
  }),
}));

builder.objectFields(PolicyType, (t) => ({
  lives: t.field({
    type: [MemberType],
    nullable: true,
    description: 'The lives it covers: its main member, then their family oldest first. Null when the caller may not read members.',
    resolve: (p, _a, ctx) => page.livesOfPolicy(ctx, p),
  }),
  statement: t.field({
    type: PolicyStatementType,
    nullable: true,
    description: 'Paid-up-to, balance, arrears and notices as of today (as policyStatement); null for a group-scheme policy.',
    resolve: (p, _a, ctx) => page.statementOf(ctx, p.id),
  }),
  mandate: t.field({
    type: MandateType,
    nullable: true,
    description: 'The debit-order mandate; null when it has none.',
    resolve: (p, _a, ctx) => collections.mandate(ctx, p.id),
  }),
  payments: t.field({
    type: PaymentConnection,
    nullable: true,
    args: { first: t.arg.int({ defaultValue: page.MEMBER_PAGE_PAYMENTS }) },
    description: 'Its payments, newest first. Null when the caller may not read payments.',
    resolve: (p, { first }, ctx) => page.paymentsOf(ctx, p.id, first ?? page.MEMBER_PAGE_PAYMENTS),
  }),
  claims: t.field({
    type: [ClaimType],
    nullable: true,
    description: 'The claims made on it, newest first. Null when the caller may not read claims.',
    resolve: (p, _a, ctx) => page.claimsOf(ctx, p.id),
  }),
}));

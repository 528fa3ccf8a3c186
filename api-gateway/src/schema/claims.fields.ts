import type { ClaimCounts, ClaimRow, DocumentList } from '@fpa/projections';
import { builder, withoutNulls } from '../builder.ts';
import * as claims from '../queries/claims.ts';
import { ClaimStatusEnum, ClaimType, DecisionClockStateEnum, DocumentCategoryEnum, DocumentStatusEnum, DocumentType } from './claims.ts';
import { PageInfo } from './portfolio.ts';

const ClaimConnection = builder
  .objectRef<{ nodes: ClaimRow[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>('ClaimConnection')
  .implement({
    fields: (t) => ({
      nodes: t.field({ type: [ClaimType], resolve: (page) => page.nodes }),
      totalCount: t.exposeInt('totalCount'),
      pageInfo: t.field({ type: PageInfo, resolve: (page) => page.pageInfo }),
    }),
  });

const ClaimCountsType = builder.objectRef<ClaimCounts>('ClaimCounts').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    submitted: t.exposeInt('submitted'),
    underReview: t.exposeInt('underReview'),
    approved: t.exposeInt('approved'),
    rejected: t.exposeInt('rejected'),
    sentToUnderwriter: t.exposeInt('sentToUnderwriter'),
    paid: t.exposeInt('paid'),
    active: t.exposeInt('active', { description: 'Neither rejected nor paid.' }),
  }),
});

const DocumentListType = builder.objectRef<DocumentList>('DocumentList').implement({
  fields: (t) => ({
    nodes: t.field({ type: [DocumentType], resolve: (list) => list.nodes }),
    truncated: t.exposeBoolean('truncated', {
      description: 'More documents matched than were returned (the newest 500): narrow the search.',
    }),
  }),
});

const UrgentClaimType = builder.objectRef<claims.UrgentClaim>('UrgentClaim').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    claimNumber: t.exposeString('claimNumber'),
    memberId: t.exposeID('memberId'),
    memberName: t.exposeString('memberName'),
    dueAt: t.string({ resolve: (c) => c.dueAt.toISOString() }),
    state: t.field({ type: DecisionClockStateEnum, resolve: (c) => c.state }),
    businessMinutesLeft: t.exposeInt('businessMinutesLeft', { description: 'Negative once overdue.' }),
  }),
});

const ClaimDeadlinesType = builder.objectRef<claims.ClaimDeadlines>('ClaimDeadlines').implement({
  description: 'Undecided claims on the decision clock (PPR rule 2A.8) by where they stand, and the five most urgent.',
  fields: (t) => ({
    overdue: t.exposeInt('overdue'),
    dueSoon: t.exposeInt('dueSoon', { description: 'Four business hours or less left.' }),
    running: t.exposeInt('running'),
    urgent: t.field({ type: [UrgentClaimType], resolve: (d) => d.urgent }),
  }),
});

builder.queryFields((t) => ({
  claimDeadlines: t.field({ type: ClaimDeadlinesType, resolve: (_r, _a, ctx) => claims.claimDeadlines(ctx) }),
  claims: t.field({
    type: ClaimConnection,
    args: {
      search: t.arg.string(),
      status: t.arg({ type: ClaimStatusEnum }),
      first: t.arg.int({ defaultValue: 50 }),
      after: t.arg.string(),
    },
    resolve: (_r, args, ctx) => claims.claims(ctx, withoutNulls(args)),
  }),
  claim: t.field({
    type: ClaimType,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => claims.claim(ctx, String(id)),
  }),
  claimCounts: t.field({ type: ClaimCountsType, resolve: (_r, _a, ctx) => claims.claimCounts(ctx) }),
  documents: t.field({
    type: DocumentListType,
    args: { search: t.arg.string(), category: t.arg({ type: DocumentCategoryEnum }), status: t.arg({ type: DocumentStatusEnum }) },
    resolve: (_r, args, ctx) => claims.documents(ctx, args),
  }),
}));

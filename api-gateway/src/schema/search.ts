import { enumType } from '../commands/graphql-input.ts';
import { builder } from '../builder.ts';
import { search, SEARCH_KINDS, type SearchHit } from '../queries/search.ts';

const SearchKindEnum = enumType('SearchHitKind', { values: SEARCH_KINDS });

const SearchHitType = builder.objectRef<SearchHit>('SearchHit').implement({
  description: "One thing the dashboard's search found; every hit opens a member's page.",
  fields: (t) => ({
    kind: t.field({ type: SearchKindEnum, resolve: (h) => h.kind }),
    id: t.exposeID('id', { description: 'The member, policy or claim.' }),
    memberId: t.exposeID('memberId', { description: "The member's page the hit opens (the policyholder for a policy or claim)." }),
    title: t.exposeString('title', { description: "A member's name, a policy number or a claim number." }),
    detail: t.exposeString('detail'),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    type: [SearchHitType],
    description:
      'Members (name, SA ID, passport, e-mail), policies (number, member, ID, type) and claims (number, policy, names), each a case-insensitive prefix; ' +
      'members first, then policies, then claims, at most `first` of each (1 to 10), only the lists the role may read. Fewer than 2 characters find nothing.',
    args: { text: t.arg.string({ required: true }), first: t.arg.int({ defaultValue: 5 }) },
    resolve: (_r, { text, first }, ctx) => search(ctx, text, first ?? 5),
  }),
}));

import { enumType } from '../commands/graphql-input.ts';
import { builder } from '../builder.ts';
import { WORK_ITEM_KINDS, workItems, type WorkItem } from '../queries/work-items.ts';

const WorkItemKindEnum = enumType('WorkItemKind', { values: WORK_ITEM_KINDS });

const WorkItemType = builder.objectRef<WorkItem>('WorkItem').implement({
  description: "Something waiting for the caller's role, with how many and the page that lists them.",
  fields: (t) => ({
    kind: t.field({ type: WorkItemKindEnum, resolve: (w) => w.kind }),
    count: t.exposeInt('count'),
    label: t.exposeString('label'),
    href: t.exposeString('href', { description: 'The page of the web app that lists them.' }),
  }),
});

builder.queryFields((t) => ({
  workItems: t.field({
    type: [WorkItemType],
    description:
      "The dashboard bell (issue #25): claims waiting for a decision (claims:read), policies in grace, bank lines to match and debits returned 'deceased' (payments:read); only those with a count.",
    resolve: (_r, _a, ctx) => workItems(ctx),
  }),
}));

import { builder } from '../builder.ts';
import * as schemes from '../queries/group-schemes.ts';
import { GroupSchemeType, SchemeMemberType } from './group-schemes.ts';

builder.queryFields((t) => ({
  groupSchemes: t.field({
    type: [GroupSchemeType],
    description: "The company's schemes, newest first.",
    resolve: (_r, _a, ctx) => schemes.groupSchemes(ctx),
  }),
  groupScheme: t.field({
    type: GroupSchemeType,
    nullable: true,
    description: "Null when unknown or another company's (the page shows Scheme Not Found).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => schemes.groupScheme(ctx, String(id)),
  }),
  schemeMembers: t.field({
    type: [SchemeMemberType],
    description: 'Main members in the order they joined, with their family nested; NOT_FOUND for an unknown scheme.',
    args: { schemeId: t.arg.id({ required: true }) },
    resolve: (_r, { schemeId }, ctx) => schemes.schemeMembers(ctx, String(schemeId)),
  }),
}));

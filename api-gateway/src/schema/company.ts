import type { CompanyRow } from '@fpa/projections';
import { builder } from '../builder.ts';
import * as companies from '../queries/company.ts';

export const CompanyType = builder.objectRef<CompanyRow>('Company').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    cipNumber: t.exposeString('cipNumber'),
    phone: t.exposeString('phone', { nullable: true }),
    fspNumber: t.exposeString('fspNumber', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    province: t.exposeString('province', { nullable: true, description: "The province's code (GP, WC, KZN, ...)." }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    isActive: t.exposeBoolean('isActive'),
    createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  company: t.field({
    type: CompanyType,
    nullable: true,
    description: "The signed-in user's company; null for platform users (super admin).",
    resolve: (_root, _args, ctx) => (ctx.user && !ctx.user.companyId ? null : companies.company(ctx)),
  }),
}));

import type { BeneficiaryView } from '@fpa/projections';
import { builder } from '../builder.ts';
import { beneficiariesField } from '../queries/beneficiaries.ts';
import { PolicyType, RelationshipEnum } from './portfolio.ts';

/** Issue #22: who a policy's benefit is paid to, and their shares. */

export const BeneficiaryType = builder.objectRef<BeneficiaryView>('Beneficiary').implement({
  description: "A person nominated to receive a share of the policy's benefit. Names, ID number and phone are personal data.",
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    idNumber: t.exposeString('idNumber', { nullable: true, description: 'SA ID or passport number; null when none was given.' }),
    relationship: t.field({ type: RelationshipEnum, resolve: (b) => b.relationship }),
    phone: t.exposeString('phone', { nullable: true }),
    share: t.exposeString('share', { description: "Percent of the benefit with two places ('33.33'); a policy's shares add up to 100." }),
  }),
});

builder.objectFields(PolicyType, (t) => ({
  beneficiaries: t.field({
    type: [BeneficiaryType],
    nullable: true,
    description: 'The beneficiaries in the order nominated ([] when none were). Null when the caller may not read policies.',
    resolve: (p, _a, ctx) => beneficiariesField(ctx, p.id),
  }),
}));

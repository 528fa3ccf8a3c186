import { nominateBeneficiariesSlice } from '@fpa/write-model';
import { nominated } from '../queries/beneficiaries.ts';
import { BeneficiaryType } from '../schema/beneficiaries.ts';
import { companyOf, endpoint } from './expose.ts';

/** Issue #22: a policy's beneficiaries, nominated as a whole set (as the debit-order mandate is set). */
export const beneficiaryEndpoints = [
  endpoint({
    slice: nominateBeneficiariesSlice,
    rest: { method: 'PUT', path: '/api/policies/:id/beneficiaries' },
    graphql: {
      type: [BeneficiaryType],
      inputName: 'NominateBeneficiariesInput',
      nestedNames: { beneficiaries: 'BeneficiaryInput' },
      description:
        "Nominates the policy's beneficiaries, replacing the set before: 1 to 10, shares adding up to 100%, no ID number twice. A cancelled or lapsed policy may still change them.",
    },
    answer: (ctx, { policyId }) => nominated(ctx, companyOf(ctx), policyId),
  }),
];

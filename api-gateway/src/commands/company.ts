import { updateCompanySlice } from '@fpa/write-model';
import { companyRow } from '../queries/company.ts';
import { CompanyType } from '../schema/company.ts';
import { companyOf, endpoint } from './expose.ts';

/** Spec part 2 §7 Settings → company information: answers the company as now stored. */
export const companyEndpoints = [
  endpoint({
    slice: updateCompanySlice,
    rest: { method: 'PUT', path: '/api/company' },
    graphql: { type: CompanyType },
    answer: (ctx) => companyRow(ctx, companyOf(ctx)),
  }),
];

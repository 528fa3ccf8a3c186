import { z } from 'zod';
import type { BeneficiaryView } from '@fpa/projections';
import { RELATIONSHIPS } from '@fpa/write-model/validation';
import { named, rowOf, type AnswerMap } from './shapes.ts';

const beneficiary = named(
  'Beneficiary',
  rowOf<BeneficiaryView>()(
    z.strictObject({
      firstName: z.string(),
      lastName: z.string(),
      idNumber: z.string().nullable().meta({ description: 'SA ID or passport number; null when none was given' }),
      relationship: z.enum(RELATIONSHIPS),
      phone: z.string().nullable(),
      share: z
        .string()
        .regex(/^\d{1,3}\.\d{2}$/)
        .meta({ description: 'Percent of the benefit with two places, e.g. "33.33"; the shares add up to 100' }),
    }),
  ),
);

/** Issue #22: a policy's beneficiaries (in the area of members and policies). */
export const beneficiariesAnswers: AnswerMap = {
  'GET /api/policies/:id/beneficiaries': {
    summary: "A policy's beneficiaries in the order nominated ([] when none were; 404 for an unknown policy)",
    answer: z.array(beneficiary),
  },
  'PUT /api/policies/:id/beneficiaries': {
    summary: "Nominate a policy's beneficiaries, replacing the set before: 1 to 10, shares adding up to 100%, no ID number twice",
    answer: z.array(beneficiary),
  },
};

import { z } from 'zod';
import type { CompanyRow } from '@fpa/projections';
import { publicUser } from './auth.answers.ts';
import { id, instant, named, ok, rowOf, type AnswerMap } from './shapes.ts';

export const companyFields = {
  id,
  name: z.string(),
  email: z.string().nullable(),
  cipNumber: z.string(),
  phone: z.string().nullable(),
  fspNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: instant,
};

export const company = named('Company', rowOf<CompanyRow>()(z.strictObject(companyFields)));

/** Spec part 2 §7 Settings: the company, the user's own profile, and the password. */
export const companyAnswers: AnswerMap = {
  'GET /api/company': { summary: 'The signed-in user’s company', answer: company },
  'PUT /api/company': { summary: 'Update the company’s details', answer: company },
  'PUT /api/user/profile': { summary: 'Update the user’s own profile', answer: publicUser },
  'PUT /api/user/password': { summary: 'Change the user’s own password', answer: ok },
};

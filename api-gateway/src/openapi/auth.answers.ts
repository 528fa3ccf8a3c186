import { z } from 'zod';
import { ROLES } from '@fpa/write-model/validation';
import { id, named, ok, type AnswerMap } from './shapes.ts';

/** The signed-in user as GET /api/user and sign-in answer it (auth/session-operations.ts PublicUser). */
export const publicUser = named(
  'User',
  z.strictObject({
    id,
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ROLES),
    companyId: z.string().nullable(),
    phone: z.string().nullable(),
    mustChangePassword: z.boolean().meta({
      description:
        'An administrator reset the password: every other call is refused (403 PASSWORD_CHANGE_REQUIRED) until PUT /api/user/password',
    }),
    permissions: z.array(z.string()).meta({ description: 'Effective permissions: the role’s, plus grants, minus revokes' }),
  }),
);

const signedIn = named('SignedIn', z.strictObject({ token: z.string(), user: publicUser }));

/** Spec part 1 §7 route table (sign-in, registration, password reset). */
export const authAnswers: AnswerMap = {
  'POST /api/register': { summary: 'Register a company and its administrator', answer: signedIn },
  'POST /api/login': {
    summary: 'Sign in with username and password',
    answer: signedIn,
    description: 'Repeated failures are slowed: 429 with Retry-After (seconds).',
  },
  'POST /api/logout': { summary: 'Sign out (ends the session)', answer: z.strictObject({ ok: z.boolean() }) },
  'GET /api/user': { summary: 'The current user; 401 means no user', answer: publicUser },
  'POST /api/auth/request-reset': {
    summary: 'Request a password reset e-mail',
    description: 'Answers the same whether or not the address is known.',
    answer: z.strictObject({ ok: z.literal(true), message: z.string() }),
  },
  'POST /api/auth/reset-password': { summary: 'Set a new password with the e-mailed token', answer: ok },
};

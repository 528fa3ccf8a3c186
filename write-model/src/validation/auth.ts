import { z } from 'zod';
import { isValidCipc } from './cipc.ts';
import { emailField, minText, NAME_MAX_LENGTH, nameTooLong, optionalText, requiredText, saIdField, saPhoneField } from './fields.ts';
import { SA_PHONE_EXAMPLES } from './phone.ts';

/*
 * Sign-in, registration and password changes. Passwords are never trimmed: a space is a character
 * the user chose, and trimming would make a password typed with one stop working.
 */

export const loginSchema = z.object({
  username: requiredText('Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const SA_PHONE_FORMAT_MESSAGE = `Invalid SA phone number (use format ${SA_PHONE_EXAMPLES[0]} or ${SA_PHONE_EXAMPLES[1]})`;
export const CIPC_FORMAT_MESSAGE = 'CIPC number must be in format YYYY/NNNNNN/NN';

/** Required and in YYYY/NNNNNN/NN form; a blank value gets only the "required" message. */
export function cipcField() {
  return requiredText('CIPC number is required').refine((v) => v === '' || isValidCipc(v), CIPC_FORMAT_MESSAGE);
}

export const registrationSchema = z.object({
  username: minText(3, 'Username must be at least 3 characters').max(NAME_MAX_LENGTH, nameTooLong('Username')),
  password: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters'),
  email: emailField('Valid email is required'),
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  companyName: requiredText('Company name is required'),
  cipNumber: cipcField(),
  // A South African ID number, not a record's id: String, though its name ends in Id.
  adminSaId: saIdField('Invalid SA ID number').meta({ graphqlType: 'String' }),
  companyEmail: emailField('Invalid company email address'),
  companyPhone: saPhoneField({ invalid: SA_PHONE_FORMAT_MESSAGE }),
  fspNumber: optionalText(),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type RegistrationFormValues = z.input<typeof registrationSchema>;

export const requestResetSchema = z.object({
  email: emailField('Invalid email address'),
});
export type RequestResetInput = z.infer<typeof requestResetSchema>;

export const PASSWORD_MIN_LENGTH = 8;

/** The reset-strength rules, in the order they are reported; the web can show them as a checklist. */
export const PASSWORD_RULES = [
  { message: 'Password must be at least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { message: 'Password must contain at least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { message: 'Password must contain at least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { message: 'Password must contain at least one number', test: (p: string) => /\d/.test(p) },
  { message: 'Password must contain at least one special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

/** Every rule that fails is reported, so the user fixes them all in one go. */
export const newPasswordSchema = z.string({ error: PASSWORD_RULES[0].message }).superRefine((password, ctx) => {
  for (const rule of PASSWORD_RULES) {
    if (!rule.test(password)) ctx.addIssue({ code: 'custom', message: rule.message });
  }
});

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

// A missing confirmation is a mismatch too, and says so.
const confirmPassword = z.string({ error: PASSWORDS_DONT_MATCH });

/** What the new-password form checks; the confirmation never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    token: requiredText('Reset token is required'),
    newPassword: newPasswordSchema,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: PASSWORDS_DONT_MATCH });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

/** What POST /api/auth/reset-password receives. */
export const resetPasswordSchema = z.object({
  token: requiredText('Reset token is required'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: newPasswordSchema,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: PASSWORDS_DONT_MATCH })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: 'New password must be different from the current password',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

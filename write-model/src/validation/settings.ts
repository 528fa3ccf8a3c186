import { z } from 'zod';
import { cipcField } from './auth.ts';
import { emailField, optionalEmailField, optionalOf, optionalSaPhoneField, optionalText, requiredText } from './fields.ts';
import { resolveProvince } from './provinces.ts';
import { tierField } from './admin.ts';

export const SETTINGS_MESSAGES = {
  companyName: 'Company name is required',
  province: 'Please choose one of the nine provinces',
  postalCode: 'Postal code must be at least 4 characters',
  phone: 'Invalid South African phone number',
  companyEmail: 'Invalid company email address',
  email: 'Valid email is required',
} as const;

const M = SETTINGS_MESSAGES;

/**
 * A province as a code or a name of one of the nine (the select may send either), stored as its
 * code like the members' provinces, so every screen names it the same way.
 */
const province = optionalOf(
  z
    .string()
    .refine((v) => resolveProvince(v) !== null, M.province)
    .transform((v) => resolveProvince(v)!),
);

/** PUT /api/company: the company information section. */
export const companySettingsSchema = z
  .object({
    name: requiredText(M.companyName),
    cipNumber: cipcField(),
    address: optionalText(),
    city: optionalText(),
    province: province.meta({ description: 'One of the nine provinces, by code or name.' }),
    postalCode: optionalOf(z.string().min(4, M.postalCode)),
    phone: optionalSaPhoneField(M.phone),
    email: optionalEmailField(M.companyEmail),
  })
  .meta({ description: 'Settings → company information (spec part 2 §7). Blank optional fields are cleared.' });
export type CompanySettingsInput = z.output<typeof companySettingsSchema>;
export type CompanySettingsFormValues = z.input<typeof companySettingsSchema>;

/** PUT /api/user/profile: the user profile section. */
export const profileSettingsSchema = z.object({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: emailField(M.email),
  phone: optionalSaPhoneField(M.phone),
});
export type ProfileSettingsInput = z.output<typeof profileSettingsSchema>;
export type ProfileSettingsFormValues = z.input<typeof profileSettingsSchema>;

/** The built-in tiers; the super admin may add others by creating their plans (plans/). */
export const SUBSCRIPTION_TIERS = ['free', 'starter', 'enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const PLAN_REQUIRED = 'Please choose a plan';
export const FREE_PLAN_NOT_CHOOSABLE = 'The free plan cannot be chosen';

/** POST /api/subscription/create-checkout and PUT /api/subscription/upgrade: never the free plan (spec §5). */
export const checkoutSchema = z.object({
  tier: tierField(PLAN_REQUIRED)
    .refine((tier) => tier !== 'free', FREE_PLAN_NOT_CHOOSABLE)
    // A tier is a string, not an enum: the super admin makes tiers by creating their plans (e.g. 'basic').
    .meta({ description: "The plan's tier: starter, or a tier the super admin made (free cannot be chosen)." }),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

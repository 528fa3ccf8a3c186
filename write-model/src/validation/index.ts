/*
 * Shared validation: imported by the web forms and by the server, so both say exactly the same words.
 * Pure predicates first (no zod), then the field builders, then one schema module per area.
 */
export * from './luhn.ts';
export * from './dates.ts';
export * from './sa-id.ts';
export * from './phone.ts';
export * from './cipc.ts';
export * from './passport.ts';
export * from './email.ts';
export * from './decimal.ts';
export * from './rand.ts';
export * from './vat.ts';
export * from './provinces.ts';
export * from './roles.ts';
export * from './relationships.ts';

export * from './fields.ts';
export * from './date-fields.ts';
export * from './issues.ts';

export * from './auth.ts';
export * from './members.ts';
export * from './members-csv.ts';
export * from './members-csv-mandate.ts';
export * from './policy-types.ts';
export * from './benefits.ts';
export * from './policy-status.ts';
export * from './claims.ts';
export * from './waiting-periods.ts';
export * from './uploads.ts';
export * from './payments.ts';
export * from './billing.ts';
export * from './mandates.ts';
export * from './beneficiaries.ts';
export * from './collections.ts';
export * from './agents.ts';
export * from './group-schemes.ts';
export * from './settings.ts';
export * from './notifications.ts';
export * from './admin.ts';
export * from './onboarding.ts';
// The permission catalogue and role defaults live with access; the web reads them from here.
export * from '../access/permissions.ts';
export * from './audit.ts';
export * from './unsafe-text.ts';
export * from './csv-cell.ts';
export * from './field-label.ts';
export * from './notification-templates.ts';

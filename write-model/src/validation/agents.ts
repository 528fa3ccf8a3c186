import { z } from 'zod';
import { MAX_AMOUNT } from './decimal.ts';
import { emailField, numberField, optionalOf, optionalText, requiredText, saIdField, saPhoneField } from './fields.ts';

export const AGENT_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_MESSAGES = {
  commissionRateRange: 'Commission rate must be between 0 and 100',
  salesTargetNegative: 'Sales target cannot be negative',
  phone: 'Invalid South African phone number',
  idNumber: 'Invalid SA ID number',
  username: 'Username must be at least 3 characters',
  password: 'Password must be at least 8 characters',
} as const;

const M = AGENT_MESSAGES;

/** The fields of the add and edit dialogs; commissionRate and salesTarget travel as numbers. */
const agentFields = {
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: emailField('Valid email is required'),
  phone: saPhoneField({ required: 'Phone number is required', invalid: M.phone }),
  agentId: requiredText('Agent ID is required').meta({ graphqlType: 'String', description: 'The agent code, unique per company.' }),
  commissionRate: numberField({
    required: 'Commission rate is required',
    min: { value: 0, message: M.commissionRateRange },
    max: { value: 100, message: M.commissionRateRange },
  }).meta({ graphqlType: 'Float' }),
  // Read back as numeric(20,2): bounded like every amount, so the agents list cannot overflow.
  salesTarget: numberField({
    required: 'Sales target is required',
    min: { value: 0, message: M.salesTargetNegative },
    max: { value: Number(MAX_AMOUNT), message: 'Sales target cannot be more than 999999999.99' },
  }).meta({ graphqlType: 'Float' }),
  idNumber: optionalOf(saIdField(M.idNumber)),
  supervisorName: optionalText(),
  region: optionalText(),
  notes: optionalText(),
};

/**
 * POST /api/agents. A login account is optional: username and password come together or not at
 * all, since an account with only one of them cannot sign in.
 */
export const agentSchema = z
  .object({
    ...agentFields,
    username: optionalOf(z.string().min(3, M.username)).meta({
      description: 'Create only: a login account with role agent (with password).',
    }),
    password: z
      .string()
      .nullish()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().min(8, M.password).optional())
      .meta({ description: 'Create only.' }),
  })
  .superRefine((agent, ctx) => {
    if (agent.username && !agent.password) ctx.addIssue({ code: 'custom', path: ['password'], message: M.password });
    if (agent.password && !agent.username) ctx.addIssue({ code: 'custom', path: ['username'], message: M.username });
  });
export type AgentInput = z.output<typeof agentSchema>;
export type AgentFormValues = z.input<typeof agentSchema>;

/** PATCH /api/agents/{id} from the edit dialog: credentials are only set when creating. */
export const agentUpdateSchema = z.object({ ...agentFields, status: z.enum(AGENT_STATUSES).optional() });
export type AgentUpdateInput = z.output<typeof agentUpdateSchema>;

/** Blank or null means "clear this optional field"; anything else must pass `inner`. */
const blankToNull = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value);
function clearableOf<T extends z.ZodType>(inner: T) {
  return z.preprocess(blankToNull, inner.nullable()).optional();
}

/**
 * PATCH /api/agents/{id} as the server reads it: every field optional, a field left out stays as it
 * is, so {status} alone toggles and the edit dialog may send the whole set. An optional field sent
 * blank or null is cleared. Credentials are not changed here.
 */
export const agentPatchSchema = z
  .object({
    firstName: agentFields.firstName.optional(),
    lastName: agentFields.lastName.optional(),
    email: agentFields.email.optional(),
    phone: agentFields.phone.optional(),
    agentId: agentFields.agentId.optional(),
    commissionRate: agentFields.commissionRate.optional(),
    salesTarget: agentFields.salesTarget.optional(),
    idNumber: clearableOf(saIdField(M.idNumber)),
    supervisorName: clearableOf(z.string().trim()),
    region: clearableOf(z.string().trim()),
    notes: clearableOf(z.string().trim()),
    status: z.enum(AGENT_STATUSES, { error: 'Status must be active, inactive or suspended' }).optional(),
  })
  .meta({
    description: 'Every field optional: a field left out stays as it is; {status} alone toggles; a blank optional field is cleared.',
  });
export type AgentPatchInput = z.output<typeof agentPatchSchema>;

/** PATCH /api/agents/{id} with just a status (activate, deactivate, singly or in bulk). */
export const agentStatusSchema = z.object({
  status: z.enum(AGENT_STATUSES, { error: 'Status must be active, inactive or suspended' }),
});
export type AgentStatusInput = z.infer<typeof agentStatusSchema>;

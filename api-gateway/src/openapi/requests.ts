import { z, type ZodType } from 'zod';
import {
  ARREARS_STATES,
  PAYMENT_STATUSES,
  POLICY_STATUSES,
  claimSchemaOn,
  companyHistoryQuerySchema,
  complianceReportQuerySchema,
  entityAsOfQuerySchema,
  erasureSchema,
  loginSchema,
  requestResetSchema,
} from '@fpa/write-model/validation';
import { DOCUMENT_CATEGORIES } from '@fpa/write-model';
import { REPORT_TYPES } from '@fpa/projections';
import { SHAPE_DATE } from '../commands/graphql-input.ts';

/*
 * What each route takes, keyed "METHOD /api/path/:param" as the route table spells it. Bodies are the
 * write model's own schemas (the command parses the body with the same one); the factories that take
 * today's date give the same shape for any date. Query objects are the gateway's: the routes read
 * these parameters themselves (rest/*.routes.ts).
 */

export type RequestDoc = { body?: ZodType; query?: ZodType };
export type RequestMap = Record<string, RequestDoc>;

const text = (description: string) => z.string().optional().meta({ description });
const wholeNumber = (description: string) => z.string().regex(/^\d+$/).optional().meta({ description });
const companyId = text('The company, for the super admin (a company user’s own company otherwise)');
const scoped = z.object({ companyId });
const arrearsQuery = z.object({
  state: z
    .enum(['all', ...ARREARS_STATES])
    .optional()
    .meta({ description: 'One state of the worklist, or all (the default)' }),
  search: text('A policy number or member name prefix'),
});

const audit = (name: string): [string, RequestDoc] => [
  `GET /api/audit/reports/${name}`,
  { query: complianceReportQuerySchema.extend({ companyId }) },
];

export const requests: RequestMap = {
  'POST /api/login': { body: loginSchema },
  'POST /api/auth/request-reset': { body: requestResetSchema },

  'POST /api/claims/by-policy-number': { body: claimSchemaOn(SHAPE_DATE) },
  'GET /api/documents': {
    query: z.object({
      search: text('Words of the file name, claim number or member'),
      category: z.enum(DOCUMENT_CATEGORIES).optional(),
      status: z.enum(['pending', 'verified', 'rejected']).optional(),
      limit: wholeNumber('1 to 500 (default 500)'),
      offset: wholeNumber('Default 0; the x-next-offset header of the previous page'),
    }),
  },

  'GET /api/payments': {
    query: z.object({
      search: text('Policy number, member or reference'),
      status: z.enum(PAYMENT_STATUSES).optional(),
      policyId: text('One policy’s payments'),
      groupSchemeId: text('One scheme’s payments'),
      first: wholeNumber('Page size (default and most 500)'),
      after: text('The x-next-cursor header of the previous page'),
    }),
  },

  'POST /api/ai-assistant': {
    body: z.object({
      message: z.string(),
      conversationHistory: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })).optional(),
    }),
  },

  'GET /api/activities': { query: z.object({ first: wholeNumber('How many, newest first') }) },
  'GET /api/new-sales': {
    query: z.object({
      search: text('Client, policy number or agent'),
      status: z.enum(POLICY_STATUSES).optional(),
      agentId: text('One agent’s sales'),
    }),
  },

  'GET /api/reports/charts': { query: z.object({ months: wholeNumber('How many months back (default 12)') }) },
  'GET /api/reports/:type': {
    query: z.object({ status: text(`A status of the report's rows (GET /api/reports lists them); types: ${REPORT_TYPES.join(', ')}`) }),
  },

  'GET /api/arrears': { query: arrearsQuery },
  'GET /api/arrears.csv': { query: arrearsQuery },

  'GET /api/audit/verify': { query: scoped },
  'GET /api/audit/company/events': {
    query: companyHistoryQuerySchema.extend({
      type: text('One event type (GET /api/audit/company/event-types)'),
      actorId: text('One user’s events'),
      companyId,
    }),
  },
  'GET /api/audit/company/events.csv': {
    query: companyHistoryQuerySchema.extend({ type: text('One event type'), actorId: text('One user’s events'), companyId }),
  },
  'GET /api/audit/company/event-types': { query: scoped },
  ...Object.fromEntries(
    [
      'claims-turnaround',
      'claims-decisions',
      'claims-ageing',
      'lapse-ratio',
      'waiting-period',
      'suspended-companies',
      'permission-changes',
      'personal-data-requests',
    ].map(audit),
  ),
  'GET /api/audit/personal-data/:idNumber': { query: scoped },
  'POST /api/audit/personal-data/:idNumber/erase': { body: erasureSchema, query: scoped },
  'GET /api/audit/:entity/:id/events': { query: scoped },
  'GET /api/audit/:entity/:id': { query: entityAsOfQuerySchema.extend({ companyId }) },

  'GET /api/billing/sandbox/checkout': { query: z.object({}).catchall(z.string()).meta({ description: 'The signed checkout parameters' }) },
};

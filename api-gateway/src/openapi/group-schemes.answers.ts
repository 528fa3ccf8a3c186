import { z } from 'zod';
import type { GroupSchemeRow, SchemeMemberRow } from '@fpa/projections';
import { GROUP_PAYMENT_METHODS, RELATIONSHIPS, SCHEME_STATUSES } from '@fpa/write-model/validation';
import { day, id, instant, money, named, rowOf, type AnswerMap } from './shapes.ts';
import { payment } from './payments.answers.ts';

const scheme = named(
  'GroupScheme',
  rowOf<GroupSchemeRow>()(
    z.strictObject({
      id,
      name: z.string(),
      description: z.string(),
      status: z.enum(SCHEME_STATUSES),
      totalMembers: z.int(),
      mainMemberCount: z.int(),
      familyMemberCount: z.int(),
      policyPrefix: z.string().meta({ description: 'What new group policy numbers of this scheme start with' }),
      createdAt: instant,
      updatedAt: instant,
    }),
  ),
);

const schemeMember = named(
  'SchemeMember',
  rowOf<SchemeMemberRow>()(
    z.strictObject({
      id,
      schemeId: id,
      firstName: z.string(),
      lastName: z.string(),
      saId: z.string().nullable(),
      passportNumber: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      province: z.string().nullable(),
      postalCode: z.string().nullable(),
      email: z.string().nullable(),
      coverAmount: money.nullable(),
      policyId: id,
      policyNumber: z.string(),
      isMainMember: z.boolean(),
      mainMemberId: z.string().nullable(),
      relationship: z.enum(RELATIONSHIPS).nullable(),
      status: z.enum(['active', 'inactive']),
      createdAt: instant,
    }),
  ),
);

const membersAdded = z.strictObject({ scheme, mainMembersAdded: z.int(), familyMembersAdded: z.int(), droppedRows: z.int() });

const groupPayment = z.strictObject({
  groupPaymentId: id,
  schemeId: id,
  amountPerMember: money,
  memberCount: z.int(),
  totalAmount: money,
  paymentMethod: z.enum(GROUP_PAYMENT_METHODS),
  paymentDate: day,
  reference: z.string().nullable(),
  payments: z.array(payment),
});

/** Spec part 2 §7 Group schemes, and the group payment route. */
export const groupSchemesAnswers: AnswerMap = {
  'GET /api/group-schemes': { summary: 'The company’s group schemes', answer: z.array(scheme) },
  'POST /api/group-schemes': { summary: 'Create a group scheme with its members', answer: membersAdded },
  'GET /api/group-schemes/:id': { summary: 'A group scheme', answer: scheme },
  'PUT /api/group-schemes/:id': { summary: 'Update a group scheme', answer: scheme },
  'GET /api/group-schemes/:id/members': {
    summary: 'A scheme’s members: each main member followed by its family (linked by mainMemberId)',
    answer: z.array(schemeMember),
  },
  'POST /api/group-schemes/:schemeId/members': { summary: 'Add members to a scheme', answer: membersAdded },
  'DELETE /api/group-schemes/:schemeId/members/:memberId': {
    summary: 'Remove a member (a main member with its family) from a scheme',
    answer: z.strictObject({ scheme, removedMemberId: id, familyMembersRemoved: z.int() }),
  },
  'POST /api/group-schemes/:schemeId/payments': { summary: 'Record one payment for every member of the scheme', answer: groupPayment },
};

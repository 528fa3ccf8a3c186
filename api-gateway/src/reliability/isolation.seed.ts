import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { agentBody } from '../agents.testing.ts';
import { companyWithStaff } from '../audit.testing.ts';
import { seedReportsCompany } from '../reports.seed.testing.ts';
import { payForPremium } from '../subscription.testing.ts';
import { makeSaId, type TestApp } from '../testing.ts';
import { addMonths, southAfricanDate } from '@fpa/write-model/validation';

/*
 * Test-only: a company with data in every area (members, policies, policy types, claims with
 * documents, payments, agents, a group scheme with members, staff users, an audit trail), and the
 * ids and identifying text of each kind, read back through its own administrator's eyes.
 */

export type Kind =
  | 'member'
  | 'policy'
  | 'policyType'
  | 'claim'
  | 'document'
  | 'payment'
  | 'agent'
  | 'scheme'
  | 'schemeMember'
  | 'user'
  | 'batch'
  | 'statement'
  | 'notification'
  | 'subscriptionPayment';
export type SeededCompany = {
  companyId: string;
  adminToken: string;
  ids: Record<Kind, string[]>;
  saIds: string[];
  /** Every string that identifies this company's data: an answer to another company containing one leaked it. */
  secrets: string[];
};

let sequence = 4100;

export async function seedCompany(t: TestApp): Promise<SeededCompany> {
  const company = await companyWithStaff(t, ['claim_admin', 'billing_clerk']);
  const token = company.tokens.administrator!;
  const get = async (path: string) => {
    const answer = await t.request('GET', path, undefined, { token });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  // The Premium Plan (sandbox payment), so that its members' welcome messages are in the outbox (issue #24).
  await payForPremium(t, token);
  await seedReportsCompany(t, token);
  await t.request('POST', '/api/agents', agentBody('Palesa'), { token });
  const person = (firstName: string) => ({
    firstName,
    lastName: 'Mokoena',
    saId: makeSaId('820202', String(sequence++)),
    phone: '071 234 5678',
    address: '5 Church Street',
    city: 'Rustenburg',
    province: 'North West',
    postalCode: '0299',
    email: '',
    coverAmount: '20000',
    familyMembers: [],
  });
  const scheme = (
    await t.request(
      'POST',
      '/api/group-schemes',
      { name: 'Mine Workers', description: 'Shaft 3', mainMembers: [person('Zanele'), person('Sipho')] },
      { token },
    )
  ).body.scheme;

  // A list answer is an array or a page ({ nodes } or { items }); the seed reads each row's id (and a member's SA ID).
  type Row = { id: string; saId?: string | null };
  const nodes = (value: unknown): Row[] => {
    if (Array.isArray(value)) return value as Row[];
    const page = value as { nodes?: Row[]; items?: Row[] };
    return page.nodes ?? page.items ?? [];
  };
  const collections = await seedCollections(t, token, nodes(await get('/api/policy-types'))[0]!.id);
  const beneficiaryId = await seedBeneficiaries(t, token, collections.policyId);
  const members = nodes(await get('/api/members'));
  const ids: Record<Kind, string[]> = {
    member: members.map((m) => m.id),
    policy: nodes(await get('/api/policies')).map((p) => p.id),
    policyType: nodes(await get('/api/policy-types')).map((p) => p.id),
    claim: nodes(await get('/api/claims')).map((c) => c.id),
    document: nodes(await get('/api/documents')).map((d) => d.id),
    payment: nodes(await get('/api/payments')).map((p) => p.id),
    agent: nodes(await get('/api/agents')).map((a) => a.id),
    scheme: [scheme.id],
    schemeMember: nodes(await get(`/api/group-schemes/${scheme.id}/members`)).map((m) => m.id),
    user: nodes(await get('/api/users')).map((u) => u.id),
    batch: collections.batch,
    statement: collections.statement,
    notification: nodes(await get('/api/notifications')).map((n) => n.id),
    // The Premium Plan's payment (issue #25: its invoice).
    subscriptionPayment: ((await get('/api/subscription/billing-history')) as { id: string }[]).map((p) => p.id),
  };
  for (const [kind, list] of Object.entries(ids)) if (list.length === 0) throw new Error(`the seed made no ${kind}`);
  const saIds = members.map((m) => m.saId).filter((saId): saId is string => Boolean(saId));
  const secrets = [company.companyId, ...Object.values(ids).flat(), ...saIds, beneficiaryId];
  return { companyId: company.companyId, adminToken: token, ids, saIds, secrets };
}

export const MANDATE_BODY = {
  accountHolder: 'A Mokoena',
  bank: 'fnb',
  branchCode: '250655',
  accountNumber: '62001234567',
  accountType: 'cheque',
  debitDay: 1,
  mandateReference: 'ISO-1',
};

/** Issue #22: a valid set of beneficiaries (their passport number is set per company by the seed). */
export const BENEFICIARIES_BODY = {
  beneficiaries: [{ firstName: 'Nandi', lastName: 'Mokoena', relationship: 'child', idNumber: 'ISO0001', share: '100' }],
};

/** Issue #22: beneficiaries on the mandate's policy; answers their passport number, which no other company may see. */
async function seedBeneficiaries(t: TestApp, token: string, policyId: string): Promise<string> {
  const idNumber = `ISOBEN${sequence++}`;
  const body = { beneficiaries: [{ ...BENEFICIARIES_BODY.beneficiaries[0], idNumber }] };
  const answer = await t.request('PUT', `/api/policies/${policyId}/beneficiaries`, body, { token });
  if (answer.status !== 200) throw new Error(`beneficiaries: ${answer.status} ${JSON.stringify(answer.body)}`);
  return idNumber;
}

/** Issue #21: a mandate, a collection batch a month ahead (a premium is always owed by then), and a bank statement. */
async function seedCollections(
  t: TestApp,
  token: string,
  policyTypeId: string,
): Promise<{ batch: string[]; statement: string[]; policyId: string }> {
  const debitDate = addMonths(southAfricanDate(t.services.now()), 1);
  const member = await t.request(
    'POST',
    '/api/members',
    {
      firstName: 'Lindiwe',
      lastName: 'Mokoena',
      saId: makeSaId('830303', String(sequence++)),
      phone: '0721234567',
      address: '9 Church Street',
      city: 'Rustenburg',
      province: 'North West',
      postalCode: '0299',
      isMainMember: true,
      policyTypeId,
    },
    { token },
  );
  if (member.status !== 201) throw new Error(`member: ${member.status} ${JSON.stringify(member.body)}`);
  const policyId: string = member.body.policyId;
  const mandate = await t.request(
    'PUT',
    `/api/policies/${policyId}/mandate`,
    { ...MANDATE_BODY, debitDay: Number(debitDate.slice(8)) },
    { token },
  );
  if (mandate.status !== 200) throw new Error(`mandate: ${mandate.status} ${JSON.stringify(mandate.body)}`);
  const batch = await t.request('POST', '/api/collections/batches', { debitDate }, { token });
  if (batch.status !== 201) throw new Error(`batch: ${batch.status} ${JSON.stringify(batch.body)}`);
  const statement = await t.request(
    'POST',
    '/api/collections/statements',
    'Date,Description,Reference,Amount\n2026-01-05,DEPOSIT,walk-in,99.00\n',
    {
      token,
      headers: { 'content-type': 'text/csv' },
    },
  );
  if (statement.status !== 200) throw new Error(`statement: ${statement.status} ${JSON.stringify(statement.body)}`);
  return { batch: [batch.body.id], statement: [statement.body.statementId], policyId };
}

/** One valid-looking body per change route: refused only because the id belongs to someone else. */
export function changeBody(method: string, path: string, victim: SeededCompany): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  // A new policy for A's member: any type id; the member is B's to see first, so a 404.
  if (/^\/api\/members\/[^/]+\/policy$/.test(path)) return { policyTypeId: '00000000-0000-4000-8000-000000000001' };
  // A member's communication preferences (issue #24): valid, so the refusal is for the member.
  if (/^\/api\/members\/[^/]+\/communication$/.test(path)) return { preferredChannel: 'email', optedOut: true };
  // A family member's details (issue #22): valid, so the refusal is for the member, not the body.
  if (/^\/api\/members\/[^/]+\/family-details$/.test(path)) return { firstName: 'Hacked', lastName: 'Member', relationship: 'child' };
  if (path.startsWith('/api/members/'))
    return {
      firstName: 'Hacked',
      lastName: 'Member',
      saId: makeSaId('700101', String(sequence++)),
      phone: '0821234567',
      address: '1 Hack Street',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: true,
    };
  if (path.startsWith('/api/policy-types/')) return { name: 'Hacked', coverageAmount: '1000', monthlyPremium: '10', waitingPeriod: 0 };
  if (/^\/api\/policies\/[^/]+\/mandate$/.test(path)) return MANDATE_BODY;
  if (/^\/api\/policies\/[^/]+\/beneficiaries$/.test(path)) return BENEFICIARIES_BODY;
  // A change of type (issue #22): the attacker's own type, so the refusal is for the policy.
  if (/^\/api\/policies\/[^/]+\/change-type$/.test(path)) return { policyTypeId: '00000000-0000-4000-8000-000000000001' };
  if (path.startsWith('/api/policies/')) return { status: 'cancelled' };
  if (/^\/api\/collections\/statements\/[^/]+\/assign$/.test(path))
    return { line: 2, allocations: [{ policyId: victim.ids.policy[0], amount: '99' }] };
  if (/^\/api\/collections\/statements\/[^/]+\/dismiss$/.test(path)) return { line: 2, reason: 'hacked' };
  // A dispute (issue #23): a valid reason, so the refusal is for the claim, not the body.
  if (/^\/api\/claims\/[^/]+\/dispute$/.test(path)) return { reason: 'Disputed by another tenant' };
  if (path.startsWith('/api/claims/')) return { status: 'approved', approvedAmount: '1', overrideReason: 'hacked by another tenant' };
  if (path.startsWith('/api/documents/')) return { status: 'rejected', notes: 'hacked' };
  if (path.startsWith('/api/payments/')) return { status: 'refunded' };
  if (/^\/api\/group-schemes\/[^/]+\/payments$/.test(path)) return { amount: '100', paymentDate: '2026-01-01', paymentMethod: 'eft' };
  if (/^\/api\/group-schemes\/[^/]+\/members$/.test(path))
    return {
      mainMembers: [
        {
          firstName: 'Hacked',
          lastName: 'In',
          saId: makeSaId('700101', String(sequence++)),
          phone: '0712345678',
          address: '1 Hack Street',
          familyMembers: [],
        },
      ],
    };
  if (path.startsWith('/api/group-schemes/')) return { name: 'Hacked', description: 'hacked', status: 'inactive' };
  if (path.startsWith('/api/agents/')) return { firstName: 'Hacked', commissionRate: 99 };
  if (/\/role$/.test(path)) return { role: 'auditor' };
  if (path.startsWith('/api/audit/personal-data/')) return { reason: 'hacked', confirm: true };
  void victim;
  return {};
}

/**
 * A GraphQL variable value of `type` whose required fields are filled in and whose ID fields all
 * carry `id` (another company's), so a mutation is refused for the id, not for a missing field.
 */
export function sampleInput(type: GraphQLInputType, id: string): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleInput(inner.ofType, id)];
  if (isEnumType(inner)) return inner.getValues()[0]!.name;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type) || getNamedType(f.type).name === 'ID');
    return Object.fromEntries(fields.map((f) => [f.name, sampleInput(f.type, id)]));
  }
  if (isScalarType(inner)) {
    if (inner.name === 'ID') return id;
    if (inner.name === 'Int' || inner.name === 'Float') return 1;
    if (inner.name === 'Boolean') return true;
  }
  return 'Hacked';
}

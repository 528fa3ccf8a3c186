import { southAfricanDate } from '@fpa/write-model/validation';
import type { Page } from 'playwright-core';
import { api, registerAndSignIn, saId, type RunningServer } from './harness.ts';

export const OPERATOR = { username: 'platform', password: 'Pl4tform!pass', email: 'ops@example.com' };
export const AGENT = { username: 'lwazi.agent', password: 'agentpass1' };

/** The server's environment with a super admin (the operator) created at start. */
export const operatorEnv = {
  SUPER_ADMIN_USERNAME: OPERATOR.username,
  SUPER_ADMIN_PASSWORD: OPERATOR.password,
  SUPER_ADMIN_EMAIL: OPERATOR.email,
};

export type Book = { token: string; memberId: string; familyMemberId: string; policyNumber: string; schemeId: string };

/**
 * A company with something on every page, set up through the API as staff would: a policy type, a main
 * member with a spouse and a payment, a group scheme and an agent with a login. Signs the administrator in.
 */
export async function seedBook(page: Page, server: RunningServer, suffix: string): Promise<Book> {
  const { token } = await registerAndSignIn(page, server, suffix);
  const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
    name: 'Family 30k',
    coverageAmount: '30000',
    monthlyPremium: '180',
    waitingPeriod: 6,
  });
  const main = await api<{ id: string; policyId: string; policyNumber: string }>(server, token, 'POST', '/api/members', {
    firstName: 'Jabulani',
    lastName: 'Ngcobo',
    saId: saId('600101', '5088'),
    phone: '0845551234',
    email: 'jabu@example.co.za',
    address: '7 Umgeni Road',
    city: 'Durban',
    province: 'KZN',
    postalCode: '4001',
    isMainMember: true,
    policyTypeId: type.id,
  });
  const family = await api<{ id: string }>(server, token, 'POST', '/api/members', {
    firstName: 'Thandeka',
    lastName: 'Ngcobo',
    saId: saId('650505', '0123'),
    isMainMember: false,
    mainMemberId: main.id,
    relationship: 'spouse',
  });
  await api(server, token, 'POST', '/api/payments', {
    policyId: main.policyId,
    amount: '180',
    paymentDate: southAfricanDate(new Date()),
    paymentMethod: 'cash',
  });
  const scheme = await api<{ scheme: { id: string } }>(server, token, 'POST', '/api/group-schemes', {
    name: 'Mine Workers Union',
    description: 'Funeral cover for union members',
    mainMembers: [
      { firstName: 'Lebo', lastName: 'Mokoena', saId: saId('800101', '5010'), phone: '0821230001', address: '1 Shaft Road, Rustenburg' },
    ],
  });
  await api(server, token, 'POST', '/api/agents', {
    firstName: 'Lwazi',
    lastName: 'Mthembu',
    email: 'lwazi@example.co.za',
    phone: '0821234567',
    agentId: 'AGT001',
    commissionRate: 7.5,
    salesTarget: 50000,
    region: 'Limpopo',
    ...AGENT,
  });
  return { token, memberId: main.id, familyMemberId: family.id, policyNumber: main.policyNumber, schemeId: scheme.scheme.id };
}

/** Signs a user in through the sign-in form. */
export async function signIn(page: Page, server: RunningServer, username: string, password: string): Promise<void> {
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

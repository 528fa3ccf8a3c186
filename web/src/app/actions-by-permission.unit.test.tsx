import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberRow, membersAnswer, policyTypeFixture } from '../features/members/members.fixtures';
import { groupScheme } from '../features/group-schemes/groupSchemes.fixtures';
import { paymentRow, paymentsAnswer } from '../features/payments/payments.fixtures';
import { sessionHandler, testUser, type GraphQLHandler } from '../test/graphql';
import { renderApp } from '../test/render';

/*
 * Issue #25: every action shows for whoever holds the permission the server checks for it, and only
 * for them. An auditor reads every page of the company and changes nothing: no button that would only
 * be refused. The administrator, holding every permission, sees them all.
 */

const answers: GraphQLHandler = (name) => {
  if (name === 'Members') return membersAnswer([memberRow()]);
  if (name === 'PolicyTypes') return { data: { policyTypes: [policyTypeFixture()] } };
  if (name === 'GroupSchemes') return { data: { groupSchemes: [groupScheme()] } };
  if (name === 'Payments') return paymentsAnswer([paymentRow()]);
  return { data: null };
};

const PAGES: [path: string, ready: string, actions: (string | RegExp)[]][] = [
  ['/members', 'Sipho Dlamini', ['Add Member', 'Bulk Upload', 'Edit Sipho Dlamini', 'Delete Sipho Dlamini']],
  ['/policy-types', 'Family Cover', ['Add Policy Type', 'Edit Family Cover']],
  ['/group-schemes', 'Mine Workers', ['Create Scheme']],
  ['/payments', 'POL-000001', ['Record Payment']],
];

describe('actions follow the permissions', { timeout: 30_000 }, () => {
  for (const [path, ready, actions] of PAGES) {
    it(`${path}: the auditor sees no action, the administrator every one`, async () => {
      const auditor = renderApp(path, sessionHandler(testUser({ role: 'auditor' }), answers));
      expect((await screen.findAllByText(ready)).length).toBeGreaterThan(0);
      for (const name of actions) expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
      auditor.unmount();

      renderApp(path, sessionHandler(testUser(), answers));
      expect((await screen.findAllByText(ready)).length).toBeGreaterThan(0);
      for (const name of actions) expect(await screen.findByRole('button', { name }), String(name)).toBeTruthy();
    });
  }
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { memberRow, membersAnswer, policyTypeFixture } from './members.fixtures';

const lapsed = memberRow({ id: 'm1', policyNumber: 'POL-2026-000001', policyStatus: 'lapsed' });
const covered = memberRow({ id: 'm2', firstName: 'Lerato', lastName: 'Mokoena', saId: '8506150123089', policyStatus: 'active' });

function open(
  role = 'administrator',
  answer: () => GraphQLAnswer = () => ({
    data: { issuePolicy: { __typename: 'Policy', id: 'p9', policyNumber: 'POL-2026-000009', waitingPeriod: 5 } },
  }),
) {
  const issueSpy = vi.fn((_variables: Record<string, unknown>) => answer());
  renderApp(
    '/members',
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'Members') return membersAnswer([lapsed, covered]);
      if (name === 'PolicyTypes')
        return { data: { policyTypes: [policyTypeFixture(), policyTypeFixture({ id: 'pt2', name: 'Old Plan', isActive: false })] } };
      if (name === 'IssuePolicy') return issueSpy(variables);
      return { data: null };
    }),
  );
  return issueSpy;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('New Policy on /members (issue #20)', () => {
  it('is offered for a main member with no policy in force, to roles that may register members', async () => {
    open();
    expect(within(await rowOf('Sipho Dlamini')).getByRole('button', { name: 'New policy for Sipho Dlamini' })).toBeTruthy();
    expect(within(await rowOf('Lerato Mokoena')).queryByRole('button', { name: /New policy/ })).toBeNull();
  });

  it('is not offered to a role without members:create', async () => {
    open('auditor');
    await rowOf('Sipho Dlamini');
    expect(screen.queryByRole('button', { name: /New policy/ })).toBeNull();
  });

  it('asks for an active policy type and a valid debit day, then issues and toasts the number and waiting period', async () => {
    const issueSpy = open();
    fireEvent.click(within(await rowOf('Sipho Dlamini')).getByRole('button', { name: 'New policy for Sipho Dlamini' }));
    const dialog = await screen.findByRole('dialog', { name: 'New policy for Sipho Dlamini' });
    expect(dialog.textContent).toContain('Their policy POL-2026-000001 is lapsed.');
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /Policy type/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue Policy' }));
    expect(await within(dialog).findAllByText('Choose a policy type')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Policy type/ }));
    expect(screen.queryByRole('option', { name: 'Old Plan' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Family Cover' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Debit day' }), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue Policy' }));
    expect(await within(dialog).findByText('Debit day must be a whole number from 1 to 31')).toBeTruthy();
    expect(issueSpy).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Debit day' }), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue Policy' }));
    await waitFor(() => expect(issueSpy).toHaveBeenCalledWith({ id: 'm1', input: { policyTypeId: 'pt1', debitDay: 25 } }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('POL-2026-000009 for Sipho Dlamini: waiting period 5 months.'),
    );
  });

  it("shows the server's refusal", async () => {
    open('administrator', () => ({
      errors: [{ message: 'This member already has a policy in force (POL-2026-000003).', extensions: { code: 'ALREADY_EXISTS' } }],
    }));
    fireEvent.click(within(await rowOf('Sipho Dlamini')).getByRole('button', { name: 'New policy for Sipho Dlamini' }));
    const dialog = await screen.findByRole('dialog', { name: 'New policy for Sipho Dlamini' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /Policy type/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Policy type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Family Cover' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue Policy' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('already has a policy in force'));
  });
});

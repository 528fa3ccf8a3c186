import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, MEMBER_MESSAGES } from '@fpa/write-model/validation';
import { formatDate, formatRand } from '../../app/format';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { memberPageAnswer } from './members.fixtures';

function openMember(
  role = 'administrator',
  answer: unknown = memberPageAnswer(),
  path = '/members/m1',
  saved: Record<string, unknown>[] = [],
) {
  const asked: Record<string, unknown>[] = [];
  renderApp(
    path,
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'MemberPage') {
        asked.push(variables);
        return { data: { member: answer } };
      }
      if (name === 'MemberHistory')
        return {
          data: {
            member: {
              __typename: 'Member',
              id: 'm1',
              history: [
                {
                  __typename: 'MemberHistoryEntry',
                  position: 7,
                  occurredAt: '2025-06-02T08:00:00.000Z',
                  title: 'Policy lapsed',
                  subject: 'POL-000001',
                  note: 'Asked to stop',
                  actor: { __typename: 'AuditActor', userId: 'u1', name: 'Thandi Nkosi', role: 'administrator' },
                  changes: [{ __typename: 'ReadableChange', label: 'Status', before: 'active', after: 'lapsed' }],
                },
              ],
            },
          },
        };
      if (name === 'RegisterMember' || name === 'DeleteMember') {
        saved.push({ name, ...variables });
        return name === 'DeleteMember'
          ? { data: { deleteMember: true } }
          : { data: { registerMember: { __typename: 'Member', ...(variables.input as object), id: 'm9', policyNumber: 'POL-000001' } } };
      }
      if (name === 'UpdateFamilyMember') {
        saved.push(variables);
        return { data: { updateFamilyMember: { ...(answer as object), ...(variables.input as object) } } };
      }
      return { data: null };
    }),
  );
  return asked;
}

describe('/members/{id}: the member’s page', { timeout: 30_000 }, () => {
  it('shows who the person is, the policy with what is paid and owed, the lives, payments, claims and notices', async () => {
    const asked = openMember();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sipho Dlamini' })).toBeTruthy();
    expect(asked).toEqual([{ id: 'm1' }]);
    expect(screen.getByText('Main member · 45 years · SA ID 8001015009087')).toBeTruthy();
    const policy = screen.getByRole('article', { name: 'Policy POL-000001' });
    expect(within(policy).getByText('Paid up to').nextElementSibling?.textContent).toBe(formatDate('2025-05-31'));
    expect(within(policy).getByText('Balance due').nextElementSibling?.textContent).toBe(formatRand('150.00'));
    expect(within(policy).getByText('Months in arrears').nextElementSibling?.textContent).toBe('1');
    expect(within(policy).getByRole('list', { name: 'Notices on policy POL-000001' }).textContent).toContain('by SMS');
    const beneficiaries = within(policy).getByRole('table', { name: 'Beneficiaries of policy POL-000001' });
    expect(within(beneficiaries).getByText('Nomsa Dlamini')).toBeTruthy();
    const lives = screen.getByRole('table', { name: 'Lives covered' });
    expect(within(lives).getByRole('link', { name: 'Nomsa Dlamini' }).getAttribute('href')).toBe('/members/m2');
    expect(within(lives).getByText('Spouse')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByText('MAY')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Claims' })).getByText('Gogo Dlamini')).toBeTruthy();
    const documents = screen.getByRole('table', { name: 'Documents' });
    expect(within(documents).getByText('Schedule of policy POL-000001')).toBeTruthy();
    expect(within(documents).getByText('Receipt')).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Schedule of policy POL-000001 (download)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('shows the history in words when asked, with the raw events one click away in Audit', async () => {
    openMember();
    fireEvent.click(await screen.findByRole('button', { name: 'Show history' }));
    const history = await screen.findByRole('list', { name: 'History of Sipho Dlamini' });
    expect(within(history).getByText('Policy lapsed · POL-000001')).toBeTruthy();
    expect(within(history).getByText('“Asked to stop”')).toBeTruthy();
    expect(within(history).getByText('Status').nextElementSibling?.textContent).toBe('active →  changed to lapsed');
    expect(screen.getByRole('link', { name: 'Raw events in Audit' }).getAttribute('href')).toBe('/audit?entity=member&id=m1');
  });

  it('adds a family member to this policy without choosing the main member again, and removes one after asking', async () => {
    const saved: Record<string, unknown>[] = [];
    openMember('policy_admin', memberPageAnswer(), '/members/m1', saved);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a family member' }));
    const dialog = await screen.findByRole('dialog', { name: "Add a family member to Sipho Dlamini's policy" });
    expect(within(dialog).queryByRole('radiogroup', { name: 'Member type' })).toBeNull();
    expect(within(dialog).getByText('Sipho Dlamini')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Ayanda' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Dlamini' } });
    fireEvent.change(within(dialog).getByLabelText('SA ID number'), { target: { value: `150505012308${luhnCheckDigit('150505012308')}` } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Relationship/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Child' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'RegisterMember', input: { isMainMember: false, mainMemberId: 'm1', relationship: 'child' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Nomsa Dlamini' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Member' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ name: 'DeleteMember', id: 'm2' });
  });

  it('offers no Remove for a deceased life, whose record stays (issue #22)', async () => {
    const lives = memberPageAnswer().lives.map((life) => (life.id === 'm2' ? { ...life, status: 'deceased' } : life));
    openMember('policy_admin', memberPageAnswer({ lives }));
    const table = await screen.findByRole('table', { name: 'Lives covered' });
    expect(within(table).getByText('deceased')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Remove Nomsa Dlamini' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Remove Lwazi Dlamini' })).toBeTruthy();
  });

  it("shows a paid claim's payout under its status (issue #23)", async () => {
    const policy = memberPageAnswer().policies[0] as { claims: Record<string, unknown>[] };
    const paid = { ...policy.claims[0], status: 'paid', payout: { __typename: 'ClaimPayout', amount: '5000.00', paidOn: '2025-06-20' } };
    openMember('administrator', memberPageAnswer({ policies: [{ ...policy, claims: [paid] }] }));
    const claims = await screen.findByRole('table', { name: 'Claims' });
    expect(within(claims).getByText(/paid on/).textContent).toBe(`${formatRand('5000.00')} paid on ${formatDate('2025-06-20')}`);
  });

  it('opens for a billing clerk, who sees payments but no claims section, no Edit and no link back to Members', async () => {
    openMember('billing_clerk', memberPageAnswer({ policies: [{ ...memberPageAnswer().policies[0], claims: null }] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sipho Dlamini' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Payments' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Claims' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Claims' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a family member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'All members' })).toBeNull();
  });

  it('is refused to an agent (no members:read)', async () => {
    openMember('agent');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
  });

  it('edits a family member’s relationship from their page with the shared schema, sending only the family fields', async () => {
    const saved: Record<string, unknown>[] = [];
    const family = memberPageAnswer({
      id: 'm3',
      firstName: 'Lwazi',
      isMainMember: false,
      relationship: 'child',
      mainMemberId: 'm1',
      mainMemberName: 'Sipho Dlamini',
      phone: null,
      address: null,
      city: null,
      province: null,
      postalCode: null,
    });
    openMember('policy_admin', family, '/members/m3', saved);
    expect(await screen.findByText('Child · 45 years · SA ID 8001015009087')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sipho Dlamini' }).map((a) => a.getAttribute('href'))).toEqual([
      '/members/m1',
      '/members/m1',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Family Member' });
    fireEvent.change(within(dialog).getByLabelText('Phone number (optional)'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(MEMBER_MESSAGES.phone)).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Phone number (optional)'), { target: { value: '0821234567' } });
    // Issue #22: prior cover proven since the life joined, by the member form's rule (both or neither).
    fireEvent.change(within(dialog).getByLabelText('Prior cover (whole months)'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(MEMBER_MESSAGES.priorCoverBoth)).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Prior cover ended on'), { target: { value: '2025-01-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      id: 'm3',
      input: expect.objectContaining({
        firstName: 'Lwazi',
        relationship: 'child',
        otherRelationship: null,
        phone: '0821234567',
        address: null,
        priorCoverMonths: 9,
        priorCoverEndedOn: '2025-01-31',
      }),
    });
  });

  it('says Member Not Found when the server answers null', async () => {
    openMember('administrator', null, '/members/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/graphql';
import { platformCompany, platformStatsAnswer } from './superAdmin.fixtures';
import { openDashboard, toastText } from './superAdmin.testing';

const tab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('/super-admin: access and figures', { timeout: 30_000 }, () => {
  it('is refused to everyone but the super admin', async () => {
    openDashboard({}, testUser({ role: 'administrator' }));
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('Super admin access required to view this page.')).toBeTruthy();
  });

  it('shows the six figures, revenue with R and growth as sent', async () => {
    openDashboard();
    const figures = await screen.findByRole('region', { name: 'Platform figures' });
    await waitFor(() => expect(within(figures).getByText('12')).toBeTruthy());
    const labels = within(figures)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(labels).toEqual(['Total Companies', 'Total Members', 'Monthly Revenue', 'Active Claims', 'Member Growth', 'Revenue Growth']);
    expect(within(figures).getByText(/^R\s?15\s?250,50$/)).toBeTruthy();
    expect(within(figures).getByText('12.5%')).toBeTruthy();
    expect(within(figures).getByText('0%')).toBeTruthy();
  });

  it("defaults growth to '0%' when the server sends none", async () => {
    openDashboard({ PlatformStats: () => platformStatsAnswer({ memberGrowthRate: '', revenueGrowthRate: '' }) });
    const figures = await screen.findByRole('region', { name: 'Platform figures' });
    await waitFor(() => expect(within(figures).getAllByText('0%')).toHaveLength(2));
  });
});

describe('/super-admin: Companies', { timeout: 30_000 }, () => {
  it('lists companies with CIP number or -, status and the right action; searches by name or email; filters by status', async () => {
    openDashboard();
    const khumalo = await rowOf('Khumalo Burial Society');
    expect(within(khumalo).getByText('-')).toBeTruthy();
    expect(within(khumalo).getByText('Suspended')).toBeTruthy();
    expect(within(khumalo).getByRole('button', { name: 'Activate Khumalo Burial Society' })).toBeTruthy();
    const ubuntu = await rowOf('Ubuntu Funeral Cover');
    expect(within(ubuntu).getByText('Active')).toBeTruthy();
    expect(within(ubuntu).getByText('2019/123456/07')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search companies' });
    fireEvent.change(search, { target: { value: 'KHUMALO.CO' } });
    await waitFor(() => expect(screen.queryByText('Ubuntu Funeral Cover')).toBeNull());
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No companies match your search criteria.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: /All Companies/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All Companies', 'Active', 'Suspended']);
    fireEvent.click(screen.getByRole('option', { name: 'Active' }));
    await waitFor(() => expect(screen.queryByText('Khumalo Burial Society')).toBeNull());
    expect(screen.getByText('Ubuntu Funeral Cover')).toBeTruthy();
  });

  it('says so when no company is registered', async () => {
    openDashboard({ PlatformCompanies: () => ({ data: { platformCompanies: [] } }) });
    expect(await screen.findByText('No companies have been registered yet.')).toBeTruthy();
  });

  it('suspends with a required reason: the message, Suspending... while pending, the toast', async () => {
    let release: () => void = () => {};
    const { spy } = openDashboard({
      SuspendCompany: (v) =>
        new Promise((resolve) => {
          release = () => resolve({ data: { suspendCompany: platformCompany({ isActive: false, suspensionReason: String(v.reason) }) } });
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Ubuntu Funeral Cover' }));
    const panel = await screen.findByRole('form', { name: 'Suspend Ubuntu Funeral Cover' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Suspend Company' }));
    expect(await within(panel).findByText('Suspension reason is required')).toBeTruthy();
    expect(spy('SuspendCompany')).not.toHaveBeenCalled();

    fireEvent.change(within(panel).getByRole('textbox', { name: /Reason for suspension/ }), { target: { value: 'Unpaid platform fees' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Suspend Company' }));
    expect(await within(panel).findByRole('button', { name: 'Suspending...' })).toBeTruthy();
    expect(spy('SuspendCompany')).toHaveBeenCalledWith({ companyId: 'c1', reason: 'Unpaid platform fees' });
    release();
    await toastText('status', 'Company suspended successfully');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Suspend Ubuntu Funeral Cover' })).toBeNull());
  });

  it('Cancel closes the panel; activation toasts, a refusal shows the server message', async () => {
    const { spy } = openDashboard({
      ActivateCompany: () => ({ errors: [{ message: 'This company is already active.', extensions: { code: 'INVALID_TRANSITION' } }] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Ubuntu Funeral Cover' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Suspend Ubuntu Funeral Cover' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Activate Khumalo Burial Society' }));
    await toastText('alert', 'This company is already active.');
    expect(spy('ActivateCompany')).toHaveBeenCalledWith({ companyId: 'c2' });
  });

  it('toasts a successful activation', async () => {
    openDashboard({
      ActivateCompany: () => ({ data: { activateCompany: platformCompany({ id: 'c2', name: 'Khumalo Burial Society' }) } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activate Khumalo Burial Society' }));
    await toastText('status', 'Company activated successfully');
  });
});

describe('/super-admin: Subscriptions and Compliance Logs', { timeout: 30_000 }, () => {
  it('shows the tier uppercased, members as current / limit, price with R, status and next billing or N/A', async () => {
    openDashboard();
    await tab('Subscriptions');
    const ubuntu = await rowOf('Ubuntu Funeral Cover');
    expect(within(ubuntu).getByText('STARTER')).toBeTruthy();
    expect(within(ubuntu).getByText('1,200 / 50,000')).toBeTruthy();
    expect(within(ubuntu).getByText(/^R\s?299,00$/)).toBeTruthy();
    expect(within(ubuntu).getByText('Active')).toBeTruthy();
    expect(within(ubuntu).getByText('01 Jul 2026')).toBeTruthy();
    const khumalo = await rowOf('Khumalo Burial Society');
    expect(within(khumalo).getByText('FREE')).toBeTruthy();
    expect(within(khumalo).getByText('Inactive')).toBeTruthy();
    expect(within(khumalo).getByText('N/A')).toBeTruthy();
  });

  it('shows severity badges uppercased and Open or Resolved', async () => {
    openDashboard();
    await tab('Compliance Logs');
    const suspended = await rowOf('company_suspended');
    expect(within(suspended).getByText('CRITICAL')).toBeTruthy();
    expect(within(suspended).getByText('Open')).toBeTruthy();
    const overdue = await rowOf('claim_overdue');
    expect(within(overdue).getByText('WARNING')).toBeTruthy();
    expect(within(overdue).getByText('Resolved')).toBeTruthy();
    expect(within(await rowOf('company_activated')).getByText('INFO')).toBeTruthy();
  });

  it('resolves an open entry with a note (issue #25): too short is said under the field, then sent and toasted', async () => {
    const { spy } = openDashboard({
      ResolveComplianceEntry: (variables) => ({
        data: {
          resolveComplianceEntry: {
            __typename: 'ComplianceLog',
            id: String(variables?.id),
            resolvedAt: '2026-06-13T09:00:00.000Z',
            resolutionNote: String(variables?.note),
            resolvedBy: 'Platform Operator',
          },
        },
      }),
    });
    await tab('Compliance Logs');
    const suspended = await rowOf('company_suspended');
    expect(within(await rowOf('claim_overdue')).queryByRole('button', { name: /^Resolve/ })).toBeNull();
    fireEvent.click(within(suspended).getByRole('button', { name: 'Resolve: Company suspended' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText(/How was it resolved/), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Say how the entry was resolved (at least 5 characters)')).toBeTruthy();
    expect(spy('ResolveComplianceEntry')).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/How was it resolved/), { target: { value: 'Fees settled by EFT' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await toastText('status', 'Company suspended: resolved with your note.');
    expect(spy('ResolveComplianceEntry')).toHaveBeenCalledWith({ id: 'l1', note: 'Fees settled by EFT' });
  });
});

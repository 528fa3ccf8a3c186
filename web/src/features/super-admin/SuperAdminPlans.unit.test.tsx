import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plan, systemSetting } from './superAdmin.fixtures';
import { openDashboard, toastText } from './superAdmin.testing';
import { complianceStatus, filterCompanies, settingValueInput, settingValueText, severityTone } from './superAdminDisplay';

const tab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));
const field = (root: HTMLElement, name: RegExp) => within(root).getByRole<HTMLInputElement>('textbox', { name });

describe('/super-admin: Subscription Plans', { timeout: 30_000 }, () => {
  it('shows a card per plan: active badge, tier, price per month, Unlimited for -1, description and features', async () => {
    openDashboard();
    await tab('Subscription Plans');
    const list = await screen.findByRole('list', { name: 'Subscription plans' });
    const premium = within(list).getByRole('listitem', { name: 'Premium Plan' });
    expect(within(premium).getByText('Active')).toBeTruthy();
    expect(within(premium).getByText('starter')).toBeTruthy();
    expect(within(premium).getByText(/R\s?299,00/)).toBeTruthy();
    expect(within(premium).getByText('50,000')).toBeTruthy();
    expect(within(premium).getByText('Priority support')).toBeTruthy();
    const enterprise = within(list).getByRole('listitem', { name: 'Enterprise' });
    expect(within(enterprise).getByText('Unlimited')).toBeTruthy();
    expect(within(enterprise).getByText('Inactive')).toBeTruthy();
  });

  it('creates a plan: the modal, its defaults, the spec messages, then the toast and the modal closes', async () => {
    const { spy } = openDashboard({ CreatePlan: (v) => ({ data: { createPlan: plan({ id: 'p9', ...(v.input as object) }) } }) });
    await tab('Subscription Plans');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Plan' });
    expect(field(dialog, /Member Limit/).value).toBe('300');
    expect(field(dialog, /Member Limit/).placeholder).toBe('-1 for unlimited');
    expect(field(dialog, /Monthly Price \(R\)/).value).toBe('0');
    expect(field(dialog, /Sort Order/).value).toBe('0');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Active' }).checked).toBe(true);

    fireEvent.change(field(dialog, /Member Limit/), { target: { value: '-2' } });
    fireEvent.change(field(dialog, /Monthly Price/), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    for (const message of [
      'Plan name is required',
      'Tier is required',
      'Member limit must be -1 for unlimited or positive number',
      'Monthly price must be positive',
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(spy('CreatePlan')).not.toHaveBeenCalled();

    // A new tier: plans are data, the tier is typed (and kept as its lower-case id).
    fireEvent.change(field(dialog, /Plan Name/), { target: { value: 'Basic' } });
    fireEvent.change(field(dialog, /^Tier/), { target: { value: 'Basic' } });
    fireEvent.change(field(dialog, /Member Limit/), { target: { value: '1000' } });
    fireEvent.change(field(dialog, /Monthly Price/), { target: { value: '149' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    await toastText('status', 'Subscription plan created successfully');
    expect(spy('CreatePlan')).toHaveBeenCalledWith({
      input: { name: 'Basic', tier: 'basic', memberLimit: 1000, monthlyPrice: '149', features: [], sortOrder: 0, isActive: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Plan' })).toBeNull());
  });

  it('edits a plan in the Edit Plan modal (features kept) and shows a refusal from the server', async () => {
    const { spy } = openDashboard({
      UpdatePlan: () => ({ errors: [{ message: 'There is already a plan for the free tier', extensions: { code: 'ALREADY_EXISTS' } }] }),
    });
    await tab('Subscription Plans');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Premium Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    expect(field(dialog, /Plan Name/).value).toBe('Premium Plan');
    fireEvent.change(field(dialog, /Monthly Price/), { target: { value: '349' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    await toastText('alert', 'There is already a plan for the free tier');
    expect(spy('UpdatePlan')).toHaveBeenCalledWith({
      id: 'p2',
      input: expect.objectContaining({
        monthlyPrice: '349',
        memberLimit: 50000,
        features: ['Up to 50,000 members', 'Priority support'],
        sortOrder: 1,
      }),
    });
    expect(screen.getByRole('dialog', { name: 'Edit Plan' })).toBeTruthy();
  });

  it('asks before deleting, then toasts; a plan in use is refused with the message', async () => {
    let refuse = false;
    const { spy } = openDashboard({
      DeletePlan: (v) =>
        refuse
          ? { errors: [{ message: 'This plan cannot be deleted while companies are subscribed to it', extensions: { code: 'IN_USE' } }] }
          : { data: { deletePlan: v.id } },
    });
    await tab('Subscription Plans');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Enterprise' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this plan?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await toastText('status', 'Subscription plan deleted successfully');
    expect(spy('DeletePlan')).toHaveBeenCalledWith({ id: 'p3' });

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Premium Plan' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await toastText('alert', 'This plan cannot be deleted while companies are subscribed to it');
  });
});

describe('/super-admin: System Settings', { timeout: 30_000 }, () => {
  it("lists settings with '-' for no description and structured values as JSON", async () => {
    openDashboard();
    await tab('System Settings');
    const row = (await screen.findByText('support.email')).closest('tr') as HTMLElement;
    expect(within(row).getByText('-')).toBeTruthy();
    expect(within(row).getByText('general')).toBeTruthy();
    const smtp = screen.getByText('smtp').closest('tr') as HTMLElement;
    expect(within(smtp).getByText('{"host":"mail","port":587}')).toBeTruthy();
  });

  it('Add Setting opens the form on the System Settings tab: messages, then save, toast and close', async () => {
    const { spy } = openDashboard({
      SaveSystemSetting: (v) => ({ data: { saveSystemSetting: systemSetting({ id: 's9', ...(v.input as object) }) } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Setting' }));
    const form = await screen.findByRole('form', { name: 'Add system setting' });
    expect(screen.getByRole('tab', { name: 'System Settings' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Setting' }));
    expect(await within(form).findByText('Setting key is required')).toBeTruthy();
    expect(within(form).getByText('Setting value is required')).toBeTruthy();

    fireEvent.change(field(form, /Setting Key/), { target: { value: 'retries' } });
    fireEvent.change(field(form, /^Value/), { target: { value: '{"count": 3}' } });
    fireEvent.click(within(form).getByRole('button', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'integrations' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Setting' }));
    await toastText('status', 'System setting created successfully');
    expect(spy('SaveSystemSetting')).toHaveBeenCalledWith({ input: { key: 'retries', value: { count: 3 }, category: 'integrations' } });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add system setting' })).toBeNull());
  });

  it('edits a setting with its key kept and its value as text or JSON, and deletes one after asking (issue #25)', async () => {
    const { spy } = openDashboard({
      SaveSystemSetting: (v) => ({ data: { saveSystemSetting: systemSetting({ id: 's2', ...(v.input as object) }) } }),
      DeleteSystemSetting: (v) => ({ data: { deleteSystemSetting: String(v.id) } }),
    });
    await tab('System Settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit smtp' }));
    const form = await screen.findByRole('form', { name: 'Edit system setting smtp' });
    expect(field(form, /Setting Key/).readOnly).toBe(true);
    expect(field(form, /^Value/).value).toBe('{"host":"mail","port":587}');
    fireEvent.change(field(form, /^Value/), { target: { value: '{"host": "mail", "port": 465}' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Setting' }));
    await toastText('status', 'System setting updated successfully');
    expect(spy('SaveSystemSetting')).toHaveBeenCalledWith({
      input: { key: 'smtp', value: { host: 'mail', port: 465 }, category: 'integrations', description: 'Mail server' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete support.email' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await toastText('status', 'System setting deleted successfully');
    expect(spy('DeleteSystemSetting')).toHaveBeenCalledWith({ id: 's1' });
  });
});

describe('the dashboard wording', () => {
  it('maps severities to the badge tones and resolution to the status', () => {
    expect(['critical', 'warning', 'info', 'other'].map(severityTone)).toEqual(['danger', 'neutral', 'primary', 'primary']);
    expect([complianceStatus(null), complianceStatus('2026-01-01T00:00:00Z')]).toEqual(['Open', 'Resolved']);
  });

  it('reads a typed value as text unless it is a JSON object or list', () => {
    expect(settingValueInput('plain text')).toBe('plain text');
    expect(settingValueInput(' [1, 2] ')).toEqual([1, 2]);
    expect(settingValueInput('{broken')).toBe('{broken');
    expect(settingValueText({ a: 1 })).toBe('{"a":1}');
  });

  it('filters companies by name or email, and status', () => {
    const a = { id: '1', name: 'Alpha', email: 'x@alpha.co.za', cipNumber: '', isActive: true, suspensionReason: null, createdAt: '' };
    const b = { ...a, id: '2', name: 'Beta', email: null, isActive: false };
    expect(filterCompanies([a, b], 'ALPHA.CO', 'all').map((c) => c.id)).toEqual(['1']);
    expect(filterCompanies([a, b], '', 'suspended').map((c) => c.id)).toEqual(['2']);
  });
});

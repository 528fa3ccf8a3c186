import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { agentSummary, agentsCsv, agentsFileName, formatThousands } from './agentFigures';
import { agent, AGENTS } from './agents.fixtures';

type Answer = (variables: Record<string, unknown>) => GraphQLAnswer;

function openAgents({
  role = 'administrator',
  agents = AGENTS,
  update,
  register,
}: {
  role?: string;
  agents?: unknown[];
  update?: Answer;
  register?: Answer;
} = {}) {
  const updateSpy = vi.fn(
    update ?? ((v: Record<string, unknown>) => ({ data: { updateAgent: agent({ id: String(v.id), ...(v.input as object) }) } })),
  );
  const registerSpy = vi.fn(
    register ?? ((v: Record<string, unknown>) => ({ data: { registerAgent: agent({ id: 'a9', ...(v.input as object) }) } })),
  );
  renderApp(
    '/agents',
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'Agents') return { data: { agents } };
      if (name === 'Activities') return { data: { activities: [] } };
      if (name === 'UpdateAgent') return updateSpy(variables);
      if (name === 'RegisterAgent') return registerSpy(variables);
      return { data: null };
    }),
  );
  return { updateSpy, registerSpy };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const figure = (label: string) =>
  plain(within(screen.getByRole('region', { name: 'Agent figures' })).getByText(label).nextElementSibling?.textContent);
const field = (root: HTMLElement, label: string) => within(root).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const type = (root: HTMLElement, label: string, value: string) => fireEvent.change(field(root, label), { target: { value } });

describe('agent figures (spec part 2 §2 Agents)', () => {
  it('shows the total target in thousands with a k suffix and the average commission to one decimal', () => {
    expect(plain(formatThousands(150000))).toBe('R 150k');
    expect(plain(formatThousands(12500))).toBe('R 12,5k');
    expect(plain(formatThousands(0))).toBe('R 0k');
    const summary = agentSummary([
      agent({ commissionRate: 5 }),
      agent({ commissionRate: 7.5 }),
      agent({ commissionRate: 10.25, status: 'inactive' }),
    ]);
    expect(summary.averageCommission).toBe('7,6%');
    expect(summary.activeAgents).toBe('2');
    expect(agentSummary([]).averageCommission).toBe('0,0%');
  });

  it('exports one row per agent under a dated name', () => {
    const [header, first] = agentsCsv(AGENTS).split('\r\n');
    expect(header).toBe(
      'Agent ID,First Name,Last Name,Email,Phone,ID Number,Region,Supervisor,Commission Rate (%),Sales Target,Clients Onboarded,Policies Sold,Sales This Month,Total Commissions,Status,Created',
    );
    expect(first).toBe(
      'AGT001,Lwazi,Mthembu,lwazi@example.co.za,0821234567,,Gauteng,Precious Mahlangu,5,50000.00,4,6,1200,360.50,active,2025-03-01',
    );
    expect(agentsFileName(new Date(2025, 5, 9, 10))).toBe('agents-2025-06-09.csv');
  });
});

describe('/agents for an administrator', { timeout: 30_000 }, () => {
  it('is Agent Management with every control and the summary cards', async () => {
    openAgents();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Management' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Lwazi Mthembu' });
    expect(screen.getByRole('button', { name: 'Add Agent' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Lwazi Mthembu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Lwazi Mthembu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate Lwazi Mthembu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate Zanele Dube' })).toBeTruthy();
    expect(figure('Total Agents')).toBe('2');
    expect(figure('Active Agents')).toBe('1');
    expect(figure('Clients Onboarded')).toBe('5');
    expect(figure('Total Target')).toBe('R 150k');
    expect(figure('Avg. Commission')).toBe('7,5%');
  });

  it('switches between grid and table, and activates or deactivates the selection with one update per agent', async () => {
    const { updateSpy } = openAgents();
    await screen.findByRole('heading', { name: 'Lwazi Mthembu' });
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('checkbox', { name: 'Select Zanele Dube' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lwazi Mthembu' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Selected' }));
    // Only the agent that is not inactive already needs an update.
    await waitFor(() => expect(updateSpy).toHaveBeenCalledTimes(1));
    expect(updateSpy).toHaveBeenCalledWith({ id: 'a1', input: { status: 'inactive' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Lwazi Mthembu is now Inactive.'));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Lwazi Mthembu' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Zanele Dube' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Activate Selected' }));
    await waitFor(() => expect(updateSpy).toHaveBeenCalledTimes(2));
    expect(updateSpy).toHaveBeenLastCalledWith({ id: 'a2', input: { status: 'active' } });
  });

  it('asks for credentials only when adding, with the messages of §5, and sends the numbers as numbers', async () => {
    const { registerSpy, updateSpy } = openAgents();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Agent' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid email is required',
      'Phone number is required',
      'Agent ID is required',
      'Commission rate is required',
      'Sales target is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    type(dialog, 'First name', 'Ayanda');
    type(dialog, 'Last name', 'Zulu');
    type(dialog, 'Email', 'ayanda@example.co.za');
    type(dialog, 'Phone number', '0731234567');
    type(dialog, 'Agent ID', 'AGT003');
    type(dialog, 'Commission rate (%)', '7.5');
    type(dialog, 'Monthly sales target (R)', '40000');
    type(dialog, 'Username', 'ay');
    type(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    expect(await within(dialog).findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeTruthy();
    type(dialog, 'Username', 'ayanda');
    type(dialog, 'Password', 'secret123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    await waitFor(() => expect(registerSpy).toHaveBeenCalledTimes(1));
    expect(registerSpy.mock.calls[0]![0]).toEqual({
      input: {
        firstName: 'Ayanda',
        lastName: 'Zulu',
        email: 'ayanda@example.co.za',
        phone: '0731234567',
        agentId: 'AGT003',
        commissionRate: 7.5,
        salesTarget: 40000,
        idNumber: null,
        supervisorName: null,
        region: null,
        notes: null,
        username: 'ayanda',
        password: 'secret123',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Zanele Dube' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Agent' });
    expect(within(edit).queryByLabelText('Username')).toBeNull();
    expect(within(edit).queryByLabelText('Password')).toBeNull();
    expect(field(edit, 'Commission rate (%)').value).toBe('10');
    type(edit, 'Region (optional)', 'KwaZulu-Natal');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(updateSpy).toHaveBeenCalledTimes(1));
    expect(updateSpy.mock.calls[0]![0]).toMatchObject({
      id: 'a2',
      input: { region: 'KwaZulu-Natal', commissionRate: 10, salesTarget: 100000 },
    });
    expect((updateSpy.mock.calls[0]![0] as { input: object }).input).not.toHaveProperty('status');
  });
});

describe('/agents for an agent', { timeout: 30_000 }, () => {
  it('is Team Performance with its own record and none of the controls, in either view', async () => {
    openAgents({ role: 'agent', agents: [AGENTS[0]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Performance' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Lwazi Mthembu' });
    const none = () => {
      for (const name of [
        'Add Agent',
        'Export',
        'Edit Lwazi Mthembu',
        'Deactivate Lwazi Mthembu',
        'Activate Selected',
        'Deactivate Selected',
      ]) {
        expect(screen.queryByRole('button', { name })).toBeNull();
      }
      expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    };
    none();
    expect(figure('Total Target')).toBe('R 50k');
    expect(figure('Avg. Commission')).toBe('5,0%');
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Actions');
    none();
  });
});

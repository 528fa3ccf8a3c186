import { POLICY_TYPE_MESSAGES } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { policyTypeFixture } from '../members/members.fixtures';
import { CALENDAR_RULE_HELP, WAITING_PERIOD_HELP } from './PolicyTypeDialog';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function openPolicyTypes(
  types: unknown[],
  create: (v: Record<string, unknown>) => GraphQLAnswer = () => ({ data: { createPolicyType: policyTypeFixture({ id: 'new' }) } }),
) {
  const createSpy = vi.fn(create);
  renderApp(
    '/policy-types',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'PolicyTypes') return { data: { policyTypes: types } };
      if (name === 'CreatePolicyType') return createSpy(variables);
      return { data: null };
    }),
  );
  return createSpy;
}

describe('/policy-types', { timeout: 20_000 }, () => {
  it('shows each type as a card with cover, premium, waiting period and its tag', async () => {
    openPolicyTypes([
      policyTypeFixture(),
      policyTypeFixture({ id: 'pt2', name: 'Basic', description: null, waitingPeriod: 1, isActive: false }),
    ]);
    const card = (await screen.findByRole('heading', { name: 'Family Cover' })).closest('article')!;
    expect(plain(card.textContent)).toContain('R 50 000,00');
    expect(plain(card.textContent)).toContain('R 299,00/month');
    expect(card.textContent).toContain('6 months');
    expect(within(card).getByText('Active')).toBeTruthy();
    const basic = screen.getByRole('heading', { name: 'Basic' }).closest('article')!;
    expect(within(basic).getByText('Inactive')).toBeTruthy();
    expect(basic.textContent).toContain('1 month');
  });

  it("shows 'No policy types yet' and opens the form with the defaults 50000 / 299 / 6", async () => {
    const create = openPolicyTypes([]);
    expect(await screen.findByText('No policy types yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Policy Type' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Policy Type' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Coverage amount (R)').value).toBe('50000');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Monthly premium (R)').value).toBe('299');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Waiting period (months)').value).toBe('6');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /Active/ }).checked).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('Waiting period (months)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    expect(await within(dialog).findByText(POLICY_TYPE_MESSAGES.name)).toBeTruthy();
    expect(within(dialog).getByText(POLICY_TYPE_MESSAGES.waitingPeriodMax)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Gold Cover' } });
    fireEvent.change(within(dialog).getByLabelText('Waiting period (months)'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toEqual({
      input: {
        name: 'Gold Cover',
        description: null,
        coverageAmount: '50000',
        monthlyPremium: '299',
        waitingPeriod: 3,
        isActive: true,
        graceDays: 15,
        lapseAfterMissed: 1,
        reinstatementMonths: 3,
        benefits: [],
        suicideWaitingMonths: 12,
        onMainMemberDeath: 'end_policy',
      },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Policy type created successfully'));
  });

  it("shows each type's calendar rules on its card", async () => {
    openPolicyTypes([policyTypeFixture({ graceDays: 30, lapseAfterMissed: 2, reinstatementMonths: 0 })]);
    const card = (await screen.findByRole('heading', { name: 'Family Cover' })).closest('article')!;
    expect(card.textContent).toContain('30 days');
    expect(card.textContent).toContain('2 missed premiums');
    expect(card.textContent).toContain('No window');
  });

  it("has the calendar's three rules with their help text, refuses a grace period under 15 days with rule 15A's words, and sends them", async () => {
    const create = openPolicyTypes([]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Policy Type' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Policy Type' });
    const grace = within(dialog).getByLabelText<HTMLInputElement>('Grace period (days)');
    const lapse = within(dialog).getByLabelText<HTMLInputElement>('Lapse after (missed premiums)');
    const reinstatement = within(dialog).getByLabelText<HTMLInputElement>('Reinstatement window (months)');
    expect([grace.value, lapse.value, reinstatement.value]).toEqual(['15', '1', '3']);
    expect(within(dialog).getByText(CALENDAR_RULE_HELP.graceDays)).toBeTruthy();
    expect(CALENDAR_RULE_HELP.graceDays).toContain('rule 15A');
    expect(within(dialog).getByText(CALENDAR_RULE_HELP.lapseAfterMissed)).toBeTruthy();
    expect(within(dialog).getByText(CALENDAR_RULE_HELP.reinstatementMonths)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Gold Cover' } });
    fireEvent.change(grace, { target: { value: '14' } });
    fireEvent.change(lapse, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    expect(await within(dialog).findByText(POLICY_TYPE_MESSAGES.graceDaysMin)).toBeTruthy();
    expect(POLICY_TYPE_MESSAGES.graceDaysMin).toBe('Grace period must be at least 15 days (Policyholder Protection Rules, rule 15A)');
    expect(within(dialog).getByText(POLICY_TYPE_MESSAGES.lapseAfterMissed)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(grace, { target: { value: '21' } });
    fireEvent.change(lapse, { target: { value: '2' } });
    fireEvent.change(reinstatement, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({ input: { graceDays: 21, lapseAfterMissed: 2, reinstatementMonths: 6 } });
  });

  it('has the suicide waiting period (issue #22) with the 6-month natural rule explained, refuses over 24 and sends it', async () => {
    const create = openPolicyTypes([]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Policy Type' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Policy Type' });
    const suicide = within(dialog).getByLabelText<HTMLInputElement>('Suicide waiting period (months)');
    expect(suicide.value).toBe('12');
    expect(within(dialog).getByText(WAITING_PERIOD_HELP.waitingPeriod)).toBeTruthy();
    expect(WAITING_PERIOD_HELP.waitingPeriod).toContain('at most 6 months');
    fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Gold Cover' } });
    fireEvent.change(suicide, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    expect(await within(dialog).findByText(POLICY_TYPE_MESSAGES.suicideWaitingMonths)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(suicide, { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({ input: { suicideWaitingMonths: 24 } });
  });

  it("a refusal toasts 'Failed to create policy type' with the message", async () => {
    openPolicyTypes([], () => ({ errors: [{ message: 'A policy type with this name already exists' }] }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Policy Type' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Policy Type' });
    fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Gold Cover' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to create policy type'));
    expect(screen.getByRole('alert').textContent).toContain('A policy type with this name already exists');
  });

  it('edits a benefit table: starts from a family plan, refuses overlapping bands under the table, sends the rows, shows them on the card', async () => {
    const create = openPolicyTypes([]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Policy Type' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Policy Type' });
    fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Family Plan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start from a family plan' }));
    const row4 = within(dialog).getByRole('group', { name: 'Benefit row 4' });
    fireEvent.change(within(row4).getByLabelText(/Age from/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    expect(await within(dialog).findByText('Child age bands 0–5 and 3–21 overlap')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(within(row4).getByLabelText(/Age from/), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove benefit row 5' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Policy Type' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const sent = (create.mock.calls[0]![0] as { input: { benefits: unknown[] } }).input.benefits;
    expect(sent).toHaveLength(4);
    expect(sent[3]).toEqual({ relationship: 'child', minAge: 6, maxAge: 21, coverAmount: '15000', monthlyPremium: '20' });

    openPolicyTypes([
      policyTypeFixture({
        benefits: [
          { relationship: 'main_member', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '150' },
          { relationship: 'child', minAge: 0, maxAge: 5, coverAmount: '10000', monthlyPremium: '15' },
        ],
      }),
    ]);
    const card = (await screen.findByRole('heading', { name: 'Family Cover' })).closest('article')!;
    const table = within(card).getByRole('table', { name: 'Cover per life' });
    expect(plain(within(table).getByRole('row', { name: /Child/ }).textContent)).toBe('Child0–5R 10 000,00R 15,00');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp, renderWithProviders } from '../../test/render';
import { AssignLineForm } from './AssignLineDialog';
import { columnsRequest } from './statement.api';
import type { StatementColumns, UnmatchedLine } from './statement.operations';
import { StatementColumnsForm } from './StatementColumnsForm';

const LINE: UnmatchedLine = {
  statementId: 's1',
  line: 6,
  date: '2026-02-04',
  description: 'DEPOSIT NKOSI',
  reference: 'cash',
  amount: '120.00',
  state: 'unmatched',
  suggestions: [{ policyId: 'p3', policyNumber: 'POL-2026-000003', reason: 'Surname Nkosi and the premium R 120.00' }],
};
const gqlLine = (line: UnmatchedLine) => ({
  __typename: 'StatementLine',
  ...line,
  suggestions: line.suggestions.map((s) => ({ __typename: 'StatementLineSuggestion', ...s })),
});

const POLICIES = {
  data: {
    policies: {
      __typename: 'PolicyConnection',
      nodes: [{ __typename: 'Policy', id: 'p1', policyNumber: 'POL-2026-000001', memberName: 'Sipho Mthembu', status: 'active' }],
      totalCount: 1,
    },
  },
};

function handler(extra: (name: string, v: Record<string, unknown>) => GraphQLAnswer | null = () => null) {
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const answer = sessionHandler(testUser({ role: 'billing_clerk' }), (name, variables) => {
    calls.push({ name, variables });
    const found = extra(name, variables);
    if (found) return found;
    if (name === 'PolicyPicker') return POLICIES;
    if (name === 'AssignStatementLine') return { data: { assignStatementLine: { ...gqlLine(LINE), state: 'assigned' } } };
    return { data: null };
  });
  return { calls, answer };
}

const field = (form: HTMLElement, label: RegExp) => within(form).getByRole<HTMLInputElement>('textbox', { name: label });

afterEach(() => vi.restoreAllMocks());

describe('the Assign dialog', { timeout: 30_000 }, () => {
  it('prefills from a suggestion and sends nothing until saved', async () => {
    const { calls, answer } = handler();
    const onDone = vi.fn();
    renderWithProviders(<AssignLineForm line={LINE} suggestion={LINE.suggestions[0]} onDone={onDone} onCancel={() => {}} />, answer);
    const form = await screen.findByRole('form', { name: 'Assign the credit' });
    expect(within(within(form).getByRole('listitem', { name: 'Policy' })).getByText('POL-2026-000003')).toBeTruthy();
    expect(field(form, /Amount/).value).toBe('120.00');
    expect(calls.some((c) => c.name === 'AssignStatementLine')).toBe(false);

    fireEvent.click(within(form).getByRole('button', { name: 'Assign Credit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'AssignStatementLine')?.variables).toEqual({
        id: 's1',
        input: { line: 6, allocations: [{ policyId: 'p3', amount: '120.00' }], note: null },
      }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('splits over two policies, refusing amounts that do not add up in the shared schema’s words', async () => {
    const { calls, answer } = handler();
    renderWithProviders(<AssignLineForm line={LINE} onDone={() => {}} onCancel={() => {}} />, answer);
    const form = await screen.findByRole('form', { name: 'Assign the credit' });
    // The row starts with the whole credit and no policy: the schema's own messages.
    fireEvent.click(within(form).getByRole('button', { name: 'Assign Credit' }));
    expect(await within(form).findByText('Choose the policy')).toBeTruthy();
    fireEvent.change(field(form, /Amount/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign Credit' }));
    expect(await within(form).findByText('Amount is required')).toBeTruthy();

    // The suggestion (one click) fills the empty row with the whole credit; the clerk keeps 100 of it.
    fireEvent.click(within(form).getByRole('button', { name: 'Use POL-2026-000003' }));
    expect(field(form, /Amount/).value).toBe('120.00');
    fireEvent.change(field(form, /Amount/), { target: { value: '100' } });
    expect(form.textContent).toContain('left');
    fireEvent.click(within(form).getByRole('button', { name: 'Assign Credit' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("The amounts must add up to the line's R 120.00");
    expect(calls.some((c) => c.name === 'AssignStatementLine')).toBe(false);

    // Split: the second row starts with what is left, on a policy picked by searching.
    fireEvent.click(within(form).getByRole('button', { name: 'Split over another policy' }));
    expect(field(form, /Policy 2: Amount/).value).toBe('20.00');
    const picker = within(form).getByRole('combobox', { name: 'Policy 2' });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'Mthembu' } });
    fireEvent.click(await screen.findByRole('option', { name: 'POL-2026-000001 — Sipho Mthembu' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Note/ }), { target: { value: 'Two policies, one family' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign Credit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'AssignStatementLine')?.variables).toEqual({
        id: 's1',
        input: {
          line: 6,
          allocations: [
            { policyId: 'p3', amount: '100' },
            { policyId: 'p1', amount: '20.00' },
          ],
          note: 'Two policies, one family',
        },
      }),
    );
  });
});

const SAVED: StatementColumns = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  amount: 'Amount',
  credit: null,
  debit: null,
  dateFormat: 'YYYY/MM/DD',
};

describe('the statement columns form', { timeout: 30_000 }, () => {
  it('reads the header row from the server’s refusal', () => {
    expect(
      columnsRequest(
        "Choose which columns of your bank's statement hold the date, description, reference and amount (Collections settings). The file's header row is: When, What, Ref, Value.",
      ),
    ).toEqual({ headers: ['When', 'What', 'Ref', 'Value'] });
    expect(columnsRequest('The file is not UTF-8 text')).toBeNull();
  });

  it('starts from the saved columns as free text and saves them through the shared schema', async () => {
    const { calls, answer } = handler((name, v) =>
      name === 'SetStatementColumns'
        ? { data: { setStatementColumns: { __typename: 'StatementColumns', ...SAVED, ...(v.input as object) } } }
        : null,
    );
    const onSaved = vi.fn();
    renderWithProviders(<StatementColumnsForm saved={SAVED} headers={[]} onSaved={onSaved} />, answer);
    const form = await screen.findByRole('form', { name: 'Statement columns' });
    expect(field(form, /Date column/).value).toBe('Date');
    expect(field(form, /Amount column/).value).toBe('Amount');

    // Money in and out: the schema's message lands on money in.
    fireEvent.click(within(form).getByRole('radio', { name: /Money in and money out/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Columns' }));
    expect(
      await within(form).findByText('Choose one amount column, or the money-in column (and the money-out column if there is one)'),
    ).toBeTruthy();
    fireEvent.change(field(form, /Money in column/), { target: { value: 'Credits(R)' } });
    fireEvent.change(field(form, /Money out column/), { target: { value: 'Debits(R)' } });
    fireEvent.change(field(form, /Description column/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Columns' }));
    expect(await within(form).findByText('Name the column as it is written in the statement’s header row')).toBeTruthy();
    fireEvent.change(field(form, /Description column/), { target: { value: 'Narrative' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Columns' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'SetStatementColumns')?.variables).toEqual({
        input: {
          date: 'Date',
          description: 'Narrative',
          reference: 'Reference',
          amount: null,
          credit: 'Credits(R)',
          debit: 'Debits(R)',
          dateFormat: 'YYYY/MM/DD',
        },
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('offers the file’s header names when the server asks to choose', async () => {
    const { calls, answer } = handler((name) =>
      name === 'SetStatementColumns' ? { data: { setStatementColumns: { __typename: 'StatementColumns', ...SAVED } } } : null,
    );
    renderWithProviders(<StatementColumnsForm saved={null} headers={['When', 'What', 'Ref', 'Value']} onSaved={() => {}} />, answer);
    const form = await screen.findByRole('form', { name: 'Statement columns' });
    const choose = async (label: RegExp, option: string) => {
      fireEvent.click(within(form).getByRole('button', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    fireEvent.click(within(form).getByRole('button', { name: /Date column/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['When', 'What', 'Ref', 'Value']);
    fireEvent.click(screen.getByRole('option', { name: 'When' }));
    await choose(/Date format/, 'DD/MM/YYYY');
    await choose(/Description column/, 'What');
    await choose(/Reference column/, 'Ref');
    await choose(/Amount column/, 'Value');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Columns' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'SetStatementColumns')?.variables).toEqual({
        input: {
          date: 'When',
          description: 'What',
          reference: 'Ref',
          amount: 'Value',
          credit: null,
          debit: null,
          dateFormat: 'DD/MM/YYYY',
        },
      }),
    );
  });
});

const MONTH = {
  __typename: 'CollectionMonth',
  month: '2026-02',
  presented: 0,
  collected: 0,
  unpaid: 0,
  disputes: 0,
  collectionRate: 0,
  unpaidRate: 0,
  disputeRate: 0,
};
const OVERVIEW = { __typename: 'CollectionsOverview', asOf: '2026-02-06', upcoming: [], months: [MONTH], thisMonth: MONTH };

describe('/collections: the bank statement and the unmatched queue', { timeout: 30_000 }, () => {
  const page = (role = 'billing_clerk') => {
    const calls: { name: string; variables: Record<string, unknown> }[] = [];
    renderApp(
      '/collections',
      sessionHandler(testUser({ role }), (name, variables) => {
        calls.push({ name, variables });
        if (name === 'CollectionsOverview') return { data: { collectionsOverview: OVERVIEW } };
        if (name === 'CollectionBatches') return { data: { collectionBatches: [] } };
        if (name === 'CollectionResultFiles') return { data: { collectionResultFiles: [] } };
        if (name === 'CollectionWorkItems') return { data: { collectionWorkItems: [] } };
        if (name === 'CollectionUnmatched') return { data: { collectionUnmatched: [gqlLine(LINE)] } };
        if (name === 'StatementColumns') return { data: { statementColumns: null } };
        if (name === 'BankStatements')
          return {
            data: {
              bankStatements: [
                {
                  __typename: 'BankStatement',
                  statementId: 's1',
                  fileName: 'fnb-feb.csv',
                  format: 'csv',
                  importedOn: '2026-02-06',
                  credits: 4,
                  matched: 2,
                  unmatched: 2,
                  duplicates: 0,
                  debitsIgnored: 1,
                },
              ],
            },
          };
        return { data: null };
      }),
    );
    return calls;
  };

  it('sends the statement as it is; a refusal asking for the columns opens the form with the header names', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          message:
            "Choose which columns of your bank's statement hold the date, description, reference and amount (Collections settings). The file's header row is: When, What, Ref, Value.",
        }),
        { status: 400 },
      ),
    );
    page();
    const section = await screen.findByRole('region', { name: 'Bank statement' });
    expect((await within(section).findByRole('table', { name: 'Bank statements taken in' })).textContent).toContain('fnb-feb.csv');
    const file = new File(['When,What,Ref,Value\n'], 'odd.csv', { type: 'text/csv' });
    fireEvent.change(section.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });
    const form = await within(section).findByRole('form', { name: 'Statement columns' });
    expect(within(section).getByRole('alert').textContent).toContain('When, What, Ref, Value');
    fireEvent.click(within(form).getByRole('button', { name: /Date column/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['When', 'What', 'Ref', 'Value']);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/collections/statements');
    expect(init).toMatchObject({ method: 'POST', body: file, headers: expect.objectContaining({ 'X-File-Name': 'odd.csv' }) });
  });

  it('opens Assign filled in from a suggestion in the queue, and Not a premium asks for a reason', async () => {
    const calls = page();
    const queue = await screen.findByRole('region', { name: 'Unmatched credits' });
    fireEvent.click(await within(queue).findByRole('button', { name: 'Assign to POL-2026-000003' }));
    const dialog = await screen.findByRole('dialog', { name: /^Assign the credit of R/ });
    expect(within(within(dialog).getByRole('listitem', { name: 'Policy' })).getByText('POL-2026-000003')).toBeTruthy();
    expect(calls.some((c) => c.name === 'AssignStatementLine')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(queue).getByRole('button', { name: 'Not a premium' }));
    const dismiss = await screen.findByRole('dialog', { name: /^Not a premium/ });
    fireEvent.click(within(dismiss).getByRole('button', { name: 'Not a Premium' }));
    expect(await within(dismiss).findByText('Say why this credit is not a premium')).toBeTruthy();
    expect(calls.some((c) => c.name === 'DismissStatementLine')).toBe(false);
  });

  it('shows an auditor the queue and the statements without the actions', async () => {
    page('auditor');
    const queue = await screen.findByRole('region', { name: 'Unmatched credits' });
    expect(await within(queue).findByText('POL-2026-000003')).toBeTruthy();
    expect(within(queue).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import statement' })).toBeNull();
  });
});

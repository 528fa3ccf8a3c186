import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { importSummary } from './ImportResultsSection';

const month = (m: string, over: Record<string, unknown> = {}) => ({
  __typename: 'CollectionMonth',
  month: m,
  presented: 40,
  collected: 36,
  unpaid: 4,
  disputes: 0,
  collectionRate: 90,
  unpaidRate: 10,
  disputeRate: 0,
  ...over,
});

const BATCH = {
  __typename: 'CollectionBatch',
  id: 'b1',
  debitDate: '2026-02-01',
  createdOn: '2026-01-25',
  generationNumber: 1,
  count: 2,
  total: '240.00',
  collected: 1,
  collectedTotal: '120.00',
  unpaid: 1,
  unpaidTotal: '120.00',
  disputes: 0,
  pending: 0,
};

const OVERVIEW = {
  __typename: 'CollectionsOverview',
  asOf: '2026-02-03',
  upcoming: [
    { __typename: 'UpcomingDebit', debitDate: '2026-02-05', count: 3, amount: '360.00', batchId: null },
    { __typename: 'UpcomingDebit', debitDate: '2026-02-07', count: 1, amount: '95.00', batchId: 'b2' },
  ],
  months: [month('2026-01'), month('2026-02', { presented: 2, collected: 1, unpaid: 1, collectionRate: 50, unpaidRate: 50 })],
  thisMonth: month('2026-02', { presented: 2, collected: 1, unpaid: 1, collectionRate: 50, unpaidRate: 50 }),
};

function openCollections(role: string, extra: (name: string, v: Record<string, unknown>) => GraphQLAnswer | null = () => null) {
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  renderApp(
    '/collections',
    sessionHandler(testUser({ role }), (name, variables) => {
      calls.push({ name, variables });
      const answer = extra(name, variables);
      if (answer) return answer;
      if (name === 'CollectionsOverview') return { data: { collectionsOverview: OVERVIEW } };
      if (name === 'CollectionBatches') return { data: { collectionBatches: [BATCH] } };
      if (name === 'CollectionResultFiles')
        return {
          data: {
            collectionResultFiles: [
              {
                __typename: 'CollectionResultFile',
                fileId: 'f1',
                fileName: 'results-feb.csv',
                importedOn: '2026-02-03',
                lines: 3,
                collected: 1,
                unpaid: 1,
                duplicates: 0,
                unmatched: [
                  {
                    __typename: 'UnmatchedResultLine',
                    line: 4,
                    reference: 'XYZ-9',
                    amount: '5.00',
                    status: 'collected',
                    unpaidCode: null,
                    date: '2026-02-01',
                    reason: 'Not a batch debit',
                  },
                ],
              },
            ],
          },
        };
      if (name === 'CollectionWorkItems')
        return {
          data: {
            collectionWorkItems: [
              {
                __typename: 'CollectionWorkItem',
                batchId: 'b1',
                policyId: 'p2',
                policyNumber: 'POL-2026-000002',
                kind: 'deceased',
                unpaidCode: '18',
                raisedOn: '2026-02-01',
              },
            ],
          },
        };
      if (name === 'CollectionBatch')
        return {
          data: {
            collectionBatch: {
              __typename: 'CollectionBatchDetail',
              batch: BATCH,
              items: [
                {
                  __typename: 'CollectionBatchItem',
                  policyId: 'p1',
                  policyNumber: 'POL-2026-000001',
                  mandateReference: 'MND-1',
                  periods: ['2026-02'],
                  amount: '120.00',
                  outcome: 'collected',
                  outcomeOn: '2026-02-01',
                  unpaidCode: null,
                  unpaidMeaning: null,
                },
                {
                  __typename: 'CollectionBatchItem',
                  policyId: 'p2',
                  policyNumber: 'POL-2026-000002',
                  mandateReference: 'MND-2',
                  periods: ['2026-02'],
                  amount: '120.00',
                  outcome: 'unpaid',
                  outcomeOn: '2026-02-01',
                  unpaidCode: '18',
                  unpaidMeaning: 'Account holder deceased',
                },
              ],
            },
          },
        };
      return { data: null };
    }),
  );
  return { calls };
}

const section = (name: string) => screen.findByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('import summary', () => {
  it('says each figure', () => {
    expect(importSummary({ fileId: 'f', collected: 1, unpaid: 1, unmatched: 0, duplicates: 0 })).toBe(
      '1 debit collected, 1 unpaid, 0 unmatched, 0 duplicates.',
    );
  });
});

describe('/collections', { timeout: 30_000 }, () => {
  it('shows this month, the next debit dates, the batches, the result files and the reported deceased', async () => {
    openCollections('billing_clerk');
    const month = await section('This month (Feb 2026)');
    expect(within(month).getByText('Unpaid Rate').closest('div')!.textContent).toContain('under 10 %');
    expect(within(month).getByText(/keep under 0.5 %/)).toBeTruthy();
    expect(within(month).getByRole('listitem', { name: /Jan 2026: 90,0% collected/ })).toBeTruthy();

    const upcoming = await section('Next debit dates');
    const first = within(upcoming).getByRole('listitem', { name: 'Debit date 2026-02-05' });
    expect(first.textContent).toContain('3 debits');
    expect(within(first).getByRole('button', { name: 'Create batch' })).toBeTruthy();
    expect(
      within(within(upcoming).getByRole('listitem', { name: 'Debit date 2026-02-07' })).getByRole('button', { name: 'Open batch' }),
    ).toBeTruthy();

    const batches = await section('Batches');
    const row = within(batches).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('01 Feb 2026');
    expect(within(row).getByRole('button', { name: 'Download CSV of the batch for 2026-02-01' })).toBeTruthy();

    const results = await section('Import results');
    expect(within(results).getByRole('button', { name: 'Import result file' })).toBeTruthy();
    expect(within(results).getByText('Not a batch debit')).toBeTruthy();
    const deceased = await section('Reported deceased');
    expect(within(deceased).getByText('POL-2026-000002')).toBeTruthy();
    expect(within(deceased).getByRole('button', { name: 'Statement of policy POL-2026-000002' })).toBeTruthy();
  });

  it('opens a batch: its debits with the outcome and the unpaid code’s meaning', async () => {
    openCollections('billing_clerk');
    fireEvent.click(await screen.findByRole('button', { name: 'Debits of the batch for 2026-02-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch for 01 Feb 2026' });
    const unpaid = (await within(dialog).findByText('MND-2')).closest('tr')!;
    expect(unpaid.textContent).toContain('18');
    expect(unpaid.textContent).toContain('Account holder deceased');
    expect(within(within(dialog).getByText('MND-1').closest('tr')!).getByText('Collected')).toBeTruthy();
  });

  it('creates the batch for a date and refuses a date the schema does not take', async () => {
    const { calls } = openCollections('billing_clerk', (name) =>
      name === 'CreateCollectionBatch' ? { data: { createCollectionBatch: { ...BATCH, id: 'b3', debitDate: '2026-02-05' } } } : null,
    );
    const upcoming = await section('Next debit dates');
    const form = within(upcoming).getByRole('form', { name: 'Create a batch for a date' });
    fireEvent.change(within(form).getByLabelText(/Debit date/), { target: { value: '2999-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create batch for date' }));
    expect(await within(form).findByText(/Debit date cannot be more than 2 months ahead/)).toBeTruthy();

    fireEvent.click(
      within(within(upcoming).getByRole('listitem', { name: 'Debit date 2026-02-05' })).getByRole('button', { name: 'Create batch' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'CreateCollectionBatch')?.variables).toEqual({ input: { debitDate: '2026-02-05' } }),
    );
    // The batch made opens with its debits.
    expect(await screen.findByRole('dialog', { name: 'Batch for 05 Feb 2026' })).toBeTruthy();
  });

  it('sends a result file as it is and says what it did; a refusal is shown in the server’s words', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ fileId: 'f2', collected: 1, unpaid: 1, unmatched: 0, duplicates: 0 }), { status: 200 }),
      );
    openCollections('billing_clerk');
    const results = await section('Import results');
    const input = results.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['reference,amount,status,unpaid_code,date\n'], 'results.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    const status = await within(results).findByRole('status');
    expect(status.textContent).toContain('1 debit collected, 1 unpaid, 0 unmatched, 0 duplicates.');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/collections/results');
    expect(init).toMatchObject({ method: 'POST', body: file, headers: expect.objectContaining({ 'X-File-Name': 'results.csv' }) });

    fetchSpy.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'The file is not UTF-8 text' }), { status: 400 }));
    fireEvent.change(input, { target: { files: [file] } });
    const alert = await within(results).findByRole('alert');
    expect(alert.textContent).toContain('The file is not UTF-8 text');
  });

  it('shows the server’s 422 when the ACB file is asked for without a collecting account', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Set up the collecting account (Collections settings) before downloading a bank file.' }), {
        status: 422,
      }),
    );
    openCollections('billing_clerk');
    fireEvent.click(await screen.findByRole('button', { name: 'Download ACB of the batch for 2026-02-01' }));
    const batches = await section('Batches');
    expect((await within(batches).findByRole('alert')).textContent).toContain('Set up the collecting account');
  });

  it('saves the settings, checking a part-filled collecting account with the shared schema', async () => {
    const { calls } = openCollections('administrator', (name, v) => {
      if (name === 'CollectionSettings')
        return { data: { collectionSettings: { __typename: 'CollectionSettings', includeArrears: false, account: null } } };
      if (name === 'SetCollectionSettings')
        return {
          data: {
            setCollectionSettings: {
              __typename: 'CollectionSettings',
              includeArrears: true,
              account: (v.input as { account: unknown }).account,
            },
          },
        };
      return null;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collection settings' });
    const form = await within(dialog).findByRole('form', { name: 'Collection settings' });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.change(within(form).getByRole('textbox', { name: /^User code/ }), { target: { value: 'UB' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(await within(form).findByText('User code must be the 4 letters or digits your bank gave you')).toBeTruthy();
    expect(within(form).getByText('Installation ID must be 4 digits')).toBeTruthy();
    expect(calls.some((c) => c.name === 'SetCollectionSettings')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: /^User code/ }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'SetCollectionSettings')?.variables).toEqual({ input: { includeArrears: true, account: null } }),
    );
  });

  it('shows an auditor the figures without the actions', async () => {
    openCollections('auditor');
    await section('Batches');
    expect(screen.queryByRole('button', { name: 'Create batch' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import result file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('is not open to a role without payments:read', async () => {
    openCollections('claim_admin');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { companyUser } from '../role-management/roleManagement.fixtures';
import { complianceReports, entry } from './audit.fixtures';
import { withArticle } from './EntityTimelineTab';

type Variables = Record<string, unknown>;

// jsdom has no layout: recharts observes a size that never comes (the figures are in the tables).
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const companyEvents = [
  entry({
    position: 1,
    version: 1,
    eventType: 'CompanyRegistered',
    title: 'Company registered',
    streamId: 'company-c1',
    entity: 'company',
    entityId: 'c1',
  }),
  entry({ position: 2, version: 1, eventType: 'ClaimSubmitted', title: 'Claim submitted', streamId: 'claim-cl1' }),
  entry({ position: 3, version: 2, eventType: 'ClaimApproved', title: 'Claim approved', streamId: 'claim-cl1', note: 'All in order' }),
];

function connection(nodes: typeof companyEvents, hasNextPage: boolean, totalCount: number) {
  return {
    data: {
      companyHistory: {
        __typename: 'CompanyHistoryConnection',
        edges: nodes.map((node) => ({ __typename: 'CompanyHistoryEdge', cursor: `c${node.position}`, node })),
        pageInfo: { __typename: 'AuditPageInfo', hasNextPage, endCursor: hasNextPage ? `c${nodes.at(-1)!.position}` : null },
        totalCount,
      },
    },
  };
}

function openAudit(extra: (name: string, variables: Variables) => GraphQLAnswer | undefined) {
  const calls: { name: string; variables: Variables }[] = [];
  renderApp(
    '/audit',
    sessionHandler(testUser(), (name, variables) => {
      calls.push({ name, variables });
      return extra(name, variables) ?? { data: null };
    }),
  );
  return (name: string) => calls.filter((c) => c.name === name).map((c) => c.variables);
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/audit tabs', { timeout: 30_000 }, () => {
  let downloads: { name: string; blob: Blob }[];
  beforeAll(async () => {
    await Promise.all([import('./AuditPage'), import('../../app/shell/AppShell')]);
  }, 60_000);
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    downloads = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:audit-${blobs.push(blob)}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: blobs[Number(this.href.split('-').pop()) - 1]! });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('pages through the company history, filters it by type, actor and dates, and exports it as CSV', async () => {
    const called = openAudit((name, v) => {
      if (name === 'CompanyEventTypes') return { data: { companyEventTypes: ['ClaimApproved', 'ClaimSubmitted', 'CompanyRegistered'] } };
      if (name === 'CompanyUsers')
        return {
          data: { companyUsers: [companyUser(), companyUser({ id: 'u2', firstName: 'Lerato', lastName: 'Mokoena', username: 'lerato' })] },
        };
      if (name !== 'CompanyHistory') return undefined;
      if (v.first === 500) return connection(companyEvents, false, 3);
      if (v.type === 'ClaimApproved') return connection([companyEvents[2]!], false, 1);
      return v.after === 'c2' ? connection([companyEvents[2]!], false, 3) : connection(companyEvents.slice(0, 2), true, 3);
    });
    await openTab('Company history');
    const table = await screen.findByRole('table', { name: 'Company history' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByText('Showing 3 of 3 events')).toBeTruthy();
    expect(within(table).getAllByRole('row')[3]!.textContent).toContain('All in order');
    expect(within(table).getByRole('link', { name: 'Timeline of claim cl1 (event 3)' }).getAttribute('href')).toBe(
      '/audit?entity=claim&id=cl1',
    );
    expect(called('CompanyHistory')).toContainEqual({
      type: null,
      actorId: null,
      from: null,
      to: null,
      first: 50,
      after: 'c2',
      companyId: null,
    });

    await choose(/Event type/, 'ClaimApproved');
    await choose(/Actor/, 'Lerato Mokoena (@lerato)');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06-30' } });
    await waitFor(() =>
      expect(called('CompanyHistory').at(-1)).toEqual({
        type: 'ClaimApproved',
        actorId: 'u2',
        // South African days: from the first day's midnight to the last day's end, as UTC instants
        from: '2025-05-31T22:00:00.000Z',
        to: '2025-06-30T21:59:59.999Z',
        first: 50,
        after: null,
        companyId: null,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^company-history-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(called('CompanyHistory').at(-1)).toMatchObject({ type: 'ClaimApproved', actorId: 'u2', first: 500, after: null });
    const rows = Papa.parse<string[]>(await downloads[0]!.blob.text(), { skipEmptyLines: true }).data;
    expect(rows.map((r) => r[2])).toEqual(['Event', 'CompanyRegistered', 'ClaimSubmitted', 'ClaimApproved']);
    expect(rows[3]![6]).toBe('All in order');
  });

  it('shows the compliance reports as tables', async () => {
    openAudit((name) => (name === 'ComplianceReports' ? { data: { complianceReports: complianceReports } } : undefined));
    await openTab('Compliance reports');
    const turnaround = await screen.findByRole('table', { name: 'Claims turnaround' });
    expect([...turnaround.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['May 2025', '4', '6.5', '12.1']);
    // Issue #23: decisions against the 2-business-day deadline, and rejections by reason in words.
    const decisions = screen.getByRole('table', { name: 'Claim decisions' });
    expect([...decisions.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual([
      'May 2025',
      '5',
      '1',
      '20.5',
      '51.2',
      '2',
      'Not covered by the policy: 1; Death within the waiting period: 1',
    ]);
    const ageing = screen.getByRole('table', { name: 'Claims ageing' });
    expect([...ageing.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['0-72', '90+1']);
    expect(screen.getByRole('table', { name: 'Lapse ratio' }).querySelector('tbody')!.textContent).toContain('5,0%');
    expect(screen.getByRole('table', { name: 'Policies in waiting period' }).textContent).toContain('POL-2025-000009');
    expect(screen.getByText('No suspended companies.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Permission changes' }).textContent).toContain('Precious Mahlangu (administrator)');
    const requests = screen.getByRole('table', { name: 'Personal-data requests' });
    expect(requests.textContent).toContain('Erasure refused');
    expect(requests.textContent).toContain('The person has an active policy (POL-2025-000009)');
  });

  it("exports a person's data as JSON, and shows the server's refusal of an erasure", async () => {
    const exported = {
      idNumber: '8001015009087',
      subjectIds: ['s1'],
      generatedAt: '2025-06-04T09:00:00.000Z',
      json: JSON.stringify({ person: { firstName: 'Sipho' }, policies: [] }),
    };
    const erase = vi
      .fn(
        (): GraphQLAnswer => ({
          data: {
            erasePersonalData: {
              erased: true,
              subjectIds: ['s1'],
              eventsAffected: 7,
              erasedAt: '2025-06-05T09:00:00.000Z',
              projectionsRebuilt: ['members', 'policies'],
            },
          },
        }),
      )
      .mockImplementationOnce(() => ({
        errors: [{ message: 'The person has an active policy (POL-2025-000009)', extensions: { code: 'LEGAL_HOLD' } }],
      }));
    const called = openAudit((name) => {
      if (name === 'DataSubjectExport') return { data: { dataSubjectExport: exported } };
      if (name === 'ErasePersonalData') return erase();
      return undefined;
    });
    await openTab('Personal data');
    fireEvent.click(await screen.findByRole('button', { name: 'Export personal data' }));
    expect(await screen.findByText('Enter the SA ID or passport number of the person')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SA ID or passport number'), { target: { value: '8001015009087' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export personal data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download JSON' }));
    expect(called('DataSubjectExport')).toEqual([{ idNumber: '8001015009087', companyId: null }]);
    expect(downloads[0]!.name).toBe('personal-data-800101xxxxxxx-2025-06-04.json');
    expect(JSON.parse(await downloads[0]!.blob.text())).toEqual({ person: { firstName: 'Sipho' }, policies: [] });

    fireEvent.click(screen.getByRole('button', { name: 'Erase personal data' }));
    expect(await screen.findByText('A reason for the erasure is required')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.change(screen.getByLabelText('Reason for erasure'), { target: { value: 'Asked by the person' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erase personal data' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(erase).toHaveBeenCalledTimes(1));
    expect(called('ErasePersonalData')).toEqual([{ idNumber: '8001015009087', reason: 'Asked by the person', companyId: null }]);
    const toast = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');
    await waitFor(() => expect(toast.textContent).toContain('Erasure refused'));
    expect(toast.textContent).toContain('The person has an active policy (POL-2025-000009)');
    expect(screen.getByText('The person has an active policy (POL-2025-000009)', { selector: 'p[role=alert]' })).toBeTruthy();

    // Once the hold has ended the same request goes through.
    fireEvent.click(screen.getByRole('button', { name: 'Erase personal data' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase' }));
    const done = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
    await waitFor(() => expect(done.textContent).toContain('Personal data erased'));
    expect(done.textContent).toContain("7 events now read '[erased]'. 2 read models were rebuilt.");
    expect(screen.queryByText('The person has an active policy (POL-2025-000009)', { selector: 'p[role=alert]' })).toBeNull();
  });
});

describe("the timeline's empty state", () => {
  it("says 'an agent', 'a claim' (the review found 'Choose a agent')", () => {
    expect(withArticle('agent')).toBe('an agent');
    expect(withArticle('claim')).toBe('a claim');
    expect(withArticle('member')).toBe('a member');
  });
});

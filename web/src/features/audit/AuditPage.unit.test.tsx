import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { chainsBroken, chainsOk, claimAsOf, claimHistory } from './audit.fixtures';

type Variables = Record<string, unknown>;
type Handler = (name: string, variables: Variables) => GraphQLAnswer | undefined;

function openAudit(path: string, extra: Handler = () => undefined, user = testUser()) {
  const calls: { name: string; variables: Variables }[] = [];
  renderApp(
    path,
    sessionHandler(user, (name, variables) => {
      calls.push({ name, variables });
      const answer = extra(name, variables);
      if (answer) return answer;
      if (name === 'AuditHistory') return { data: { history: claimHistory() } };
      if (name === 'EntityAsOf') return { data: { entityAsOf: claimAsOf(String(variables.asOf)) } };
      return { data: null };
    }),
  );
  return { calls, called: (name: string) => calls.filter((c) => c.name === name).map((c) => c.variables) };
}

const stateValue = (label: string) => {
  const list = screen.getByLabelText('State at the chosen moment');
  const term = within(list)
    .getAllByRole('term')
    .find((t) => t.textContent?.startsWith(label));
  return term?.nextElementSibling?.textContent;
};

describe('/audit', { timeout: 30_000 }, () => {
  let downloads: { name: string; blob: Blob }[];
  beforeAll(async () => {
    await Promise.all([import('./AuditPage'), import('../../app/shell/AppShell')]);
  }, 60_000);
  beforeEach(() => {
    downloads = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:audit-${blobs.push(blob)}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: blobs[Number(this.href.split('-').pop()) - 1]! });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("reads the entity's timeline and folds it to the moment the slider points at", async () => {
    const { called } = openAudit('/audit?entity=claim&id=cl1');
    const slider = await screen.findByRole('slider', { name: 'Point in time' });
    expect(called('AuditHistory')).toEqual([{ entity: 'claim', id: 'cl1', companyId: null }]);
    // At first the slider stands on the newest event, and the state is as at that event.
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^Event 3 of 3: Claim approved, 03 Jun 2025/);
    await waitFor(() => expect(stateValue('Status')).toBe('approved'));
    expect(called('EntityAsOf')).toEqual([{ entity: 'claim', id: 'cl1', asOf: '21', companyId: null }]);
    expect(stateValue('Deceased › First name')).toBe('Themba');
    expect(within(screen.getByLabelText('State at the chosen moment')).getByText('Status', { selector: 'dt' }).textContent).toBe(
      'Status (changed here)',
    );

    fireEvent.change(slider, { target: { value: '1' } });
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^Event 2 of 3: Claim put under review/);
    await waitFor(() => expect(stateValue('Status')).toBe('under_review'));
    expect(called('EntityAsOf').at(-1)).toEqual({ entity: 'claim', id: 'cl1', asOf: '15', companyId: null });
    const timeline = screen.getByRole('list', { name: 'History of Claim CLM-2025-000001' });
    const current = within(timeline)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Claim put under review');

    fireEvent.change(slider, { target: { value: '0' } });
    await waitFor(() => expect(stateValue('Status')).toBe('submitted'));
    expect(called('EntityAsOf').at(-1)).toMatchObject({ asOf: '11' });
  });

  it('exports the trail as a PDF made on demand', async () => {
    openAudit('/audit?entity=claim&id=cl1');
    await screen.findByRole('slider', { name: 'Point in time' });
    await waitFor(() => expect(stateValue('Status')).toBe('approved'));
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 15_000 });
    expect(downloads[0]!.name).toMatch(/^audit-claim-CLM-2025-000001-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await downloads[0]!.blob.text();
    expect(text.startsWith('%PDF-')).toBe(true);
    // Uncompressed text operators, one per line; arrows become ASCII for the standard fonts.
    for (const line of [
      'Audit trail: Claim CLM-2025-000001',
      '#15  Claim put under review',
      'Note: Documents look complete',
      '  Status: submitted -> under_review',
      'State as at 03 Jun 2025, 14:15 \\(after "Claim approved"\\)',
      'Status: approved',
    ]) {
      expect(text).toContain(`(${line}) Tj`);
    }
  });

  it('verifies the event chains and shows the counts, or the first broken link', async () => {
    let answer = chainsOk;
    const { called } = openAudit('/audit', (name) => (name === 'VerifyEventChains' ? { data: { verifyEventChains: answer } } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Verify event chains' }));
    const region = screen.getByText(/Each event carries a hash/).closest('[role=status]') as HTMLElement;
    await waitFor(() => expect(region.textContent).toContain('Every event chain is intact.'));
    expect(region.textContent).toContain('12 streams and 340 events checked');
    expect(called('VerifyEventChains')).toEqual([{ companyId: null }]);

    answer = chainsBroken;
    fireEvent.click(screen.getByRole('button', { name: 'Verify event chains' }));
    await waitFor(() => expect(region.textContent).toContain('An event chain is broken.'));
    expect(region.textContent).toContain('12 streams and 57 events checked');
    const link = within(region).getByLabelText('First broken link');
    expect(
      within(link)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['claim-cl1', '2', '15', 'hash mismatch']);
    expect(called('VerifyEventChains')).toHaveLength(2);
  });
});

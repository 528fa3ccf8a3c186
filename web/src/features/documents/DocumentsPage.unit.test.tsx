import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { documentItem } from '../claims/claims.fixtures';
import type { DocumentItem } from './documents.operations';

const certificate = documentItem();
const idCopy = documentItem({
  id: 'd2',
  originalName: 'id-copy.jpg',
  category: 'identity_document',
  status: 'verified',
  size: 2_500_000,
  claimNumber: 'CLM-2025-000002',
  memberName: 'Ayanda Zulu',
  reviewedBy: 'Thandi Nkosi',
  reviewedAt: '2025-05-11T10:00:00.000Z',
  viewUrl: '/api/documents/d2/view',
  downloadUrl: '/api/documents/d2/download',
});
const bankLetter = documentItem({
  id: 'd3',
  originalName: 'bank-letter.docx',
  category: 'bank_statement',
  status: 'rejected',
  size: 300,
  reviewNote: 'Unreadable scan',
});

function openDocuments({
  role = 'administrator',
  documents = [certificate, idCopy, bankLetter],
  truncated = false,
  review,
}: {
  role?: string;
  documents?: DocumentItem[];
  truncated?: boolean;
  review?: (v: Record<string, unknown>) => GraphQLAnswer;
} = {}) {
  const calls: Array<Record<string, unknown>> = [];
  const reviewSpy = vi.fn(review ?? ((v: Record<string, unknown>) => ({ data: { reviewDocument: { ...certificate, status: v.status } } })));
  renderApp(
    '/documents',
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'Documents') {
        calls.push(variables);
        const nodes = documents.filter(
          (d) => (!variables.category || d.category === variables.category) && (!variables.status || d.status === variables.status),
        );
        return { data: { documents: { __typename: 'DocumentList', nodes, truncated } } };
      }
      if (name === 'ReviewDocument') return reviewSpy(variables);
      return { data: null };
    }),
  );
  return { calls, reviewSpy };
}

const cardOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('article')!;

describe('/documents', { timeout: 30_000 }, () => {
  it('shows each document as a card with size, status, category, claim, member, uploader, date and links', async () => {
    openDocuments();
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    const card = await cardOf('death-certificate.pdf');
    expect(within(card).getByText('1.5 KB')).toBeTruthy();
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByText('Death Certificate')).toBeTruthy();
    expect(within(card).getByText('CLM-2025-000001')).toBeTruthy();
    expect(within(card).getByText('Sipho Dlamini')).toBeTruthy();
    expect(within(card).getByText('Thandi Nkosi')).toBeTruthy();
    expect(within(card).getByText('10 May 2025')).toBeTruthy();
    const view = within(card).getByRole('link', { name: 'View death-certificate.pdf' });
    expect(view.getAttribute('href')).toBe('/api/documents/d1/view');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(within(card).getByRole('link', { name: 'Download death-certificate.pdf' }).getAttribute('href')).toBe(
      '/api/documents/d1/download',
    );

    expect(within(await cardOf('id-copy.jpg')).getByText('2.38 MB')).toBeTruthy();
    expect(within(await cardOf('id-copy.jpg')).getByText('Verified')).toBeTruthy();
    expect(within(await cardOf('bank-letter.docx')).getByText('300 Bytes')).toBeTruthy();
    expect(within(await cardOf('bank-letter.docx')).getByText('“Unreadable scan”')).toBeTruthy();
  });

  it('filters by category and status and searches on the server', async () => {
    const { calls } = openDocuments();
    await cardOf('death-certificate.pdf');
    fireEvent.click(screen.getByRole('button', { name: /^All Categories/ }));
    const categories = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(categories).toEqual([
      'All Categories',
      'Death Certificate',
      'Identity Document',
      'Bank Statement',
      'Medical Report',
      'Policy Document',
      'Other',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Identity Document' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'death-certificate.pdf' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'id-copy.jpg' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^All Statuses/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All Statuses', 'Pending', 'Verified', 'Rejected']);
    fireEvent.click(screen.getByRole('option', { name: 'Pending' }));
    expect(await screen.findByRole('heading', { name: 'No documents found' })).toBeTruthy();
    expect(screen.getByText(/clear the filters/)).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search documents' }), { target: { value: 'CLM-2025-000002' } });
    await waitFor(() => expect(calls).toContainEqual({ search: 'CLM-2025-000002', category: 'identity_document', status: 'pending' }));
  });

  it("empty: 'No documents found' with a hint", async () => {
    openDocuments({ documents: [] });
    expect(await screen.findByRole('heading', { name: 'No documents found' })).toBeTruthy();
    expect(screen.getByText(/once a claim is submitted/)).toBeTruthy();
  });

  it('says when only the newest 500 are shown', async () => {
    openDocuments({ truncated: true });
    expect(await screen.findByText(/Showing the newest 500 documents only\. Narrow the search/)).toBeTruthy();
  });

  it('claims staff verify, or reject with a reason', async () => {
    const { reviewSpy } = openDocuments({ role: 'claim_admin' });
    const card = await cardOf('death-certificate.pdf');
    fireEvent.click(within(card).getByRole('button', { name: 'Verify death-certificate.pdf' }));
    await waitFor(() => expect(reviewSpy).toHaveBeenCalledWith({ id: 'd1', status: 'verified', note: null }));

    fireEvent.click(within(card).getByRole('button', { name: 'Reject death-certificate.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), { target: { value: 'Copy is blurred' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Document' }));
    await waitFor(() => expect(reviewSpy).toHaveBeenCalledWith({ id: 'd1', status: 'rejected', note: 'Copy is blurred' }));
    // A verified document offers only Reject; a rejected one only Verify.
    expect(within(await cardOf('id-copy.jpg')).queryByRole('button', { name: /^Verify/ })).toBeNull();
    expect(within(await cardOf('bank-letter.docx')).queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it('other roles only view and download', async () => {
    openDocuments({ role: 'policy_admin' });
    const card = await cardOf('death-certificate.pdf');
    expect(within(card).getByRole('link', { name: 'View death-certificate.pdf' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Verify|Reject/ })).toBeNull();
  });
});

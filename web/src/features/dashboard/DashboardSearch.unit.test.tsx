import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';

const hit = (kind: string, id: string, memberId: string, title: string, detail: string) => ({
  __typename: 'SearchHit',
  kind,
  id,
  memberId,
  title,
  detail,
});

describe('the dashboard search', { timeout: 30_000 }, () => {
  it('asks the server as the user types and opens the member’s page of the hit chosen', async () => {
    const asked: unknown[] = [];
    const pages: unknown[] = [];
    renderApp(
      '/',
      sessionHandler(testUser(), (name, variables) => {
        if (name === 'Search') {
          asked.push(variables);
          return {
            data: {
              search: [
                hit('member', 'm1', 'm1', 'Sipho Dlamini', 'Main member · 8001015009087 · POL-000001'),
                hit('claim', 'c1', 'm1', 'CLM-2025-000001', 'Gogo Dlamini (deceased) · POL-000001 · submitted'),
              ],
            },
          };
        }
        if (name === 'MemberPage') {
          pages.push(variables);
          return { data: { member: null } };
        }
        return { data: null };
      }),
    );
    const box = await screen.findByRole('combobox', { name: 'Search' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'S' } });
    expect(await screen.findByText('Type at least 2 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: '8001015009087' } });
    const option = await screen.findByRole('option', { name: /CLM-2025-000001/ });
    expect(asked).toEqual([{ text: '8001015009087' }]);
    fireEvent.click(option);
    // The page of m1 (the test's server knows no such member, so the page says so).
    await waitFor(() => expect(pages).toEqual([{ id: 'm1' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeTruthy();
  });
});

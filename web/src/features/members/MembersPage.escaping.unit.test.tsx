import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { memberRow, membersAnswer } from './members.fixtures';

/**
 * Reliability area 6: stored text is data, never markup. A member whose name carries an <img onerror>
 * and a <script> (the API accepts such names: they are valid text) is shown as those characters.
 */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';

describe('stored text on the members page', () => {
  it('renders markup in a member name as text: no element is created, no handler runs', async () => {
    const hostile = memberRow({ firstName: IMG, lastName: SCRIPT, mainMemberName: null });
    renderApp(
      '/members',
      sessionHandler(testUser(), (name) => (name === 'Members' ? membersAnswer([hostile]) : { data: null })),
    );

    const cell = await screen.findByText(`${IMG} ${SCRIPT}`);
    expect(cell.textContent).toBe(`${IMG} ${SCRIPT}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect([...document.querySelectorAll('script')].some((s) => s.textContent?.includes('__xss'))).toBe(false);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});

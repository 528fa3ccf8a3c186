import { render, screen, waitFor, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { useAuth } from './AuthProvider';

function ShowUser() {
  const { user } = useAuth();
  return <p>{user?.firstName}</p>;
}

describe('useAuth', () => {
  it('throws outside AuthProvider', () => {
    // React logs the thrown error; keep the test output clean.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ShowUser />)).toThrow('useAuth must be used within an AuthProvider');
    spy.mockRestore();
  });

  it('logout clears the token and the user even when the call fails, and toasts Logout failed', async () => {
    localStorage.setItem('authToken', 'tok-1');
    const { router } = renderApp(
      '/',
      sessionHandler(testUser(), (name) => (name === 'Logout' ? { errors: [{ message: 'Session store unavailable' }] } : { data: null })),
    );
    // The sidebar is on screen twice in the DOM at most (desktop); take the first user menu.
    const [menuButton] = await screen.findAllByRole('button', { name: /Thandi Nkosi.*user menu/ });
    fireEvent.click(menuButton!);
    fireEvent.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem('authToken')).toBeNull();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Logout failed'));
    expect(alert.textContent).toContain('Session store unavailable');
  });
});

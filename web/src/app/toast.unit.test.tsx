import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToastRegion, TOAST_DURATION_MS, useToast, type ToastInput } from './toast';

let show: (input: ToastInput) => void = () => {};

function Trigger() {
  show = useToast().toast;
  return null;
}

function renderRegion() {
  render(
    <Provider store={createStore()}>
      <Trigger />
      <AppToastRegion />
    </Provider>,
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one at a time: a new toast replaces the current one', () => {
    renderRegion();
    act(() => show({ title: 'Reset link sent', description: 'If the email exists, a reset link has been sent.' }));
    expect(screen.getByText('Reset link sent')).toBeTruthy();

    act(() => show({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' }));
    expect(screen.queryByText('Reset link sent')).toBeNull();
    expect(screen.getByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
  });

  it('uses the alert region for destructive toasts and the status region otherwise', () => {
    renderRegion();
    act(() => show({ title: 'Saved' }));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => show({ title: 'Error', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Error');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it(`disappears after ${TOAST_DURATION_MS} ms, each toast getting its full time`, () => {
    renderRegion();
    act(() => show({ title: 'First' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    });
    act(() => show({ title: 'Second' }));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Second')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    });
    expect(screen.queryByText('Second')).toBeNull();
  });
});

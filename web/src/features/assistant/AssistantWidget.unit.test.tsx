import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { AssistantWidget } from './AssistantWidget';
import { FAILURE_REPLY, type Ask } from './useAssistantChat';

function renderOpenWidget(ask: Ask) {
  render(
    <Provider store={createStore()}>
      <AssistantWidget ask={ask} />
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open Policy Assistant' }));
  return screen.getByPlaceholderText<HTMLTextAreaElement>('Ask me anything...');
}

function type(input: HTMLTextAreaElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('assistant widget', () => {
  it('starts closed and opens a panel titled Policy Assistant with a greeting', () => {
    render(
      <Provider store={createStore()}>
        <AssistantWidget ask={vi.fn()} />
      </Provider>,
    );
    expect(screen.queryByPlaceholderText('Ask me anything...')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open Policy Assistant' }));
    expect(screen.getByRole('heading', { name: 'Policy Assistant' })).toBeTruthy();
    const log = screen.getByRole('log');
    for (const topic of [
      'Using the system',
      'Navigating features',
      'Managing policies and members',
      'Processing claims',
      'Understanding subscription tiers',
    ]) {
      expect(log.textContent).toContain(topic);
    }
  });

  it('sends on Enter, trimmed, with the prior messages as history, and clears the input', async () => {
    const ask = vi.fn<Ask>().mockResolvedValue('Open Members and press Add Member.');
    const input = renderOpenWidget(ask);
    type(input, '  How do I add a member?  ');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(ask).toHaveBeenCalledTimes(1);
    const [message, history] = ask.mock.calls[0]!;
    expect(message).toBe('How do I add a member?');
    expect(history).toHaveLength(1);
    expect(history[0]?.role).toBe('assistant');
    expect(input.value).toBe('');
    expect(await screen.findByText('Open Members and press Add Member.')).toBeTruthy();
    expect(screen.getByText('How do I add a member?')).toBeTruthy();
  });

  it('does not send on Shift+Enter', () => {
    const ask = vi.fn<Ask>().mockResolvedValue('unused');
    const input = renderOpenWidget(ask);
    type(input, 'first line');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(ask).not.toHaveBeenCalled();
    expect(input.value).toBe('first line');
  });

  it('does not send blank or whitespace-only input', () => {
    const ask = vi.fn<Ask>().mockResolvedValue('unused');
    const input = renderOpenWidget(ask);
    fireEvent.keyDown(input, { key: 'Enter' });
    type(input, '   \n  ');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(ask).not.toHaveBeenCalled();
  });

  it('does not send while a reply is pending, and shows a spinner meanwhile', async () => {
    let answer: (reply: string) => void = () => {};
    const ask = vi.fn<Ask>(() => new Promise<string>((resolve) => (answer = resolve)));
    const input = renderOpenWidget(ask);
    type(input, 'one');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('progressbar', { name: 'Policy Assistant is replying' })).toBeTruthy();
    type(input, 'two');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(ask).toHaveBeenCalledTimes(1);
    await act(async () => answer('done'));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('answers with the apology when the call fails', async () => {
    const ask = vi.fn<Ask>().mockRejectedValue(new Error('500: boom'));
    const input = renderOpenWidget(ask);
    type(input, 'hello');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(await screen.findByText(FAILURE_REPLY)).toBeTruthy();
    expect(FAILURE_REPLY).toBe("I apologize, but I'm having trouble responding right now. Please try again.");
  });
});

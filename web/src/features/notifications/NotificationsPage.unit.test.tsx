import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import type { NotificationItem } from './notifications.operations';

const item = (over: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 'n1',
  type: 'policy_issued',
  channel: 'sms',
  to: '+27821234567',
  subject: null,
  text: 'Ubuntu Funerals: welcome Thandi. Your funeral policy POL-000001 covers R 20 000,00.',
  legallyRequired: false,
  status: 'sent',
  reason: null,
  attempts: 1,
  createdAt: '2026-11-26T08:00:00.000Z',
  sentAt: '2026-11-26T08:00:05.000Z',
  ...over,
});
const ITEMS = [
  item(),
  item({
    id: 'n2',
    channel: 'email',
    to: 'thandi@example.co.za',
    subject: 'Your funeral policy POL-000001',
    status: 'failed',
    reason: '550 mailbox unavailable',
    sentAt: null,
  }),
  item({ id: 'n3', type: 'non_payment_notice', legallyRequired: true, status: 'not_sent', reason: 'no provider configured', sentAt: null }),
];

function open(role = 'administrator') {
  const calls: Record<string, unknown>[] = [];
  const resent: string[] = [];
  renderApp(
    '/notifications',
    sessionHandler(testUser({ role }), (name, variables): GraphQLAnswer => {
      if (name === 'Notifications') {
        calls.push(variables);
        const items = ITEMS.filter((i) => !variables.status || i.status === variables.status);
        return {
          data: {
            notifications: {
              __typename: 'NotificationPage',
              total: items.length,
              items: items.map((i) => ({ __typename: 'Notification', ...i })),
            },
          },
        };
      }
      if (name === 'NotificationCounts')
        return {
          data: {
            notificationCounts: [
              { __typename: 'NotificationMonth', month: '2026-11', channel: 'sms', sent: 1, failed: 0, notSent: 1, queued: 0 },
              { __typename: 'NotificationMonth', month: '2026-11', channel: 'email', sent: 0, failed: 1, notSent: 0, queued: 0 },
            ],
          },
        };
      if (name === 'NotificationProviders')
        return {
          data: {
            notificationProviders: [
              { __typename: 'NotificationProvider', channel: 'sms', provider: null, lastError: null, lastErrorAt: null },
              {
                __typename: 'NotificationProvider',
                channel: 'email',
                provider: 'smtp',
                lastError: '550 mailbox unavailable',
                lastErrorAt: '2026-11-26T08:00:05.000Z',
              },
            ],
          },
        };
      if (name === 'ResendNotification') {
        resent.push(variables.id as string);
        return { data: { resendNotification: { __typename: 'Notification', id: variables.id, status: 'queued', reason: null } } };
      }
      return { data: null };
    }),
  );
  return { calls, resent };
}

describe('NotificationsPage', () => {
  it('lists every message with its status and reason, and the monthly counts per channel', async () => {
    open();
    const outbox = await screen.findByRole('table', { name: 'Outbox' });
    expect(within(outbox).getAllByRole('row')).toHaveLength(4);
    expect(within(outbox).getByText('550 mailbox unavailable')).toBeTruthy();
    expect(within(outbox).getByText('no provider configured')).toBeTruthy();
    expect(within(outbox).getByText('legally required')).toBeTruthy();
    const months = screen.getByRole('table', { name: 'Messages per month and channel' });
    expect(within(months).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Showing 3 of 3 messages')).toBeTruthy();
    const providers = screen.getByRole('list', { name: 'Providers' });
    expect(providers.textContent).toContain('SMS: no provider configured');
    expect(providers.textContent).toContain('E-mail: SMTP');
    expect(providers.textContent).toContain('550 mailbox unavailable');
    // An SMS says how many parts it takes.
    expect(within(outbox).getAllByText('1 SMS (GSM-7, 83 characters)')).toHaveLength(2);
  });

  it('resends a failed or unsent message, and offers no resend for one sent', async () => {
    const { resent } = open();
    const outbox = await screen.findByRole('table', { name: 'Outbox' });
    const buttons = within(outbox).getAllByRole('button', { name: /^Resend/ });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(resent).toEqual(['n2']));
  });

  it('filters by status on the server', async () => {
    const { calls } = open();
    await screen.findByRole('table', { name: 'Outbox' });
    expect(calls[0]).toMatchObject({ type: null, channel: null, status: null, from: null, to: null });
  });

  it('is not for a policy administrator', async () => {
    open('policy_admin');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
  });
});

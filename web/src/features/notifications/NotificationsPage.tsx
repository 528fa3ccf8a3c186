import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIST_STATUSES,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '@fpa/write-model/validation';
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Cell, DataTable } from '../../ui/DataTable';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatDateTime, formatRand } from '../../app/format';
import {
  NOTIFICATIONS_CONTEXT,
  NotificationCountsQuery,
  NotificationProvidersQuery,
  NotificationsQuery,
  type NotificationMonth,
  type NotificationProvider,
} from './notifications.operations';
import { NotificationsTable } from './NotificationsTable';
import * as styles from './notifications.css';

type ListStatus = (typeof NOTIFICATION_LIST_STATUSES)[number];
const ALL = 'all';
const option = (id: string, label: string) => ({ id, label });
const orNull = <T extends string>(value: string): T | null => (value === ALL ? null : (value as T));
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const REFRESH_MS = 15_000;

const PROVIDER_NAMES: Record<string, string> = { smsportal: 'SMSPortal', twilio: 'Twilio', smtp: 'SMTP' };

/** Who sends each channel; none configured means messages are recorded, not sent. */
function Providers({ providers }: { providers: readonly NotificationProvider[] }) {
  if (providers.length === 0) return null;
  return (
    <ul className={styles.providers} aria-label="Providers">
      {providers.map((p) => (
        <li key={p.channel}>
          <span className={styles.strong}>
            {NOTIFICATION_CHANNEL_LABELS[p.channel]}: {p.provider ? (PROVIDER_NAMES[p.provider] ?? p.provider) : 'no provider configured'}
          </span>
          {!p.provider && <span className={styles.secondary}>Messages are recorded as not sent.</span>}
          {p.lastError && (
            <span className={styles.secondary}>
              Last error{p.lastErrorAt ? ` (${formatDateTime(p.lastErrorAt)})` : ''}: {p.lastError}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function MonthlyCounts({ months }: { months: readonly NotificationMonth[] }) {
  if (months.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="notification-months">
      <h2 id="notification-months" className={styles.sectionTitle}>
        Messages per month
      </h2>
      <p className={styles.secondary}>
        The estimated cost counts the messages sent: each SMS part and each e-mail at the price the server is configured with.
      </p>
      <DataTable
        caption="Messages per month and channel"
        columns={['Month', 'Channel', 'Sent', 'Failed', 'Not sent', 'Queued', 'Estimated cost']}
      >
        {months.map((m) => (
          <tr key={`${m.month}-${m.channel}`}>
            <Cell label="Month" lead>
              {m.month}
            </Cell>
            <Cell label="Channel">{NOTIFICATION_CHANNEL_LABELS[m.channel]}</Cell>
            <Cell label="Sent" className={styles.number}>
              {m.sent}
            </Cell>
            <Cell label="Failed" className={styles.number}>
              {m.failed}
            </Cell>
            <Cell label="Not sent" className={styles.number}>
              {m.notSent}
            </Cell>
            <Cell label="Queued" className={styles.number}>
              {m.queued}
            </Cell>
            <Cell label="Estimated cost" className={styles.number}>
              {formatRand(m.estimatedCost)}
            </Cell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** /notifications (issue #24): every SMS and e-mail the events decided, its status and why; resend a failed one. */
export function NotificationsPage() {
  const [type, setType] = useState<string>(ALL);
  const [channel, setChannel] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const variables = {
    type: orNull<NotificationType>(type),
    channel: orNull<NotificationChannel>(channel),
    status: orNull<ListStatus>(status),
    // A half-typed date is not sent: the list keeps its last answer until the date is whole.
    from: ISO_DAY.test(from) ? from : null,
    to: ISO_DAY.test(to) ? to : null,
    limit: 200,
  };
  const [result, refresh] = useQuery({ query: NotificationsQuery, variables, context: NOTIFICATIONS_CONTEXT });
  const [counts, refreshCounts] = useQuery({ query: NotificationCountsQuery, context: NOTIFICATIONS_CONTEXT });
  const [providers] = useQuery({ query: NotificationProvidersQuery, context: NOTIFICATIONS_CONTEXT });
  // The dispatcher works in the background: the page follows it.
  useEffect(() => {
    const timer = setInterval(() => {
      refresh({ requestPolicy: 'network-only' });
      refreshCounts({ requestPolicy: 'network-only' });
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, refreshCounts]);
  const page = result.data?.notifications;
  const filtered = type !== ALL || channel !== ALL || status !== ALL || variables.from !== null || variables.to !== null;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Notifications"
        description="Every SMS and e-mail sent to policyholders, claimants and your claims staff, with its delivery status. Without a provider configured, messages are recorded as not sent."
      />
      <Providers providers={providers.data?.notificationProviders ?? []} />
      <MonthlyCounts months={counts.data?.notificationCounts ?? []} />
      <div className={styles.toolbar} role="search">
        <Select
          label="Message"
          options={[option(ALL, 'All messages'), ...NOTIFICATION_TYPES.map((t) => option(t, NOTIFICATION_TYPE_LABELS[t]))]}
          value={type}
          onChange={(v) => setType(v ?? ALL)}
        />
        <Select
          label="Channel"
          options={[option(ALL, 'All channels'), ...NOTIFICATION_CHANNELS.map((c) => option(c, NOTIFICATION_CHANNEL_LABELS[c]))]}
          value={channel}
          onChange={(v) => setChannel(v ?? ALL)}
        />
        <Select
          label="Status"
          options={[option(ALL, 'All statuses'), ...NOTIFICATION_LIST_STATUSES.map((s) => option(s, NOTIFICATION_STATUS_LABELS[s]))]}
          value={status}
          onChange={(v) => setStatus(v ?? ALL)}
        />
        <TextField label="From" type="date" value={from} onChange={setFrom} />
        <TextField label="To" type="date" value={to} onChange={setTo} />
      </div>
      {result.fetching && !page ? (
        <PageSpinner label="Loading notifications" />
      ) : result.error && !page ? (
        <EmptyState icon="alert" title="Notifications could not be loaded" text={errorMessage(result.error)} />
      ) : !page || page.items.length === 0 ? (
        <EmptyState
          icon="bell"
          title={filtered ? 'No messages match' : 'No messages yet'}
          text={
            filtered
              ? 'Try another message type, channel, status or date.'
              : 'Messages appear here as policies are issued, premiums paid and claims decided.'
          }
        />
      ) : (
        <>
          <NotificationsTable items={page.items} caption="Outbox" />
          <p className={styles.summary} aria-live="polite">
            Showing {page.items.length} of {page.total} {page.total === 1 ? 'message' : 'messages'}
          </p>
        </>
      )}
    </div>
  );
}

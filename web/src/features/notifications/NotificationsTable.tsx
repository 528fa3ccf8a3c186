import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_TYPE_LABELS,
  smsSegments,
  type NotificationStatus,
} from '@fpa/write-model/validation';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { useToast } from '../../app/toast';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { NOTIFICATIONS_CONTEXT, ResendNotificationMutation, type NotificationItem } from './notifications.operations';
import * as styles from './notifications.css';

export const STATUS_TONES: Record<NotificationStatus, BadgeTone> = {
  queued: 'neutral',
  sending: 'neutral',
  sent: 'success',
  delivered: 'success',
  failed: 'dangerSoft',
  not_sent: 'warning',
};

export const NOTIFICATION_COLUMNS = ['Created', 'Message', 'Channel', 'To', 'Text', 'Status', 'Actions'] as const;

/** What an SMS costs in parts: '1 SMS (GSM-7, 142 characters)'. */
export function segmentsText(text: string): string {
  const { encoding, characters, segments } = smsSegments(text);
  return `${segments} SMS${segments === 1 ? '' : ' parts'} (${encoding}, ${characters} characters)`;
}

function ResendButton({ item }: { item: NotificationItem }) {
  const [state, resend] = useMutation(ResendNotificationMutation);
  const { toast } = useToast();
  if (item.status !== 'failed' && item.status !== 'not_sent') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      isDisabled={state.fetching || !item.to}
      aria-label={`Resend the ${NOTIFICATION_TYPE_LABELS[item.type].toLowerCase()} ${NOTIFICATION_CHANNEL_LABELS[item.channel]} to ${item.to ?? 'nobody'}`}
      onPress={() =>
        void resend({ id: item.id }, NOTIFICATIONS_CONTEXT).then((result) =>
          toast(
            result.error
              ? { title: 'The message was not queued again', description: errorMessage(result.error), variant: 'destructive' }
              : { title: 'Queued to be sent again' },
          ),
        )
      }
    >
      Resend
    </Button>
  );
}

function NotificationRow({ item }: { item: NotificationItem }) {
  return (
    <tr>
      <Cell label="Created" lead className={styles.nowrap}>
        <span>
          {formatDateTime(item.createdAt)}
          {item.sentAt && <span className={styles.secondary}>sent {formatDateTime(item.sentAt)}</span>}
        </span>
      </Cell>
      <Cell label="Message">
        <span>
          {NOTIFICATION_TYPE_LABELS[item.type]}
          {item.legallyRequired && <span className={styles.secondary}>legally required</span>}
        </span>
      </Cell>
      <Cell label="Channel">{NOTIFICATION_CHANNEL_LABELS[item.channel]}</Cell>
      <Cell label="To" className={styles.nowrap}>
        {item.to ?? '—'}
      </Cell>
      <Cell label="Text">
        <span className={styles.text}>
          {item.subject && <span className={styles.strong}>{item.subject}</span>}
          <span>{item.text}</span>
          {item.channel === 'sms' && <span className={styles.secondary}>{segmentsText(item.text)}</span>}
        </span>
      </Cell>
      <Cell label="Status">
        <span>
          <Badge tone={STATUS_TONES[item.status]}>{NOTIFICATION_STATUS_LABELS[item.status]}</Badge>
          {item.reason && <span className={styles.secondary}>{item.reason}</span>}
        </span>
      </Cell>
      <Cell label="Actions">
        <ResendButton item={item} />
      </Cell>
    </tr>
  );
}

export function NotificationsTable({ items, caption = 'Messages' }: { items: readonly NotificationItem[]; caption?: string }) {
  return (
    <DataTable caption={caption} columns={NOTIFICATION_COLUMNS}>
      {items.map((item) => (
        <NotificationRow key={item.id} item={item} />
      ))}
    </DataTable>
  );
}

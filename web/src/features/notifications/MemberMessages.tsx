import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { useCan } from '../../app/permissions';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { NOTIFICATIONS_CONTEXT, NotificationsQuery } from './notifications.operations';
import { NotificationsTable } from './NotificationsTable';
import * as styles from './notifications.css';

function Messages({ memberId }: { memberId: string }) {
  const [result] = useQuery({ query: NotificationsQuery, variables: { memberId, limit: 50 }, context: NOTIFICATIONS_CONTEXT });
  const page = result.data?.notifications;
  return (
    <Card title="Messages" description="SMS and e-mail sent about this member's policy and claims, newest first.">
      {result.fetching && !page ? (
        <Spinner label="Loading messages" />
      ) : result.error && !page ? (
        <p role="alert">{errorMessage(result.error)}</p>
      ) : !page || page.items.length === 0 ? (
        <p className={styles.summary}>No messages yet.</p>
      ) : (
        <NotificationsTable items={page.items} caption="Messages to this member" />
      )}
    </Card>
  );
}

/** Issue #24: the member's messages on the member's page, for those who may read the outbox. */
export function MemberMessages({ memberId }: { memberId: string }) {
  return useCan('notifications:read') ? <Messages memberId={memberId} /> : null;
}

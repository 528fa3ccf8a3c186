import { useQuery } from 'urql';
import { formatDateTime } from '../../app/format';
import { Card } from '../../ui/Card';
import { ACTIVITIES_CONTEXT, ActivitiesQuery } from './agents.operations';
import * as styles from './agents.css';

export const RECENT_ACTIVITY_COUNT = 10;

/** The latest onboarding activity (an agent's session sees its own); hidden while there is none. */
export function RecentActivity() {
  const [result] = useQuery({ query: ActivitiesQuery, variables: { first: RECENT_ACTIVITY_COUNT }, context: ACTIVITIES_CONTEXT });
  const activities = result.data?.activities ?? [];
  if (activities.length === 0) return null;
  return (
    <Card title="Recent Activity">
      <ul className={styles.activityList}>
        {activities.map((activity) => (
          <li key={activity.id} className={styles.activityItem}>
            <span>{activity.description}</span>
            <time className={styles.muted} dateTime={activity.createdAt}>
              {formatDateTime(activity.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    </Card>
  );
}

import { formatDateTime } from '../../app/format';
import { actorText, changeValueText, fieldLabel } from './auditFormat';
import type { AuditEntry } from './audit.operations';
import * as styles from './HistoryPanel.css';
import { visuallyHidden } from '../../ui/visuallyHidden.css';

export type TimelineProps = {
  entries: readonly AuditEntry[];
  /** Names the list for screen readers: 'History of Claim CLM-2025-000001'. */
  label: string;
  /** The moment chosen on the Audit page's slider: that event is marked current, later ones dimmed. */
  currentPosition?: number | null;
};

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return null;
  return (
    <dl className={styles.changes} aria-label={`What changed: ${entry.title}`}>
      {entry.changes.map((change) => (
        <div key={change.field} className={styles.change}>
          <dt className={styles.changeField}>{fieldLabel(change.field)}</dt>
          <dd className={styles.changeValues}>
            {change.before == null ? (
              // A field the event brought into being: only its value.
              <>
                <span className={visuallyHidden}>set to </span>
                <span className={styles.after}>{changeValueText(change.after)}</span>
              </>
            ) : change.after == null ? (
              <>
                <span className={styles.before}>{changeValueText(change.before)}</span>
                <span className={styles.removed}> (removed)</span>
              </>
            ) : (
              <>
                <span className={styles.before}>{changeValueText(change.before)}</span>
                <span aria-hidden="true"> → </span>
                <span className={visuallyHidden}> changed to </span>
                <span className={styles.after}>{changeValueText(change.after)}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An entity's events, oldest first: what happened, when, who did it, why, and what changed. */
export function Timeline({ entries, label, currentPosition }: TimelineProps) {
  return (
    <ol className={styles.timeline} aria-label={label}>
      {entries.map((entry) => {
        const later = currentPosition != null && entry.position > currentPosition;
        const current = currentPosition != null && entry.position === currentPosition;
        return (
          <li
            key={entry.position}
            className={`${styles.entry} ${later ? styles.later : ''} ${current ? styles.current : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <div className={styles.entryHeader}>
              <span className={styles.entryTitle}>{entry.title}</span>
              <time className={styles.time} dateTime={entry.occurredAt}>
                {formatDateTime(entry.occurredAt)}
              </time>
            </div>
            <span className={styles.actor}>
              {actorText(entry.actor)}
              <span className={styles.eventType}>
                {' '}
                · {entry.eventType} #{entry.position}
              </span>
            </span>
            {entry.note && <p className={styles.note}>“{entry.note}”</p>}
            <Changes entry={entry} />
          </li>
        );
      })}
    </ol>
  );
}

import type { CombinedError } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { Spinner } from '../../ui/Spinner';
import { isChangedField, type StateField } from './auditFormat';
import type { AuditEntry, EntityAsOf } from './audit.operations';
import * as styles from './audit.css';

export type AsOfStateProps = {
  /** The event the slider points at: the state is folded up to and including it. */
  at: AuditEntry;
  /** The server's fold for that event's position; undefined while it is being read. */
  asOf: EntityAsOf | undefined;
  fields: readonly StateField[];
  error: CombinedError | undefined;
};

export function asOfHeading(at: AuditEntry): string {
  return `State as at ${formatDateTime(at.occurredAt)}`;
}

/** The entity folded to the chosen moment, as readable fields; those the event changed are marked. */
export function AsOfState({ at, asOf, fields, error }: AsOfStateProps) {
  const changed = at.changes.map((change) => change.field);
  return (
    <section className={styles.asOf} aria-labelledby="as-of-title" aria-busy={!asOf && !error}>
      <h3 id="as-of-title" className={styles.asOfTitle}>
        {asOfHeading(at)}
        <span className={styles.muted}>
          {' '}
          · after “{at.title}” (version {at.version})
        </span>
      </h3>
      {!asOf ? (
        error ? (
          <p role="alert" className={styles.error}>
            {errorMessage(error)}
          </p>
        ) : (
          <Spinner label="Folding the events to that moment" />
        )
      ) : !asOf.exists ? (
        <p className={styles.muted}>It did not exist yet at that moment.</p>
      ) : fields.length === 0 ? (
        <p className={styles.muted}>No fields recorded.</p>
      ) : (
        <dl className={styles.stateFields} aria-label="State at the chosen moment">
          {fields.map((field) => {
            const isChanged = isChangedField(field.path, changed);
            return (
              <div key={field.path} className={isChanged ? styles.changedField : undefined}>
                <dt>
                  {field.label}
                  {isChanged && <span className={styles.changedTag}> (changed here)</span>}
                </dt>
                <dd>{field.value}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

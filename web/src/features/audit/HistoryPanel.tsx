import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { RouteButtonLink } from '../../ui/ButtonLink';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { useCanOpenAuditPage } from './auditAccess';
import { downloadBlob, trailCsv, trailFileName } from './auditExport';
import { ENTITY_LABELS } from './auditFormat';
import { HistoryQuery, type AuditEntity } from './audit.operations';
import { Timeline } from './Timeline';
import * as styles from './HistoryPanel.css';

export type HistoryPanelProps = {
  entity: AuditEntity;
  id: string;
  /** The super admin's chosen company; company users leave it out (the server uses their own). */
  companyId?: string | null;
};

/** The link the panels and the Audit page share: /audit?entity=claim&id=... */
export function auditPageHref(entity: AuditEntity, id: string): string {
  return `/audit?${new URLSearchParams({ entity, id }).toString()}`;
}

/**
 * An entity's whole history as a timeline, read when the panel opens (each read is recorded by the
 * server as an audit-trail view), with a CSV export and a way on to the Audit page's time slider.
 */
export function HistoryPanel({ entity, id, companyId = null }: HistoryPanelProps) {
  const [result] = useQuery({ query: HistoryQuery, variables: { entity, id, companyId }, requestPolicy: 'network-only' });
  const canOpenAudit = useCanOpenAuditPage();
  const history = result.data?.history;

  if (result.fetching && !history) return <Spinner label="Loading the history" />;
  if (result.error && !history)
    return (
      <p role="alert" className={styles.error}>
        {errorMessage(result.error)}
      </p>
    );
  if (!history) return null;

  const label = `History of ${ENTITY_LABELS[entity]} ${history.label}`;
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <span className={styles.count}>
          {history.entries.length} {history.entries.length === 1 ? 'event' : 'events'}
        </span>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={history.entries.length === 0}
          onPress={() =>
            downloadBlob(trailFileName(history, 'csv'), new Blob([trailCsv(history.entries)], { type: 'text/csv;charset=utf-8' }))
          }
        >
          <Icon name="download" size={16} />
          Export CSV
        </Button>
        {canOpenAudit && (
          <RouteButtonLink href={auditPageHref(entity, id)} size="sm">
            <Icon name="shield" size={16} />
            Open in Audit
          </RouteButtonLink>
        )}
      </div>
      {history.entries.length === 0 ? (
        <p className={styles.muted}>No events have been recorded for this {ENTITY_LABELS[entity].toLowerCase()}.</p>
      ) : (
        <Timeline entries={history.entries} label={label} />
      )}
    </div>
  );
}

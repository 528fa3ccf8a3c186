import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { localIsoDate } from '../../app/download';
import { errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState } from '../../ui/PageHeader';
import { Slider } from '../../ui/Slider';
import { Spinner } from '../../ui/Spinner';
import { AsOfState, asOfHeading } from './AsOfState';
import { downloadBlob, trailCsv, trailFileName, trailPdfSections, trailPdfTitle } from './auditExport';
import { ENTITY_LABELS, stateFields } from './auditFormat';
import { buildPdf } from './auditPdf';
import { EntityAsOfQuery, HistoryQuery, type AuditEntity } from './audit.operations';
import { Timeline } from './Timeline';
import * as styles from './audit.css';

/** How long the slider rests before the state at that moment is read (each read is recorded). */
export const AS_OF_SETTLE_MS = 250;

export type TimeTravelProps = { entity: AuditEntity; id: string; companyId: string | null };

/** An entity's timeline with a slider across its events: the state as at any of them, and the trail as CSV or PDF. */
export function TimeTravel({ entity, id, companyId }: TimeTravelProps) {
  const { toast } = useToast();
  const [historyResult] = useQuery({ query: HistoryQuery, variables: { entity, id, companyId }, requestPolicy: 'network-only' });
  const history = historyResult.data?.history;
  const entries = useMemo(() => history?.entries ?? [], [history]);
  const last = entries.length - 1;
  // null follows the newest event; a number is where the user put the slider.
  const [picked, setPicked] = useState<number | null>(null);
  const index = picked === null ? last : Math.min(picked, last);
  const settled = useDebouncedValue(index, AS_OF_SETTLE_MS);
  const at = entries[settled];
  const [asOfResult] = useQuery({
    query: EntityAsOfQuery,
    variables: { entity, id, asOf: String(at?.position ?? ''), companyId },
    pause: !at,
    requestPolicy: 'network-only',
  });
  // A stale answer (for an earlier slider position) is not shown as if it were the chosen moment.
  const asOf = asOfResult.data?.entityAsOf.asOf === String(at?.position) ? asOfResult.data.entityAsOf : undefined;
  const fields = useMemo(() => (asOf ? stateFields(asOf.state) : []), [asOf]);
  const [exporting, setExporting] = useState(false);

  if (historyResult.fetching && !history) return <Spinner label="Loading the history" />;
  if (historyResult.error && !history)
    return <EmptyState icon="alert" title="The history could not be read" text={errorMessage(historyResult.error)} />;
  if (!history) return null;
  if (entries.length === 0)
    return (
      <EmptyState icon="clock" title="No events" text={`Nothing has been recorded for this ${ENTITY_LABELS[entity].toLowerCase()}.`} />
    );

  const pointed = entries[index]!;
  const exportPdf = async () => {
    setExporting(true);
    try {
      const sections = trailPdfSections(history, at && asOf ? { heading: `${asOfHeading(at)} (after "${at.title}")`, fields } : undefined);
      const blob = await buildPdf(
        trailPdfTitle(history),
        `${entries.length} events · exported ${localIsoDate()} · times in South African time`,
        sections,
      );
      downloadBlob(trailFileName(history, 'pdf'), blob);
    } catch (error) {
      toast({
        title: 'Export failed',
        description: error instanceof Error ? error.message : 'The PDF could not be made.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.timeTravel}>
      <div className={styles.timelineHeader}>
        <h2 className={styles.entityTitle}>
          {ENTITY_LABELS[entity]} {history.label}
        </h2>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => downloadBlob(trailFileName(history, 'csv'), new Blob([trailCsv(entries)], { type: 'text/csv;charset=utf-8' }))}
          >
            <Icon name="download" size={16} />
            Export CSV
          </Button>
          <Button variant="secondary" size="sm" isDisabled={exporting} onPress={() => void exportPdf()}>
            <Icon name="file" size={16} />
            {exporting ? 'Preparing PDF...' : 'Export PDF'}
          </Button>
        </div>
      </div>
      <Slider
        label="Point in time"
        value={index}
        minValue={0}
        maxValue={Math.max(last, 0)}
        isDisabled={last === 0}
        onChange={(value) => setPicked(value >= last ? null : value)}
        valueText={(value) => {
          const entry = entries[value];
          return entry ? `Event ${value + 1} of ${entries.length}: ${entry.title}, ${formatDateTime(entry.occurredAt)}` : '';
        }}
      />
      <div className={styles.split}>
        <AsOfState
          at={pointed}
          asOf={settled === index ? asOf : undefined}
          fields={fields}
          error={settled === index ? asOfResult.error : undefined}
        />
        <Timeline entries={entries} label={`History of ${ENTITY_LABELS[entity]} ${history.label}`} currentPosition={pointed.position} />
      </div>
    </div>
  );
}

import type { BatchFileFormat } from '@fpa/write-model/validation';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { downloadBatchFile } from './collections.api';
import type { CollectionBatch } from './collections.operations';
import * as styles from './collections.css';

const LABELS: Record<BatchFileFormat, string> = { csv: 'Download CSV', acb: 'Download ACB' };

/** The batch's two bank files; a refusal (no collecting account for ACB) is shown in the server's words. */
export function BatchDownloads({ batch }: { batch: CollectionBatch }) {
  const [busy, setBusy] = useState<BatchFileFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: BatchFileFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadBatchFile(batch.id, format, batch.debitDate);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be downloaded');
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className={styles.section}>
      <span className={styles.rowActions}>
        {(['csv', 'acb'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            isDisabled={busy !== null}
            aria-label={`${LABELS[format]} of the batch for ${batch.debitDate}`}
            onPress={() => void download(format)}
          >
            <Icon name="download" size={16} />
            {busy === format ? 'Downloading...' : LABELS[format]}
          </Button>
        ))}
      </span>
      {error && (
        <span role="alert" className={styles.alert}>
          {error}
        </span>
      )}
    </span>
  );
}

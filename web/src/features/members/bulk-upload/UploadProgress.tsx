import { ProgressBar } from '../../../ui/ProgressBar';
import * as styles from './bulkUpload.css';
import type { BulkUploadState } from './bulkUploadState';
import { progressPercent } from './chunks';
import { RowProblemList } from './RowProblemList';

/** The upload's percentage, the members uploaded so far and, at the end, the rows the server refused. */
export function UploadProgress({ state }: { state: BulkUploadState }) {
  const { progress, rows, status, uploadError } = state;
  const percent = progressPercent(progress, rows.length);
  return (
    <div className={styles.progress}>
      <div className={styles.progressRow}>
        <span>{status === 'uploading' ? 'Uploading...' : status === 'completed' ? 'Upload finished' : 'Upload interrupted'}</span>
        <span className={styles.percent}>{percent}%</span>
      </div>
      <ProgressBar label={`Upload progress: ${percent}%`} value={percent} />
      <p aria-live="polite">
        {progress.uploaded} of {rows.length} members uploaded
        {progress.failed.length > 0 && `, ${progress.failed.length} failed`}
      </p>
      {uploadError && (
        <p className={styles.problemBox} role="alert">
          {uploadError}
        </p>
      )}
      {progress.skippedForLimit > 0 && (
        <p className={styles.hint}>{progress.skippedForLimit} rows were not imported because your plan&apos;s member limit was reached.</p>
      )}
      {status !== 'uploading' && progress.failed.length > 0 && <RowProblemList title="rows were not imported" problems={progress.failed} />}
    </div>
  );
}

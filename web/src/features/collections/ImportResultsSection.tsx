import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { formatDate } from '../../app/format';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { importResultFile, type ResultImport } from './collections.api';
import { count } from './collectionLabels';
import type { ResultFile } from './collections.operations';
import * as styles from './collections.css';

const UNMATCHED_COLUMNS = ['Line', 'Reference', 'Reason'] as const;

/** One sentence per figure of an import. */
export function importSummary(answer: ResultImport): string {
  return `${count(answer.collected, 'debit', 'debits')} collected, ${answer.unpaid} unpaid, ${answer.unmatched} unmatched, ${count(answer.duplicates, 'duplicate', 'duplicates')}.`;
}

function ResultFileItem({ file }: { file: ResultFile }) {
  return (
    <li className={styles.panel} aria-label={`Result file ${file.fileName ?? file.fileId}`}>
      <span>
        <span className={`${styles.strong} ${styles.wrapAnywhere}`}>{file.fileName ?? 'Result file'}</span>
        <span className={styles.secondary}>
          Imported {formatDate(file.importedOn)}: {count(file.lines, 'line', 'lines')}, {file.collected} collected, {file.unpaid} unpaid,{' '}
          {file.unmatched.length} unmatched, {file.duplicates} already taken in
        </span>
      </span>
      {file.unmatched.length > 0 && (
        <DataTable caption={`Unmatched lines of ${file.fileName ?? 'the file'}`} columns={UNMATCHED_COLUMNS}>
          {file.unmatched.map((line) => (
            <tr key={line.line}>
              <Cell label="Line" lead className={styles.number}>
                Line {line.line}
              </Cell>
              <Cell label="Reference" className={styles.wrapAnywhere}>
                {line.reference}
              </Cell>
              <Cell label="Reason">{line.reason}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </li>
  );
}

/** The provider's result file, sent as it is; what it did, and the last files with their unmatched lines. */
export function ImportResultsSection({
  files,
  canCollect,
  onImported,
}: {
  files: readonly ResultFile[];
  canCollect: boolean;
  onImported: () => void;
}) {
  const [sending, setSending] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ fileName: string; result: ResultImport } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File) => {
    setSending(file.name);
    setAnswer(null);
    setError(null);
    try {
      setAnswer({ fileName: file.name, result: await importResultFile(file) });
      onImported();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be imported');
    } finally {
      setSending(null);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="collections-results">
      <div className={styles.sectionHeader}>
        <h2 id="collections-results" className={styles.sectionTitle}>
          Import results
        </h2>
        <p className={styles.sectionNote}>The result file is applied whole or refused whole; the same file twice changes nothing.</p>
      </div>
      {canCollect && (
        <div className={styles.rowActions}>
          <FileTrigger acceptedFileTypes={['text/csv', '.csv', 'text/plain', '.txt']} onSelect={(list) => list?.[0] && void send(list[0])}>
            <Button isDisabled={sending !== null}>
              <Icon name="upload" size={18} />
              {sending ? `Importing ${sending}...` : 'Import result file'}
            </Button>
          </FileTrigger>
        </div>
      )}
      {answer && (
        <div role="status" className={styles.success}>
          <span className={styles.strong}>Imported {answer.fileName}</span>
          <span>{importSummary(answer.result)}</span>
        </div>
      )}
      {error && (
        <div role="alert" className={styles.alert}>
          <span className={styles.strong}>The file was refused; nothing was applied</span>
          <span>{error}</span>
        </div>
      )}
      {files.length === 0 ? (
        <p className={styles.muted}>No result file imported yet.</p>
      ) : (
        <ul className={styles.fileList} aria-label="Last result files">
          {files.map((file) => (
            <ResultFileItem key={file.fileId} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}

import { useMemo } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useQuery } from 'urql';
import { Button } from '../../../ui/Button';
import { Dialog, Modal } from '../../../ui/Dialog';
import { Icon } from '../../../ui/Icon';
import { Spinner } from '../../../ui/Spinner';
import { POLICY_TYPES_CONTEXT, PolicyTypesQuery } from '../../policy-types/policyTypes.operations';
import * as styles from './bulkUpload.css';
import { RowProblemList } from './RowProblemList';
import { TEMPLATE_FILE_NAME, templateCsv } from './csv';
import { UploadProgress } from './UploadProgress';
import { useBulkUpload } from './useBulkUpload';

function downloadTemplate(policyTypeName: string | null) {
  const url = URL.createObjectURL(new Blob([templateCsv(policyTypeName)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  link.click();
  // Revoked on the next tick: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Bulk Upload: template, choose a CSV, validate every row, then upload in chunks (spec §2, §4, §5). */
export function BulkUploadDialog({ onClose }: { onClose: () => void }) {
  const [policyTypes] = useQuery({ query: PolicyTypesQuery, context: POLICY_TYPES_CONTEXT });
  const types = policyTypes.data?.policyTypes;
  const policyTypeRefs = useMemo(() => (types ?? []).map((type) => ({ id: type.id, name: type.name })), [types]);
  const { state, chooseFile, upload, stop, reset } = useBulkUpload(policyTypeRefs);
  const uploading = state.status === 'uploading';
  const busy = uploading || state.status === 'validating';
  const canChoose = !busy && state.status !== 'completed' && !state.uploadError;

  return (
    <Modal isOpen onOpenChange={(open) => !open && !busy && onClose()} isDismissable={!busy} size="wide">
      <Dialog title="Bulk Upload Members">
        <div className={styles.body}>
          <p className={styles.muted}>
            Upload a CSV file with one member per row. Family members name their main member&apos;s SA ID or passport number in{' '}
            <code>mainMemberIdentifier</code>; the main member may be an earlier row of the same file. <code>policyTypeId</code> takes the
            policy type&apos;s name (any case) or its ID.
          </p>
          <p className={styles.muted}>
            Moving a book from another system? Give each main member&apos;s policy its <code>inceptionDate</code> (YYYY-MM-DD, when its
            cover started; its waiting period runs from then), its <code>paidUpTo</code> date (YYYY-MM-DD, as the old system has it:
            premiums due after it are in arrears at once, and the next daily run sends their notices) and its <code>debitDay</code> (1–31,
            default 1). All three may be left blank.
          </p>
          <p className={styles.muted}>
            To collect a main member&apos;s premium by debit order, fill in <code>bank</code>, <code>branchCode</code>,{' '}
            <code>accountNumber</code>, <code>accountType</code> (cheque, savings or transmission) and a <code>mandateReference</code>{' '}
            unique in your company; <code>accountHolder</code> (default: the member&apos;s name), <code>mandateDebitDay</code> (default: the
            policy&apos;s debit day) and <code>debiCheck</code> (true or false) are optional. Leave them all blank for no debit order.
          </p>
          <div className={styles.buttons}>
            <Button
              variant="secondary"
              onPress={() => downloadTemplate(types?.find((type) => type.isActive)?.name ?? null)}
              isDisabled={!types}
            >
              <Icon name="file" size={18} />
              Download Template
            </Button>
            {canChoose && (
              <FileTrigger acceptedFileTypes={['text/csv', '.csv']} onSelect={(files) => files?.[0] && void chooseFile(files[0])}>
                <Button variant={state.fileName ? 'secondary' : 'primary'} isDisabled={!types}>
                  {state.fileName ? 'Choose Another File' : 'Choose CSV File'}
                </Button>
              </FileTrigger>
            )}
          </div>
          {state.fileName && (
            <p className={styles.fileName}>
              File: <strong>{state.fileName}</strong>
              {state.rows.length > 0 && ` (${state.rows.length} ${state.rows.length === 1 ? 'row' : 'rows'})`}
            </p>
          )}
          {state.status === 'validating' && <Spinner label="Validating the file" />}
          {state.parseProblems.length > 0 && (
            <div className={styles.problemBox} role="alert">
              <p className={styles.problemTitle}>Could not parse the CSV file. Please check the format.</p>
              <ul className={styles.list}>
                {state.parseProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          {state.status === 'error' && state.rows.length === 0 && state.parseProblems.length === 0 && (
            <p className={styles.problemBox} role="alert">
              Empty file: the file needs a header row and at least one member row.
            </p>
          )}
          {state.missingColumns.length > 0 && (
            <p className={styles.hint}>Columns missing from the header: {state.missingColumns.join(', ')}.</p>
          )}
          {state.problems.length > 0 && <RowProblemList title="rows have validation errors" problems={state.problems} />}
          {state.ready && state.status === 'idle' && (
            <p className={styles.success} role="status">
              All {state.rows.length} rows are valid and ready to upload.
            </p>
          )}
          {(uploading || state.status === 'completed' || state.uploadError) && <UploadProgress state={state} />}
          <div className={styles.actions}>
            {uploading ? (
              <Button variant="secondary" onPress={stop}>
                Stop
              </Button>
            ) : (
              <Button variant="secondary" onPress={onClose} isDisabled={busy}>
                Close
              </Button>
            )}
            {state.status === 'completed' && (
              <Button variant="secondary" onPress={reset}>
                Upload Another File
              </Button>
            )}
            {state.ready && (state.status === 'idle' || state.uploadError) && (
              <Button onPress={() => void upload()}>{state.uploadError ? 'Resume Upload' : `Upload ${state.rows.length} Members`}</Button>
            )}
          </div>
        </div>
      </Dialog>
    </Modal>
  );
}

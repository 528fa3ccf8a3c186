import { dataSubjectSchema, erasureSchema } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useClient, useMutation } from 'urql';
import { errorCode, errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import { downloadBlob } from './auditExport';
import { buildPdf } from './auditPdf';
import { DataSubjectExportQuery, ErasePersonalDataMutation, type DataSubjectExport } from './audit.operations';
import { subjectFileName, subjectJson, subjectPdfSections } from './subjectExport';
import * as styles from './audit.css';

function ExportResult({ exported }: { exported: DataSubjectExport }) {
  const downloadPdf = async () => {
    const blob = await buildPdf(
      `Personal data held: ${exported.idNumber}`,
      `Generated ${formatDateTime(exported.generatedAt)} (POPIA data-subject access request)`,
      subjectPdfSections(exported),
    );
    downloadBlob(subjectFileName(exported.idNumber, exported.generatedAt, 'pdf'), blob);
  };
  return (
    <div className={styles.exportResult} role="status">
      <p>
        Found {exported.subjectIds.length} {exported.subjectIds.length === 1 ? 'record of this person' : 'records of this person'},
        generated {formatDateTime(exported.generatedAt)}.
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          onPress={() =>
            downloadBlob(
              subjectFileName(exported.idNumber, exported.generatedAt, 'json'),
              new Blob([subjectJson(exported)], { type: 'application/json' }),
            )
          }
        >
          <Icon name="download" size={16} />
          Download JSON
        </Button>
        <Button variant="secondary" size="sm" onPress={() => void downloadPdf()}>
          <Icon name="file" size={16} />
          Download PDF
        </Button>
      </div>
    </div>
  );
}

/** POPIA: export everything held about a person, or erase it (refused with the reason while a legal hold applies). */
export function PersonalDataTab({ companyId }: { companyId: string | null }) {
  const { toast } = useToast();
  const client = useClient();
  const [idNumber, setIdNumber] = useState('');
  const [reason, setReason] = useState('');
  const [idError, setIdError] = useState<string>();
  const [reasonError, setReasonError] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<DataSubjectExport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [eraseState, erase] = useMutation(ErasePersonalDataMutation);
  const person = idNumber.trim();

  // The server's own schemas: the same messages here as in its refusals.
  const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
    result.error?.issues.find((i) => i.path[0] === field)?.message;

  const needPerson = () => {
    const message = issue(dataSubjectSchema.safeParse({ idNumber: person }), 'idNumber');
    setIdError(message);
    return !message;
  };

  const runExport = async () => {
    if (!needPerson()) return;
    setExporting(true);
    setExported(null);
    const answer = await client
      .query(DataSubjectExportQuery, { idNumber: person, companyId }, { requestPolicy: 'network-only' })
      .toPromise();
    setExporting(false);
    if (answer.data) setExported(answer.data.dataSubjectExport);
    else
      toast({
        title: 'Export failed',
        description: answer.error ? errorMessage(answer.error) : 'The server sent an empty answer',
        variant: 'destructive',
      });
  };

  const askToErase = () => {
    const reasonMessage = issue(erasureSchema.safeParse({ idNumber: person, reason }), 'reason');
    setReasonError(reasonMessage);
    if (needPerson() && !reasonMessage) setConfirming(true);
  };

  const runErase = async () => {
    const result = await erase({ idNumber: person, reason: reason.trim(), companyId });
    setConfirming(false);
    if (result.error || !result.data) {
      const message = result.error ? errorMessage(result.error) : 'The server sent an empty answer';
      const refused = result.error && errorCode(result.error) === 'LEGAL_HOLD';
      setRefusal(message);
      toast({ title: refused ? 'Erasure refused' : 'Erasure failed', description: message, variant: 'destructive' });
      return;
    }
    setRefusal(null);
    setExported(null);
    const { eventsAffected, projectionsRebuilt } = result.data.erasePersonalData;
    const rebuilt =
      projectionsRebuilt.length > 0
        ? ` ${projectionsRebuilt.length} read ${projectionsRebuilt.length === 1 ? 'model was' : 'models were'} rebuilt.`
        : '';
    toast({
      title: 'Personal data erased',
      description: `${eventsAffected} ${eventsAffected === 1 ? 'event now reads' : 'events now read'} '[erased]'.${rebuilt}`,
    });
  };

  return (
    <div className={styles.tabBody}>
      <Card title="Data subject" description="The person's SA ID or passport number, exactly as registered.">
        <div className={styles.personForm}>
          <TextField
            label="SA ID or passport number"
            value={idNumber}
            onChange={(v) => {
              setIdNumber(v);
              setRefusal(null);
            }}
            errorMessage={idError}
            autoComplete="off"
          />
          <Button variant="secondary" isDisabled={exporting} onPress={() => void runExport()}>
            <Icon name="download" size={16} />
            {exporting ? 'Exporting...' : 'Export personal data'}
          </Button>
        </div>
        {exported && <ExportResult exported={exported} />}
      </Card>
      <Card
        title="Erase personal data"
        description="Destroys the person's key: names, numbers and contacts then read '[erased]' everywhere. The events stay, so histories and reports still add up."
      >
        <div className={styles.personForm}>
          <TextField label="Reason for erasure" multiline rows={2} value={reason} onChange={setReason} errorMessage={reasonError} />
          <Button variant="danger" isDisabled={eraseState.fetching} onPress={askToErase}>
            <Icon name="trash" size={16} />
            Erase personal data
          </Button>
        </div>
        {refusal && (
          <p role="alert" className={styles.refusal}>
            {refusal}
          </p>
        )}
      </Card>
      <ConfirmDialog
        isOpen={confirming}
        title="Erase this person's personal data?"
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        isPending={eraseState.fetching}
        onConfirm={() => void runErase()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Everything personal held about {person} will read '[erased]' and cannot be restored. The erasure, its reason and who made it are
          kept in the audit trail.
        </p>
      </ConfirmDialog>
    </div>
  );
}

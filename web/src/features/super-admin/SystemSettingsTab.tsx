import { PLATFORM_SETTINGS } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate } from '../../app/format';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Cell, DataTable } from '../../ui/DataTable';
import { PageSpinner } from '../../ui/Spinner';
import {
  DeleteSystemSettingMutation,
  SETTING_CHANGE_CONTEXT,
  SETTINGS_CONTEXT,
  SystemSettingsQuery,
  type SystemSetting,
} from './superAdmin.operations';
import { settingValueText } from './superAdminDisplay';
import { SystemSettingForm } from './SystemSettingForm';
import * as styles from './superAdmin.css';

const COLUMNS = ['Key', 'Category', 'Value', 'Description', 'Updated', 'Actions'];

/** System Settings (spec part 2 §2): the add form (opened by Add Setting), the settings, and (issue #25) edit and delete. */
export function SystemSettingsTab({ adding, onCloseForm }: { adding: boolean; onCloseForm: () => void }) {
  const { toast } = useToast();
  const [result] = useQuery({ query: SystemSettingsQuery, context: SETTINGS_CONTEXT });
  const [editing, setEditing] = useState<SystemSetting | null>(null);
  const [deleting, setDeleting] = useState<SystemSetting | null>(null);
  const [removal, remove] = useMutation(DeleteSystemSettingMutation);
  const settings = result.data?.systemSettings ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    const answer = await remove({ id: deleting.id }, SETTING_CHANGE_CONTEXT);
    setDeleting(null);
    if (answer.error) return toast({ title: 'Error', description: errorMessage(answer.error), variant: 'destructive' });
    toast({ title: 'Success', description: 'System setting deleted successfully' });
  };

  return (
    <div className={styles.tab}>
      {adding && !editing && <SystemSettingForm onClose={onCloseForm} />}
      {editing && <SystemSettingForm key={editing.id} setting={editing} onClose={() => setEditing(null)} />}
      <p className={styles.hint}>
        Subscription invoices show the platform as {PLATFORM_SETTINGS.name}, {PLATFORM_SETTINGS.address} and {PLATFORM_SETTINGS.vatNumber}{' '}
        say. Without a VAT number they are invoices, not tax invoices.
      </p>
      {result.fetching && !result.data ? (
        <PageSpinner label="Loading system settings" />
      ) : result.error && !result.data ? (
        <p className={styles.hint} role="alert">
          {errorMessage(result.error)}
        </p>
      ) : settings.length === 0 ? (
        <p className={styles.hint}>No system settings yet. Add one with Add Setting.</p>
      ) : (
        <DataTable caption="System settings" columns={COLUMNS}>
          {settings.map((setting) => (
            <tr key={setting.id}>
              <Cell label="Key" lead>
                {setting.key}
              </Cell>
              <Cell label="Category">{setting.category}</Cell>
              <Cell label="Value" className={styles.value}>
                {settingValueText(setting.value)}
              </Cell>
              <Cell label="Description" className={styles.description}>
                {setting.description || '-'}
              </Cell>
              <Cell label="Updated" className={styles.nowrap}>
                {formatDate(setting.updatedAt)}
              </Cell>
              <Cell label="Actions">
                <span className={styles.rowActions}>
                  <Button variant="secondary" size="sm" aria-label={`Edit ${setting.key}`} onPress={() => setEditing(setting)}>
                    Edit
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Delete ${setting.key}`} onPress={() => setDeleting(setting)}>
                    Delete
                  </Button>
                </span>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.key ?? ''}`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        tone="danger"
        isPending={removal.fetching}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          The setting <strong>{deleting?.key}</strong> is removed and the platform no longer reads it; the deletion is recorded in the event
          log.
        </p>
      </ConfirmDialog>
    </div>
  );
}

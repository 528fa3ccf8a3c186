import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate } from '../../app/format';
import { Cell, DataTable } from '../../ui/DataTable';
import { PageSpinner } from '../../ui/Spinner';
import { SETTINGS_CONTEXT, SystemSettingsQuery } from './superAdmin.operations';
import { settingValueText } from './superAdminDisplay';
import { SystemSettingForm } from './SystemSettingForm';
import * as styles from './superAdmin.css';

const COLUMNS = ['Key', 'Category', 'Value', 'Description', 'Updated'];

/** System Settings (spec part 2 §2): the add form (opened by Add Setting) and the settings. */
export function SystemSettingsTab({ adding, onCloseForm }: { adding: boolean; onCloseForm: () => void }) {
  const [result] = useQuery({ query: SystemSettingsQuery, context: SETTINGS_CONTEXT });
  const settings = result.data?.systemSettings ?? [];
  return (
    <div className={styles.tab}>
      {adding && <SystemSettingForm onClose={onCloseForm} />}
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
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

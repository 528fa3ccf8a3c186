import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { HistorySection } from '../audit/HistoryDisclosure';
import { CompanySection } from './CompanySection';
import { ProfileSection } from './ProfileSection';
import { SecuritySection } from './SecuritySection';
import { TemplatesSection } from './TemplatesSection';
import { SettingsQuery } from './settings.operations';
import * as styles from './settings.css';

/** /settings: company information, message templates (issue #24), the user's profile and security (spec part 2 §2). */
export function SettingsPage() {
  const [{ data, error, fetching }] = useQuery({ query: SettingsQuery });
  const me = data?.me;
  return (
    <div className={styles.page}>
      <PageHeader title="Settings" description="Your company's information, your own profile and the security of your account." />
      {fetching && !data && <PageSpinner label="Loading settings" />}
      {error && !data && (
        <Card as="div" title="Settings could not be loaded">
          <p className={styles.muted}>{errorMessage(error)}</p>
        </Card>
      )}
      {data?.company && me && (
        <CompanySection key={data.company.id} company={data.company} canEdit={me.permissions.includes('company:update')} />
      )}
      {data?.company && me?.permissions.includes('notifications:read') && (
        <TemplatesSection canEdit={me.permissions.includes('company:update')} />
      )}
      {data?.company && <HistorySection entity="company" id={data.company.id} name="the company" card />}
      {me && <ProfileSection key={me.id} profile={me} />}
      {me && <SecuritySection />}
    </div>
  );
}

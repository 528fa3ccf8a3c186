import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { CompaniesTab } from './CompaniesTab';
import { ComplianceLogsTab } from './ComplianceLogsTab';
import { PlansTab } from './PlansTab';
import { PlatformStatsGrid } from './PlatformStatsGrid';
import { SubscriptionsTab } from './SubscriptionsTab';
import { SystemSettingsTab } from './SystemSettingsTab';
import * as styles from './superAdmin.css';

/**
 * /super-admin (spec part 2 §2): the platform operator's view of every company, subscription, plan,
 * compliance log and system setting. Only super_admin reaches it (the route guard reads the navigation table).
 */
export function SuperAdminPage() {
  const [tab, setTab] = useState('companies');
  const [adding, setAdding] = useState(false);

  const toggleAdd = () => {
    setAdding((open) => !open);
    if (!adding) setTab('settings');
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title="Super Admin Dashboard"
        description="Every company on the platform, their subscriptions, the plans, compliance logs and system settings."
        actions={
          <Button onPress={toggleAdd} aria-expanded={adding}>
            <Icon name={adding ? 'close' : 'gear'} size={18} />
            Add Setting
          </Button>
        }
      />
      <PlatformStatsGrid />
      <Tabs
        aria-label="Super admin"
        selectedKey={tab}
        onSelectionChange={setTab}
        items={[
          { id: 'companies', label: 'Companies', content: <CompaniesTab /> },
          { id: 'subscriptions', label: 'Subscriptions', content: <SubscriptionsTab /> },
          { id: 'plans', label: 'Subscription Plans', content: <PlansTab /> },
          { id: 'compliance', label: 'Compliance Logs', content: <ComplianceLogsTab /> },
          { id: 'settings', label: 'System Settings', content: <SystemSettingsTab adding={adding} onCloseForm={() => setAdding(false)} /> },
        ]}
      />
    </div>
  );
}

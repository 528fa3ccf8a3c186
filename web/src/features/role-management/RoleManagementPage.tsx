import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { CreateUserDialog } from './CreateUserDialog';
import { RolePermissionsTab } from './RolePermissionsTab';
import { SystemSetupCard } from './SystemSetupCard';
import { UserManagementTab } from './UserManagementTab';
import { UserPermissionsTab } from './UserPermissionsTab';
import * as styles from './roleManagement.css';

/**
 * /role-management (spec part 2 §2): the company's users and roles, each role's permissions, and
 * per-user grants and revokes. Only administrators reach it (the route guard reads the navigation table).
 */
export function RoleManagementPage() {
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState('users');

  return (
    <div className={styles.page}>
      <PageHeader
        title="Role Management"
        description="Your company's users and their roles, the permissions of each role and per-user permission overrides."
        actions={
          <Button onPress={() => setCreating(true)}>
            <Icon name="userPlus" size={18} />
            Create User
          </Button>
        }
      />
      <SystemSetupCard />
      <Tabs
        aria-label="Role management"
        selectedKey={tab}
        onSelectionChange={setTab}
        items={[
          { id: 'users', label: 'User Management', content: <UserManagementTab /> },
          { id: 'roles', label: 'Role Permissions', content: <RolePermissionsTab /> },
          { id: 'user-permissions', label: 'User Permissions', content: <UserPermissionsTab /> },
        ]}
      />
      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
    </div>
  );
}

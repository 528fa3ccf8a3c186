import type { ReactNode } from 'react';
import type { PermissionGroup, PermissionItem } from './roleManagement.operations';
import * as styles from './roleManagement.css';

export type PermissionGroupsViewProps = {
  groups: readonly PermissionGroup[];
  /** The accessible name of the whole list: whose permissions these are. */
  label: string;
  renderPermission: (permission: PermissionItem) => ReactNode;
};

/** The catalogue grouped by resource category, one box per category, as both permission tabs show it. */
export function PermissionGroupsView({ groups, label, renderPermission }: PermissionGroupsViewProps) {
  return (
    <div className={styles.groups} role="group" aria-label={label}>
      {groups.map((group) => (
        <fieldset key={group.resource} className={styles.group}>
          <legend className={styles.groupTitle}>{group.resource.replaceAll('_', ' ')}</legend>
          {group.permissions.map((permission) => (
            <div key={permission.id}>{renderPermission(permission)}</div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

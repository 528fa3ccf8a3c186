import { permissionLabel } from '@fpa/write-model/validation';
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { PermissionGroupsView } from './PermissionGroupsView';
import {
  PermissionGroupsQuery,
  ROLE_CHANGE_CONTEXT,
  ROLES_CONTEXT,
  RolesQuery,
  SetRolePermissionsMutation,
  type CompanyRoleValue,
  type PermissionItem,
} from './roleManagement.operations';
import * as styles from './roleManagement.css';

/** The role's set with one permission added or taken away, in a stable order. */
export function toggledSet(current: readonly string[], name: string, on: boolean): string[] {
  const next = new Set(current);
  if (on) next.add(name);
  else next.delete(name);
  return [...next].sort();
}

/** Role Permissions (spec part 2 §2): a role's permissions as checkboxes; each toggle saves at once. */
export function RolePermissionsTab() {
  const { toast } = useToast();
  const [roles] = useQuery({ query: RolesQuery, context: ROLES_CONTEXT });
  const [groups] = useQuery({ query: PermissionGroupsQuery });
  const [{ fetching: saving }, setRolePermissions] = useMutation(SetRolePermissionsMutation);
  const [selected, setSelected] = useState<CompanyRoleValue | null>(null);
  // The set just saved, shown until the refetched roles arrive, so a box does not flick back meanwhile.
  const [saved, setSaved] = useState<{ role: CompanyRoleValue; permissions: string[] } | null>(null);
  useEffect(() => setSaved(null), [roles.data]);

  const roleOptions = (roles.data?.roles ?? []).map((role) => ({ id: role.value, label: role.label }));
  const role = roles.data?.roles.find((r) => r.value === selected);
  const granted = new Set(saved && saved.role === selected ? saved.permissions : (role?.permissions ?? []));

  const toggle = async (permission: PermissionItem, on: boolean) => {
    if (!role || saving) return;
    const permissionIds = toggledSet([...granted], permission.id, on);
    const result = await setRolePermissions({ role: role.value, permissionIds }, ROLE_CHANGE_CONTEXT);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    setSaved({ role: role.value, permissions: result.data?.setRolePermissions.permissions ?? permissionIds });
    toast({ title: 'Success', description: 'Role permissions updated successfully' });
  };

  if ((roles.fetching && !roles.data) || (groups.fetching && !groups.data)) return <PageSpinner label="Loading permissions" />;
  const error = roles.error ?? groups.error;
  if (error && !(roles.data && groups.data)) {
    return (
      <p className={styles.hint} role="alert">
        {errorMessage(error)}
      </p>
    );
  }

  return (
    <div className={styles.tab}>
      <Select
        className={styles.picker}
        label="Role"
        placeholder="Choose a role"
        options={roleOptions}
        value={selected}
        onChange={(value) => setSelected(value as CompanyRoleValue | null)}
      />
      {role ? (
        <>
          <p className={styles.hint}>{role.description}</p>
          <PermissionGroupsView
            groups={groups.data?.permissionGroups ?? []}
            label={`Permissions of ${role.label}`}
            renderPermission={(permission) => (
              <RolePermissionCheckbox
                permission={permission}
                isSelected={granted.has(permission.id)}
                isDisabled={saving}
                onChange={(on) => void toggle(permission, on)}
              />
            )}
          />
        </>
      ) : (
        <p className={styles.hint}>Choose a role to see and change its permissions.</p>
      )}
    </div>
  );
}

type RolePermissionCheckboxProps = {
  permission: PermissionItem;
  isSelected: boolean;
  isDisabled: boolean;
  onChange: (on: boolean) => void;
};

function RolePermissionCheckbox({ permission, isSelected, isDisabled, onChange }: RolePermissionCheckboxProps) {
  const descriptionId = useId();
  return (
    <div className={styles.permission}>
      <Checkbox isSelected={isSelected} isDisabled={isDisabled} onChange={onChange} aria-describedby={descriptionId}>
        {permissionLabel(permission)}
      </Checkbox>
      <p id={descriptionId} className={styles.permissionDescription}>
        {permission.description}
      </p>
    </div>
  );
}

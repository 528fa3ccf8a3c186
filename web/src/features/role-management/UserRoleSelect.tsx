import { roleLabel } from '@fpa/write-model/validation';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Select } from '../../ui/Select';
import { COMPANY_ROLE_OPTIONS, fullName } from './roleLabels';
import { ChangeUserRoleMutation, USER_CHANGE_CONTEXT, type CompanyRoleValue, type CompanyUserRow } from './roleManagement.operations';
import * as styles from './roleManagement.css';

/** A user's role, changed the moment another is chosen (spec part 2 §2). */
export function UserRoleSelect({ user }: { user: CompanyUserRow }) {
  const { toast } = useToast();
  const [{ fetching }, changeRole] = useMutation(ChangeUserRoleMutation);

  const change = async (role: CompanyRoleValue) => {
    if (role === user.role) return;
    const result = await changeRole({ userId: user.id, role }, USER_CHANGE_CONTEXT);
    if (result.error) {
      toast({ title: 'Error updating role', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Role updated', description: 'User role has been updated successfully.' });
  };

  // A platform user is never listed here, but a role outside the list still shows what it is.
  const options = COMPANY_ROLE_OPTIONS.some((o) => o.id === user.role)
    ? COMPANY_ROLE_OPTIONS
    : [...COMPANY_ROLE_OPTIONS, { id: user.role, label: roleLabel(user.role) }];

  return (
    <Select
      className={styles.rowSelect}
      label={`Role of ${fullName(user)}`}
      labelHidden
      options={options}
      value={user.role}
      isDisabled={fetching}
      onChange={(value) => value && void change(value as CompanyRoleValue)}
    />
  );
}

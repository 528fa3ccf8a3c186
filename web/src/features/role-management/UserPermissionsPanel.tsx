import { permissionLabel } from '@fpa/write-model/validation';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { PageSpinner } from '../../ui/Spinner';
import { fullName } from './roleLabels';
import { PermissionGroupsView } from './PermissionGroupsView';
import {
  GrantPermissionMutation,
  RevokePermissionMutation,
  UserPermissionsQuery,
  type CompanyUserRow,
  type PermissionGroup,
  type PermissionItem,
  type UserPermissions,
} from './roleManagement.operations';
import * as styles from './roleManagement.css';

// A grant or revoke answers with UserPermissions, so the document cache refetches this panel after one.
const PANEL_CONTEXT = { additionalTypenames: ['UserPermissions'] };

/** What the user's own override says about a permission, if there is one. */
export function overrideText(answer: UserPermissions, name: string): string | null {
  const override = answer.userOverrides.find((o) => o.name === name);
  if (!override) return null;
  return override.effect === 'grant' ? 'Granted to this user' : 'Revoked for this user';
}

type PanelProps = { user: CompanyUserRow; groups: readonly PermissionGroup[] };

/** The selected user's effective set as badges, and every permission with Grant and Revoke. */
export function UserPermissionsPanel({ user, groups }: PanelProps) {
  const { toast } = useToast();
  const [result] = useQuery({ query: UserPermissionsQuery, variables: { userId: user.id }, context: PANEL_CONTEXT });
  const [{ fetching: granting }, grant] = useMutation(GrantPermissionMutation);
  const [{ fetching: revoking }, revoke] = useMutation(RevokePermissionMutation);
  const busy = granting || revoking;

  const change = async (permission: PermissionItem, effect: 'grant' | 'revoke') => {
    const variables = { userId: user.id, permission: permission.name };
    const answer = effect === 'grant' ? await grant(variables) : await revoke(variables);
    if (answer.error) {
      toast({ title: 'Error', description: errorMessage(answer.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: effect === 'grant' ? 'Permission granted successfully' : 'Permission revoked successfully' });
  };

  if (result.fetching && !result.data) return <PageSpinner label="Loading permissions" />;
  if (result.error && !result.data) {
    return (
      <p className={styles.hint} role="alert">
        {errorMessage(result.error)}
      </p>
    );
  }
  const answer = result.data?.userPermissions;
  if (!answer) return null;
  const effective = new Set(answer.effectivePermissions);

  return (
    <>
      <Card
        title="Effective Permissions"
        headingLevel={3}
        description="The role's permissions, plus what was granted to this user, minus what was revoked."
      >
        {answer.effectivePermissions.length === 0 ? (
          <p className={styles.hint}>This user has no permissions.</p>
        ) : (
          <ul className={styles.badges} aria-label={`Effective permissions of ${fullName(user)}`}>
            {answer.effectivePermissions.map((name) => (
              <li key={name}>
                <Badge tone="success">{name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <PermissionGroupsView
        groups={groups}
        label={`Grant or revoke for ${fullName(user)}`}
        renderPermission={(permission) => (
          <PermissionOverrideRow
            permission={permission}
            isEffective={effective.has(permission.name)}
            note={overrideText(answer, permission.name)}
            isDisabled={busy}
            onChange={(effect) => void change(permission, effect)}
          />
        )}
      />
    </>
  );
}

type RowProps = {
  permission: PermissionItem;
  isEffective: boolean;
  note: string | null;
  isDisabled: boolean;
  onChange: (effect: 'grant' | 'revoke') => void;
};

function PermissionOverrideRow({ permission, isEffective, note, isDisabled, onChange }: RowProps) {
  const label = permissionLabel(permission);
  return (
    <div className={styles.overrideRow}>
      <span
        role="img"
        aria-label={isEffective ? `${label}: effective` : `${label}: not effective`}
        className={`${styles.effect} ${styles.effectTone[isEffective ? 'on' : 'off']}`}
      >
        <Icon name={isEffective ? 'check' : 'close'} size={16} />
      </span>
      <span className={styles.overrideText}>
        <span>{label}</span>
        <span className={styles.secondary}>{note ? `${permission.description} · ${note}` : permission.description}</span>
      </span>
      <span className={styles.overrideActions}>
        <Button size="sm" variant="secondary" aria-label={`Grant ${label}`} isDisabled={isDisabled} onPress={() => onChange('grant')}>
          Grant
        </Button>
        <Button size="sm" variant="secondary" aria-label={`Revoke ${label}`} isDisabled={isDisabled} onPress={() => onChange('revoke')}>
          Revoke
        </Button>
      </span>
    </div>
  );
}

import { useState } from 'react';
import { useMutation } from 'urql';
import { useAuth } from '../../app/auth/AuthProvider';
import { errorMessage } from '../../app/errors';
import { useCan } from '../../app/permissions';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { fullName } from './roleLabels';
import { DeactivateUserMutation, ReactivateUserMutation, USER_CHANGE_CONTEXT, type CompanyUserRow } from './roleManagement.operations';

/**
 * Deactivate (after asking) or Reactivate a staff user (issue #25), with the permission the server checks;
 * never one's own account. A deactivated user's sessions end at once and sign-in is refused.
 */
export function UserActiveToggle({ user }: { user: CompanyUserRow }) {
  const { user: me } = useAuth();
  const may = useCan('users:update_role');
  const { toast } = useToast();
  const [deactivation, deactivate] = useMutation(DeactivateUserMutation);
  const [reactivation, reactivate] = useMutation(ReactivateUserMutation);
  const [asking, setAsking] = useState(false);
  if (!may || me?.id === user.id) return null;
  const name = fullName(user);

  const done = (error: Parameters<typeof errorMessage>[0] | undefined, description: string) => {
    if (error) return toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    toast({ title: 'User updated', description });
  };

  if (!user.isActive)
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Reactivate ${name}`}
        isDisabled={reactivation.fetching}
        onPress={() =>
          void reactivate({ userId: user.id }, USER_CHANGE_CONTEXT).then((result) => done(result.error, `${name} can sign in again.`))
        }
      >
        Reactivate
      </Button>
    );

  return (
    <>
      <Button variant="secondary" size="sm" aria-label={`Deactivate ${name}`} onPress={() => setAsking(true)}>
        Deactivate
      </Button>
      <ConfirmDialog
        isOpen={asking}
        title={`Deactivate ${name}`}
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        tone="danger"
        isPending={deactivation.fetching}
        onConfirm={() =>
          void deactivate({ userId: user.id }, USER_CHANGE_CONTEXT).then((result) => {
            setAsking(false);
            done(result.error, `${name} is signed out everywhere and cannot sign in until reactivated.`);
          })
        }
        onCancel={() => setAsking(false)}
      >
        <p>{name} is signed out everywhere at once and cannot sign in until reactivated. Their history stays.</p>
      </ConfirmDialog>
    </>
  );
}

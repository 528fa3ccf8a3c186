import { useState } from 'react';
import { useMutation } from 'urql';
import { useAuth } from '../../app/auth/AuthProvider';
import { errorMessage } from '../../app/errors';
import { useCan } from '../../app/permissions';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog, Modal } from '../../ui/Dialog';
import { fullName } from './roleLabels';
import { ResetUserPasswordMutation, USER_CHANGE_CONTEXT, type CompanyUserRow } from './roleManagement.operations';
import * as styles from './roleManagement.css';

type Step = { name: 'idle' } | { name: 'asking' } | { name: 'issued'; password: string };

/**
 * Reset password (issue #25): after asking, the server sets a temporary password and ends the user's
 * sessions; it is shown here once (only its hash is kept) for the administrator to hand over. At their next
 * sign-in the user must choose their own. Same permission as deactivating; never one's own account.
 */
export function ResetPasswordButton({ user }: { user: CompanyUserRow }) {
  const { user: me } = useAuth();
  const may = useCan('users:update_role');
  const { toast } = useToast();
  const [resetting, reset] = useMutation(ResetUserPasswordMutation);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [copied, setCopied] = useState(false);
  if (!may || me?.id === user.id || !user.isActive) return null;
  const name = fullName(user);

  const confirm = async () => {
    const result = await reset({ userId: user.id }, USER_CHANGE_CONTEXT);
    const password = result.data?.resetUserPassword.temporaryPassword;
    if (result.error || !password) {
      setStep({ name: 'idle' });
      toast({
        title: 'Error',
        description: result.error ? errorMessage(result.error) : 'No temporary password was issued. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    setCopied(false);
    setStep({ name: 'issued', password });
  };

  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the password and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" aria-label={`Reset password of ${name}`} onPress={() => setStep({ name: 'asking' })}>
        Reset password
      </Button>
      <ConfirmDialog
        isOpen={step.name === 'asking'}
        title={`Reset the password of ${name}`}
        confirmLabel="Reset password"
        pendingLabel="Resetting..."
        tone="primary"
        isPending={resetting.fetching}
        onConfirm={() => void confirm()}
        onCancel={() => setStep({ name: 'idle' })}
      >
        <p>
          {name} is signed out everywhere and their current password stops working. You will see a temporary password once; at their next
          sign-in they must choose their own.
        </p>
      </ConfirmDialog>
      <Modal isOpen={step.name === 'issued'} onOpenChange={(open) => !open && setStep({ name: 'idle' })}>
        <Dialog title={`Temporary password for ${name}`}>
          <p>Give it to {name} in person or by phone. It is shown only now: once you close this, nobody can see it again.</p>
          {step.name === 'issued' && (
            <>
              <code className={styles.temporaryPassword} aria-label="Temporary password">
                {step.password}
              </code>
              <div className={styles.userActions}>
                <Button variant="secondary" onPress={() => void copy(step.password)}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
                <Button onPress={() => setStep({ name: 'idle' })}>Done</Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </>
  );
}

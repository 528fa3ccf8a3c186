import { resetPasswordFormSchema } from '@fpa/write-model/validation';
import { useMemo, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import * as styles from './auth.css';
import { ResetPasswordMutation } from './reset.operations';

/** Screen 3: choose a new password for the token in the address. */
export function ResetPasswordForm({ token, onDone, onBack }: { token: string; onDone: () => void; onBack: () => void }) {
  const { toast } = useToast();
  const initial = useMemo(() => ({ token, newPassword: '', confirmPassword: '' }), [token]);
  const form = useSchemaForm(resetPasswordFormSchema, initial);
  const [state, resetPassword] = useMutation(ResetPasswordMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    // The confirmation is checked here only; the server gets the token and the new password.
    const result = await resetPassword({ input: { token: values.token, newPassword: values.newPassword } });
    if (result.error || !result.data?.resetPassword) {
      toast({ title: 'Error', description: 'Failed to reset password. The link may have expired.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Password reset successful', description: 'Your password has been updated. You can now log in.' });
    onDone();
  };

  return (
    <>
      <h1 className={styles.cardHeading}>Choose a new password</h1>
      <p className={styles.cardIntro}>
        Use at least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.
      </p>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Choose a new password">
        {form.errors.token && (
          <p className={styles.formError} role="alert">
            {form.errors.token}
          </p>
        )}
        <TextField label="New password" type="password" autoComplete="new-password" {...form.field('newPassword')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" fullWidth isDisabled={state.fetching}>
          {state.fetching ? 'Resetting Password...' : 'Reset Password'}
        </Button>
        <Button variant="secondary" fullWidth onPress={onBack}>
          Back to Login
        </Button>
      </form>
    </>
  );
}

/** Screen 4: done. */
export function ResetComplete({ onBack }: { onBack: () => void }) {
  return (
    <>
      <span className={styles.statusIcon}>
        <Icon name="check" size={24} />
      </span>
      <h1 className={styles.cardHeading}>Password Reset Complete</h1>
      <p className={styles.cardIntro}>Your password has been updated. Sign in with your new password.</p>
      <Button fullWidth onPress={onBack}>
        Back to Login
      </Button>
    </>
  );
}

import { requestResetSchema } from '@fpa/write-model/validation';
import type { FormEvent } from 'react';
import { useMutation } from 'urql';
import { useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import * as styles from './auth.css';
import { RequestPasswordResetMutation } from './reset.operations';

export type ResetSent = { email: string };

const INITIAL = { email: '' };

/** Screen 1 of the reset flow: ask for a link by e-mail. */
export function ResetRequestForm({ onSent, onBack }: { onSent: (sent: ResetSent) => void; onBack: () => void }) {
  const { toast } = useToast();
  const form = useSchemaForm(requestResetSchema, INITIAL);
  const [state, requestReset] = useMutation(RequestPasswordResetMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    const result = await requestReset({ input });
    if (result.error || !result.data) {
      toast({ title: 'Error', description: 'Failed to send reset link. Please try again.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Reset link sent', description: 'If the email exists, a reset link has been sent.' });
    onSent({ email: input.email });
  };

  return (
    <>
      <h1 className={styles.cardHeading}>Reset your password</h1>
      <p className={styles.cardIntro}>Enter the email address of your account and we'll send you a link to choose a new password.</p>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Request a password reset link">
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Button type="submit" fullWidth isDisabled={state.fetching}>
          {state.fetching ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Button variant="secondary" fullWidth onPress={onBack}>
          Back to Login
        </Button>
      </form>
    </>
  );
}

/** Screen 2: the link is on its way (whether or not the address exists, so accounts stay private). */
export function CheckEmail({ sent, onBack }: { sent: ResetSent; onBack: () => void }) {
  return (
    <>
      <span className={styles.statusIcon}>
        <Icon name="check" size={24} />
      </span>
      <h1 className={styles.cardHeading}>Check Your Email</h1>
      <p className={styles.cardIntro}>
        If an account exists for {sent.email}, we've sent it a link to reset your password. The link expires in 30 minutes.
      </p>
      <Button fullWidth onPress={onBack}>
        Back to Login
      </Button>
    </>
  );
}

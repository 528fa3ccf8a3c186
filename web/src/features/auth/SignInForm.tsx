import { loginSchema } from '@fpa/write-model/validation';
import type { FormEvent } from 'react';
import { useAuth } from '../../app/auth/AuthProvider';
import { useSchemaForm } from '../../app/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import * as styles from './auth.css';

const INITIAL = { username: '', password: '' };

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { login, isLoggingIn } = useAuth();
  const form = useSchemaForm(loginSchema, INITIAL);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    // Success swaps the page (the /auth guard sends a signed-in user to /); failure toasts.
    const outcome = await login(input);
    if (!outcome.ok) form.setErrors(outcome.fieldErrors);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Sign in">
      <TextField label="Username" autoComplete="username" {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <div className={styles.rowEnd}>
        <Button variant="link" onPress={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" fullWidth isDisabled={isLoggingIn}>
        {isLoggingIn ? 'Logging in...' : 'Sign In'}
      </Button>
    </form>
  );
}

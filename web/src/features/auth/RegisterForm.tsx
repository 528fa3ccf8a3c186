import { registrationSchema } from '@fpa/write-model/validation';
import type { FormEvent } from 'react';
import { useAuth } from '../../app/auth/AuthProvider';
import { useSchemaForm } from '../../app/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import * as styles from './auth.css';

const INITIAL = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  adminSaId: '',
  companyName: '',
  cipNumber: '',
  companyEmail: '',
  companyPhone: '',
  fspNumber: '',
};

/** Registers a company and its first administrator (spec §3 Registration). */
export function RegisterForm() {
  const { register, isRegistering } = useAuth();
  const form = useSchemaForm(registrationSchema, INITIAL);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    const outcome = await register({ ...input, fspNumber: input.fspNumber ?? null });
    if (!outcome.ok) form.setErrors(outcome.fieldErrors);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Create account">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Administrator Details</legend>
        <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        <TextField label="Username" autoComplete="username" {...form.field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField label="SA ID number" inputMode="numeric" maxLength={13} {...form.field('adminSaId')} />
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Company Details</legend>
        <TextField className={styles.fullRow} label="Company name" autoComplete="organization" {...form.field('companyName')} />
        <TextField label="CIPC number" placeholder="YYYY/NNNNNN/NN" {...form.field('cipNumber')} />
        <TextField label="FSP number (optional)" {...form.field('fspNumber')} />
        <TextField label="Company email" type="email" {...form.field('companyEmail')} />
        <TextField label="Company phone" type="tel" placeholder="0821234567" {...form.field('companyPhone')} />
      </fieldset>
      <Button type="submit" fullWidth isDisabled={isRegistering}>
        {isRegistering ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

import { changePasswordSchema } from '@fpa/write-model/validation';
import { useRef, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { ChangePasswordMutation } from './settings.operations';
import * as styles from './settings.css';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

const COMING_SOON = [
  { title: 'Two-Factor Authentication', text: 'Add a second step to signing in.' },
  { title: 'Session Management', text: 'See and end the sessions signed in to your account.' },
];

/** Settings → security: a real password change, and the two features the spec marks Coming Soon. */
export function SecuritySection() {
  return (
    <Card title="Security" description="Your password and sign-in protection.">
      {COMING_SOON.map((item) => (
        <div key={item.title} className={styles.securityItem}>
          <div className={styles.securityText}>
            <h3 className={styles.itemTitle}>{item.title}</h3>
            <span className={styles.muted}>{item.text}</span>
          </div>
          <Badge tone="neutral">Coming Soon</Badge>
        </div>
      ))}
      <h3 className={styles.subheading}>Change Password</h3>
      <ChangePasswordForm />
    </Card>
  );
}

/**
 * The change-password form, in Settings and on the screen a user signed in with a temporary password
 * sees first (issue #25: `currentLabel` names it, `onChanged` takes them on).
 */
export function ChangePasswordForm({ currentLabel = 'Current password', onChanged }: { currentLabel?: string; onChanged?: () => void }) {
  const { toast } = useToast();
  const form = useSchemaForm(changePasswordSchema, EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, changePassword] = useMutation(ChangePasswordMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await changePassword({ input: form.values });
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({ title: 'Update failed', description: serverMessageOr(result.error, 'Failed to change password'), variant: 'destructive' });
      return;
    }
    form.reset();
    toast({ title: 'Password changed', description: 'Your password has been changed. Your other sessions have been signed out.' });
    onChanged?.();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password">
      <div className={styles.fields}>
        <TextField
          label={currentLabel}
          type="password"
          isRequired
          autoComplete="current-password"
          className={styles.fullRow}
          {...form.field('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          isRequired
          autoComplete="new-password"
          description="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
          {...form.field('newPassword')}
        />
        <TextField label="Confirm new password" type="password" isRequired autoComplete="new-password" {...form.field('confirmPassword')} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}

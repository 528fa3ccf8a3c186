import { profileSettingsSchema } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { UpdateProfileMutation, type Profile } from './settings.operations';
import * as styles from './settings.css';

/** Spec part 2 §2: the role with its underscores shown as spaces ('billing clerk'). */
export function roleLabel(role: string): string {
  return role.replaceAll('_', ' ');
}

/** Settings → user profile: the signed-in user's own names, e-mail and phone. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const { toast } = useToast();
  const [initial] = useState(() => ({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone ?? '',
  }));
  const form = useSchemaForm(profileSettingsSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, updateProfile] = useMutation(UpdateProfileMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await updateProfile({ input });
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) form.setErrors(issues);
      toast({ title: 'Update failed', description: serverMessageOr(result.error, 'Failed to update profile'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
  };

  return (
    <Card title="User Profile" description="Your own details. Fields marked * are required.">
      <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="User profile">
        <dl className={styles.details}>
          <dt className={styles.term}>Username</dt>
          <dd className={styles.definition}>{profile.username}</dd>
          <dt className={styles.term}>Role</dt>
          <dd className={`${styles.definition} ${styles.role}`}>{roleLabel(profile.role)}</dd>
        </dl>
        <div className={styles.fields}>
          <TextField label="First name" isRequired autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" isRequired autoComplete="family-name" {...form.field('lastName')} />
          <TextField label="Email" isRequired type="email" autoComplete="email" {...form.field('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

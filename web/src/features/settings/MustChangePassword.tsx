import { useAuth } from '../../app/auth/AuthProvider';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChangePasswordForm } from './SecuritySection';
import * as styles from './mustChangePassword.css';

/**
 * What a user signed in with the temporary password an administrator gave them sees, instead of the
 * app, until they choose their own (issue #25); the server refuses every other call meanwhile.
 */
export function MustChangePassword() {
  const { user, refreshUser, logout, isLoggingOut } = useAuth();
  return (
    <main className={styles.page}>
      <div className={styles.box}>
        <h1 className={styles.heading}>Choose a new password</h1>
        <Card
          description={`Your administrator reset the password of ${user?.username ?? 'your account'}. Enter the temporary password you were given and choose your own before you continue.`}
        >
          <ChangePasswordForm currentLabel="Temporary password" onChanged={refreshUser} />
        </Card>
        <Button variant="ghost" className={styles.signOut} onPress={() => void logout()} isDisabled={isLoggingOut}>
          Sign out
        </Button>
      </div>
    </main>
  );
}

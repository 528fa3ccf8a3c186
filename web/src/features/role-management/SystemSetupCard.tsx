import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InitializeDefaultPermissionsMutation, ROLE_CHANGE_CONTEXT } from './roleManagement.operations';
import * as styles from './roleManagement.css';

/** System Setup (spec part 2 §2): puts every role's default permissions back; safe to run again. */
export function SystemSetupCard() {
  const { toast } = useToast();
  const [{ fetching }, initialize] = useMutation(InitializeDefaultPermissionsMutation);

  const run = async () => {
    const result = await initialize({}, ROLE_CHANGE_CONTEXT);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Default permissions initialized successfully' });
  };

  return (
    <Card title="System Setup" description="Set each role's permissions to the defaults. Run this once when setting up the company.">
      <div className={styles.setup}>
        <p className={styles.hint}>Changes made on the Role Permissions tab are replaced by the defaults.</p>
        <Button variant="secondary" onPress={() => void run()} isDisabled={fetching}>
          {fetching ? 'Initializing...' : 'Initialize Default Permissions'}
        </Button>
      </div>
    </Card>
  );
}

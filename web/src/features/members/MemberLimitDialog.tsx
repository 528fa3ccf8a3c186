import { MEMBER_LIMIT_COUNTS } from '@fpa/write-model/validation';
import { Dialog, Modal } from '../../ui/Dialog';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import * as styles from './members.css';

/** Shown instead of the Add Member form when the plan's member limit is reached: the server's reason. */
export function MemberLimitDialog({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title="Member Limit Reached">
        <div className={styles.form}>
          <p>{reason}</p>
          {!reason.includes(MEMBER_LIMIT_COUNTS) && <p>{MEMBER_LIMIT_COUNTS}</p>}
          <p>
            To add more members, upgrade your plan on the <Link href="/subscription">Subscription</Link> page.
          </p>
          <div className={styles.actions}>
            <Button onPress={onClose}>Close</Button>
          </div>
        </div>
      </Dialog>
    </Modal>
  );
}

import { useMutation } from 'urql';
import { serverMessageOr } from '../../app/errors';
import { useToast } from '../../app/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DeleteMemberMutation, MEMBER_CHANGE_CONTEXT, type MemberRow } from './members.operations';

/** Asks before deleting; the server refuses a member with an active policy and says why. */
export function DeleteMemberDialog({ member, onClose }: { member: Pick<MemberRow, 'id' | 'firstName' | 'lastName'>; onClose: () => void }) {
  const { toast } = useToast();
  const [{ fetching }, deleteMember] = useMutation(DeleteMemberMutation);
  const name = `${member.firstName} ${member.lastName}`;

  const onConfirm = async () => {
    const result = await deleteMember({ id: member.id }, MEMBER_CHANGE_CONTEXT);
    if (result.error) {
      toast({ title: 'Delete failed', description: serverMessageOr(result.error, 'Failed to delete member'), variant: 'destructive' });
    } else {
      toast({ title: 'Member deleted', description: `${name} has been removed.` });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      isOpen
      title={`Delete ${name}?`}
      confirmLabel="Delete Member"
      pendingLabel="Deleting..."
      isPending={fetching}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <p>This action cannot be undone. The member will be permanently removed.</p>
      <p>Members with active policies cannot be deleted.</p>
    </ConfirmDialog>
  );
}

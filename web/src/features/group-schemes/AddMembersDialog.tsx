import { groupSchemeMembersSchemaOn } from '@fpa/write-model/validation';
import { useRef, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { onToday } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { AddSchemeMembersMutation, SCHEMES_CONTEXT, type GroupScheme } from './groupSchemes.operations';
import { MemberRowsError, membersAddedText } from './MemberRowsError';
import { SchemeMemberRows } from './SchemeMemberRows';
import { droppedRowsMessage, mainMembersInput } from './schemeRows';
import { focusFirstProblem, useMemberRows } from './useMemberRows';
import * as styles from './groupSchemes.css';

const NO_EXTRA = {};
const ADD_MEMBERS_SCHEMA = onToday(groupSchemeMembersSchemaOn);

export type AddMembersDialogProps = { scheme: Pick<GroupScheme, 'id' | 'name'>; onClose: () => void };

/** Add Members: the same rows as Create Scheme, without the name (spec part 2 §5 Group scheme). */
export function AddMembersDialog({ scheme, onClose }: AddMembersDialogProps) {
  const { toast } = useToast();
  const form = useMemberRows(ADD_MEMBERS_SCHEMA, NO_EXTRA);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, addMembers] = useMutation(AddSchemeMembersMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!form.validate()) {
      focusFirstProblem(formRef.current);
      return;
    }
    const result = await addMembers({ schemeId: scheme.id, input: { mainMembers: mainMembersInput(form.rows) } }, SCHEMES_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        focusFirstProblem(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to add members'), variant: 'destructive' });
      return;
    }
    const answer = result.data?.addSchemeMembers;
    if (answer) {
      const dropped = droppedRowsMessage(answer.droppedRows);
      toast({ title: 'Members added', description: `${membersAddedText(answer)}${dropped ? ` ${dropped}` : ''}` });
    }
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !saving && onClose()} isDismissable={!saving} size="wide">
      <Dialog title={`Add Members: ${scheme.name}`}>
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add members">
          <p className={styles.hint}>
            A main member needs first name, last name, SA ID, phone and address; rows without them are left out. Each main member gets a
            group policy; family members are covered under it.
          </p>
          <MemberRowsError message={form.errors.mainMembers} />
          <SchemeMemberRows rows={form.rows} onChange={form.setRows} errors={form.errors} onClearErrors={form.clearErrors} />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={saving}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={saving}>
              {saving ? 'Adding...' : 'Add Members'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

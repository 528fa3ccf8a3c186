import { groupSchemeSchemaOn } from '@fpa/write-model/validation';
import { useRef, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { onToday } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { CreateGroupSchemeMutation, SCHEMES_CONTEXT } from './groupSchemes.operations';
import { MemberRowsError, membersAddedText } from './MemberRowsError';
import { SchemeMemberRows } from './SchemeMemberRows';
import { droppedRowsMessage, mainMembersInput } from './schemeRows';
import { focusFirstProblem, useMemberRows } from './useMemberRows';
import * as styles from './groupSchemes.css';

const CREATE_SCHEME_SCHEMA = onToday(groupSchemeSchemaOn);

export type CreateSchemeDialogProps = { onClose: () => void };

/** Create Scheme (spec part 2 §3, §5): a name, a description and the main members with their families. */
export function CreateSchemeDialog({ onClose }: CreateSchemeDialogProps) {
  const { toast } = useToast();
  const form = useMemberRows(CREATE_SCHEME_SCHEMA, { name: '', description: '' });
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, createScheme] = useMutation(CreateGroupSchemeMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!form.validate()) {
      focusFirstProblem(formRef.current);
      return;
    }
    // The rows go as typed: the server drops the incomplete ones again and says how many it dropped.
    const input = { name: form.extra.name.trim(), description: form.extra.description.trim(), mainMembers: mainMembersInput(form.rows) };
    const result = await createScheme({ input }, SCHEMES_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        focusFirstProblem(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to create group scheme'), variant: 'destructive' });
      return;
    }
    const answer = result.data?.createGroupScheme;
    if (answer) {
      const dropped = droppedRowsMessage(answer.droppedRows);
      toast({
        title: 'Group scheme created',
        description: `${answer.scheme.name}: ${membersAddedText(answer)}${dropped ? ` ${dropped}` : ''}`,
      });
    }
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !saving && onClose()} isDismissable={!saving} size="wide">
      <Dialog title="Create Group Scheme">
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Create group scheme">
          <div className={styles.schemeFields}>
            <TextField
              label="Scheme name"
              isRequired
              autoComplete="off"
              autoFocus
              value={form.extra.name}
              onChange={(value) => form.setExtraField('name', value)}
              errorMessage={form.errors.name}
            />
            <TextField
              label="Description"
              multiline
              rows={2}
              value={form.extra.description}
              onChange={(value) => form.setExtraField('description', value)}
              errorMessage={form.errors.description}
            />
          </div>
          <section className={styles.membersSection} aria-labelledby="create-scheme-members">
            <h3 id="create-scheme-members" className={styles.sectionTitle}>
              Main members
            </h3>
            <p className={styles.hint}>
              A main member needs first name, last name, SA ID, phone and address; rows without them are left out.
            </p>
            <MemberRowsError message={form.errors.mainMembers} />
            <SchemeMemberRows rows={form.rows} onChange={form.setRows} errors={form.errors} onClearErrors={form.clearErrors} />
          </section>
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={saving}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={saving}>
              {saving ? 'Creating...' : 'Create Scheme'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

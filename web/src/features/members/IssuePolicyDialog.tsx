import { useMutation, useQuery } from 'urql';
import { ISSUE_POLICY_MESSAGES, issuePolicySchema } from '@fpa/write-model/validation';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { PolicyTypesQuery } from '../policy-types/policyTypes.operations';
import { DEBIT_DAY_HELP } from './memberForm';
import { IssuePolicyMutation, MEMBER_CHANGE_CONTEXT, type MemberRow } from './members.operations';
import * as styles from './members.css';

const months = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

const INITIAL = { policyTypeId: '', debitDay: '1' };

/**
 * A new policy for a main member with none in force: registered without one, or whose policy lapsed
 * past its reinstatement window or was cancelled. The server decides the waiting period (rule 2A.9:
 * within 2 months of a lapse only the unexpired part of the old one) and the toast says it.
 */
export function IssuePolicyDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const { toast } = useToast();
  const [{ data, fetching: loadingTypes }] = useQuery({ query: PolicyTypesQuery });
  const [{ fetching }, issue] = useMutation(IssuePolicyMutation);
  const form = useSchemaForm(issuePolicySchema, INITIAL);
  const name = `${member.firstName} ${member.lastName}`;
  const options = (data?.policyTypes ?? []).filter((t) => t.isActive).map((t) => ({ id: t.id, label: t.name }));

  const submit = async () => {
    const input = form.validate();
    if (!input) return;
    const result = await issue({ id: member.id, input }, MEMBER_CHANGE_CONTEXT);
    if (result.error) {
      const fields = errorFieldIssues(result.error);
      if (Object.keys(fields).length > 0) return form.setErrors(fields);
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to issue the policy'), variant: 'destructive' });
      return onClose();
    }
    const policy = result.data!.issuePolicy;
    toast({ title: 'Policy issued', description: `${policy.policyNumber} for ${name}: waiting period ${months(policy.waitingPeriod)}.` });
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !fetching && onClose()}>
      <Dialog title={`New policy for ${name}`}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p>
            {member.policyNumber ? `Their policy ${member.policyNumber} is ${member.policyStatus ?? 'not in force'}. ` : ''}A new policy
            starts today on the chosen type's terms. Within 2 months of a lapse, only the unexpired part of the old waiting period applies.
          </p>
          <Select
            label="Policy type"
            isRequired
            options={options}
            value={form.values.policyTypeId || null}
            isDisabled={loadingTypes}
            placeholder={loadingTypes ? 'Loading policy types...' : ISSUE_POLICY_MESSAGES.policyType}
            onChange={(value) => form.setField('policyTypeId', value ?? '')}
            errorMessage={form.errors.policyTypeId}
          />
          <TextField label="Debit day" inputMode="numeric" description={DEBIT_DAY_HELP} {...form.field('debitDay')} />
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose} isDisabled={fetching}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={fetching}>
              {fetching ? 'Issuing...' : 'Issue Policy'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

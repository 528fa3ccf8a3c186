import { useMutation, useQuery } from 'urql';
import { changePolicyTypeSchema, ISSUE_POLICY_MESSAGES } from '@fpa/write-model/validation';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { formatRand } from '../../app/format';
import { useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { PolicyTypesQuery } from '../policy-types/policyTypes.operations';
import { ChangePolicyTypeMutation, MEMBER_CHANGE_CONTEXT } from './members.operations';
import * as styles from './members.css';

/**
 * Issue #22: an active policy moves to another active type from today. The server reprices each life
 * (entry ages and the funeral limits apply) and an increase in cover waits for the increase only.
 */
export function ChangePolicyTypeDialog({
  policy,
  onClose,
}: {
  policy: { id: string; policyNumber: string; policyTypeId: string; policyTypeName: string; monthlyPremium: string };
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [{ data, fetching: loadingTypes }] = useQuery({ query: PolicyTypesQuery });
  const [{ fetching }, change] = useMutation(ChangePolicyTypeMutation);
  const form = useSchemaForm(changePolicyTypeSchema, { policyTypeId: '' });
  const types = (data?.policyTypes ?? []).filter((t) => t.isActive && t.id !== policy.policyTypeId);
  const options = types.map((t) => ({
    id: t.id,
    label:
      t.benefits.length > 0
        ? `${t.name} (cover per life)`
        : `${t.name} — ${formatRand(t.coverageAmount)}, ${formatRand(t.monthlyPremium)}/month`,
  }));

  const submit = async () => {
    const input = form.validate();
    if (!input) return;
    const result = await change({ id: policy.id, input }, MEMBER_CHANGE_CONTEXT);
    if (result.error) {
      const fields = errorFieldIssues(result.error);
      if (Object.keys(fields).length > 0 && fields.policyTypeId) return form.setErrors(fields);
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to change the policy type'), variant: 'destructive' });
      return;
    }
    const changed = result.data!.changePolicyType;
    toast({
      title: 'Policy type changed',
      description: `${changed.policyNumber} is now ${changed.policyTypeName}: ${formatRand(changed.monthlyPremium)} a month from the next debit.`,
    });
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !fetching && onClose()}>
      <Dialog title={`Change the type of ${policy.policyNumber}`}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p>
            Now {policy.policyTypeName}, {formatRand(policy.monthlyPremium)} a month. The new type's cover and premium apply from today (the
            premium from the next debit); each life keeps the waiting period it has served, and any increase in cover waits the new type's
            waiting period for the increase only.
          </p>
          <Select
            label="New policy type"
            isRequired
            options={options}
            value={form.values.policyTypeId || null}
            isDisabled={loadingTypes}
            placeholder={loadingTypes ? 'Loading policy types...' : ISSUE_POLICY_MESSAGES.policyType}
            onChange={(value) => form.setField('policyTypeId', value ?? '')}
            errorMessage={form.errors.policyTypeId}
          />
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose} isDisabled={fetching}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={fetching}>
              {fetching ? 'Changing...' : 'Change Type'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

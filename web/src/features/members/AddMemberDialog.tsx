import type { MemberInput } from '@fpa/write-model/validation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorCode, errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { POLICY_TYPES_CONTEXT, PolicyTypesQuery } from '../policy-types/policyTypes.operations';
import { MemberDetailsStep } from './MemberDetailsStep';
import {
  choosesPolicyType,
  DETAIL_FIELDS,
  EMPTY_MEMBER_FORM,
  memberDetailsSchema,
  memberWithPolicySchema,
  policyChoiceMessage,
  registerInput,
  stepAfterDetails,
  type MemberStep,
} from './memberForm';
import { MEMBER_CHANGE_CONTEXT, RegisterMemberMutation } from './members.operations';
import * as styles from './members.css';
import { PolicyChoiceStep } from './PolicyChoiceStep';

/** The refusal code of a registration past the company's member limit. */
export const LIMIT_REACHED = 'LIMIT_REACHED';

export type AddMemberDialogProps = {
  onClose: () => void;
  /** From a member's page (issue #22): a family member of this main member, who is not chosen again. */
  familyOf?: { id: string; name: string } | undefined;
  /** The server refused for the member limit: the page shows the limit dialog with this reason. */
  onLimitReached: (reason: string) => void;
};

/** Add Member, in two steps: member details, then the policy type (spec §2 Members, §5 Member form). */
export function AddMemberDialog({ onClose, onLimitReached, familyOf }: AddMemberDialogProps) {
  const { toast } = useToast();
  const [initial] = useState(() =>
    familyOf ? { ...EMPTY_MEMBER_FORM, memberKind: 'family' as const, mainMemberId: familyOf.id } : EMPTY_MEMBER_FORM,
  );
  const form = useSchemaForm(memberDetailsSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<MemberStep>('details');
  const [details, setDetails] = useState<MemberInput | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [policyTypesResult] = useQuery({ query: PolicyTypesQuery, context: POLICY_TYPES_CONTEXT });
  const [{ fetching: submitting }, register] = useMutation(RegisterMemberMutation);

  // The button that moved between steps is gone afterwards: focus goes to the new step's first
  // control, so keyboard users (and Escape) stay inside the dialog.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const root = formRef.current;
    (root?.querySelector<HTMLElement>('input:not([type="hidden"])') ?? root?.querySelector<HTMLElement>('button[type="submit"]'))?.focus();
  }, [step]);

  const activeTypes = (policyTypesResult.data?.policyTypes ?? []).filter((type) => type.isActive);
  const typesLoaded = Boolean(policyTypesResult.data) || Boolean(policyTypesResult.error);
  const isMain = form.values.memberKind === 'main';
  const choiceMessage = policyChoiceMessage(choice, isMain, activeTypes.length);
  const withPolicy = choosesPolicyType(choice, isMain);

  const submit = async (member: MemberInput) => {
    const result = await register({ input: registerInput(member, choice) }, MEMBER_CHANGE_CONTEXT);
    if (result.error) {
      if (errorCode(result.error) === LIMIT_REACHED) {
        onLimitReached(serverMessageOr(result.error, 'The member limit of your plan has been reached.'));
        return;
      }
      const issues = errorFieldIssues(result.error);
      form.setErrors(issues);
      if (Object.keys(issues).some((key) => (DETAIL_FIELDS as string[]).includes(key))) {
        setStep('details');
        focusFirstInvalid(formRef.current);
      }
      toast({
        title: 'Registration failed',
        description: serverMessageOr(result.error, 'Failed to register member'),
        variant: 'destructive',
      });
      return;
    }
    const policyNumber = result.data?.registerMember.policyNumber;
    toast({
      title: 'Member registered successfully',
      description: policyNumber && isMain ? `Policy ${policyNumber} issued.` : undefined,
    });
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (step === 'policy') {
      if (!details || choiceMessage) return;
      if (!withPolicy) {
        void submit(details);
        return;
      }
      // The details were checked on step 1; this adds the policy's debit day.
      const member = form.validate(memberWithPolicySchema);
      if (member) void submit(member);
      else focusFirstInvalid(formRef.current);
      return;
    }
    const member = form.validate();
    if (!member) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (stepAfterDetails(form.values.memberKind) === 'submit') {
      void submit(member);
      return;
    }
    setDetails(member);
    setStep('policy');
  };

  const submitLabel = submitting ? 'Adding...' : 'Add Member';
  return (
    <Modal isOpen onOpenChange={(open) => !open && !submitting && onClose()} size="wide" isDismissable={!submitting}>
      <Dialog title={familyOf ? `Add a family member to ${familyOf.name}'s policy` : 'Add Member'}>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Add member">
          {isMain && (
            <p className={styles.stepper} aria-live="polite">
              <span className={step === 'details' ? styles.stepCurrent : undefined}>1. Member details</span>
              <span aria-hidden="true">›</span>
              <span className={step === 'policy' ? styles.stepCurrent : undefined}>2. Policy type</span>
            </p>
          )}
          {step === 'details' ? (
            <MemberDetailsStep form={form} fixedMainMember={familyOf} />
          ) : typesLoaded ? (
            <PolicyChoiceStep
              policyTypes={activeTypes}
              choice={choice}
              onChoose={setChoice}
              message={choiceMessage}
              debitDay={withPolicy ? form.field('debitDay') : null}
            />
          ) : (
            <Spinner label="Loading policy types" />
          )}
          <div className={styles.actions}>
            {step === 'details' ? (
              <Button variant="secondary" onPress={onClose} isDisabled={submitting}>
                Cancel
              </Button>
            ) : (
              <Button variant="secondary" onPress={() => setStep('details')} isDisabled={submitting}>
                Back
              </Button>
            )}
            {step === 'details' && isMain ? (
              <Button type="submit">Next</Button>
            ) : (
              <Button type="submit" isDisabled={submitting || (step === 'policy' && (!typesLoaded || choiceMessage !== null))}>
                {submitLabel}
              </Button>
            )}
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

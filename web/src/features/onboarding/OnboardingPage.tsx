import {
  coverageNotOffered,
  fieldErrors,
  onboardingFormSchemaOn,
  type MandateInput,
  type OnboardingFamilyMemberInput,
  type OnboardingFormInput,
} from '@fpa/write-model/validation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, onToday, useSchemaForm, type FieldErrors } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { POLICY_TYPES_CONTEXT, PolicyTypesQuery } from '../policy-types/policyTypes.operations';
import { FamilyMemberDialog } from './FamilyMemberDialog';
import { FamilyMembers } from './FamilyMembers';
import { ONBOARDING_CONTEXT, OnboardClientMutation } from './onboarding.operations';
import { EMPTY_ONBOARDING, ONBOARDING_STEPS, onboardClientInput, STEP_SCHEMAS, STEP_TITLES, stepOf, type Step } from './onboardingForm';
import { AddressStep, NotesField, PersonalInfoStep, PolicyStep } from './OnboardingSteps';
import { DebitOrderSection } from './DebitOrderSection';
import { debitOrderIssues, debitOrderSchema, EMPTY_DEBIT_ORDER } from './debitOrderForm';
import * as styles from './onboarding.css';

export const ONBOARDED_MESSAGE = 'Client has been successfully onboarded and policy created!';

const STEPS: readonly Step[] = [1, 2, 3];

/** The earliest step holding one of these fields. */
function firstStepWith(errors: FieldErrors): Step {
  return Object.keys(errors).reduce<Step>((earliest, key) => Math.min(earliest, stepOf(key)) as Step, 3);
}

/**
 * /onboarding: an agent signs up a client in three steps, the client's member record, family and
 * policy created in one go (spec part 2 §2 Client Onboarding, §4, §5).
 */
const onboardingFormSchema = onToday(onboardingFormSchemaOn);

export function OnboardingPage() {
  const { toast } = useToast();
  const [step, setStep] = useState<Step>(1);
  const [family, setFamily] = useState<OnboardingFamilyMemberInput[]>([]);
  const [familyOpen, setFamilyOpen] = useState(false);
  const form = useSchemaForm<typeof EMPTY_ONBOARDING, OnboardingFormInput>(onboardingFormSchema, EMPTY_ONBOARDING);
  const [debitOrder, setDebitOrder] = useState(false);
  const mandate = useSchemaForm<typeof EMPTY_DEBIT_ORDER, MandateInput>(debitOrderSchema, EMPTY_DEBIT_ORDER);
  const formRef = useRef<HTMLFormElement>(null);
  const [typesResult] = useQuery({ query: PolicyTypesQuery, context: POLICY_TYPES_CONTEXT });
  const policyTypes = (typesResult.data?.policyTypes ?? []).filter((type) => type.isActive);
  const [{ fetching: creating }, onboard] = useMutation(OnboardClientMutation);

  // The step's first field takes focus when the step changes, so keyboard users carry on from there.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    formRef.current?.querySelector<HTMLElement>('input, button[aria-haspopup]')?.focus();
  }, [step]);

  const showErrors = (errors: FieldErrors) => {
    form.setErrors(errors);
    focusFirstInvalid(formRef.current);
  };

  /** The server's refusal of a coverage the chosen type does not offer, said before submit. */
  const coverageIssue = (): FieldErrors => {
    const chosen = policyTypes.find((type) => type.id === form.values.policyType);
    const refusal = chosen && form.values.coverageAmount ? coverageNotOffered(chosen, form.values.coverageAmount) : null;
    return refusal ? { coverageAmount: refusal } : {};
  };

  /** Checks only the current step's fields; true when they pass. */
  const stepIsValid = (): boolean => {
    const result = STEP_SCHEMAS[step].safeParse(form.values);
    const errors = { ...(result.success ? {} : fieldErrors(result.error)), ...(step === 3 ? coverageIssue() : {}) };
    if (Object.keys(errors).length === 0) {
      form.setErrors({});
      return true;
    }
    showErrors(errors);
    return false;
  };

  const next = () => {
    if (stepIsValid() && step < ONBOARDING_STEPS) setStep((step + 1) as Step);
  };

  const complete = async () => {
    if (creating || !stepIsValid()) return;
    // Every step again: a step passed earlier may have been changed since.
    const whole = onboardingFormSchema.safeParse({ ...form.values, familyMembers: family });
    if (!whole.success) {
      const errors = fieldErrors(whole.error);
      setStep(firstStepWith(errors));
      showErrors(errors);
      return;
    }
    // The optional debit order is checked by the mandate's own rules, and sent only when ticked.
    const debitMandate = debitOrder ? mandate.validate() : null;
    if (debitOrder && !debitMandate) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await onboard(
      { input: { ...onboardClientInput(whole.data), ...(debitMandate ? { debitMandate } : {}) } },
      ONBOARDING_CONTEXT,
    );
    if (result.error) {
      const { section, rest } = debitOrderIssues(errorFieldIssues(result.error));
      const fieldIssues = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('familyMembers')));
      if (Object.keys(section).length > 0) {
        mandate.setErrors(section);
        focusFirstInvalid(formRef.current);
      } else if (Object.keys(fieldIssues).length > 0) {
        setStep(firstStepWith(fieldIssues));
        showErrors(fieldIssues);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to onboard client'), variant: 'destructive' });
      return;
    }
    const policyNumber = result.data?.onboardClient.policyNumber;
    // The number the agent gives the client: said with the success, not left for a search.
    toast({ title: 'Success', description: policyNumber ? `${ONBOARDED_MESSAGE}\nPolicy number: ${policyNumber}.` : ONBOARDED_MESSAGE });
    form.reset();
    mandate.reset();
    setDebitOrder(false);
    setFamily([]);
    setStep(1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field moves on like Next; only the last step submits.
    if (step < ONBOARDING_STEPS) next();
    else void complete();
  };

  /** Ticking the debit order fills the holder with the client's name and the day with the policy's, when blank. */
  const takeDebitOrder = (on: boolean) => {
    setDebitOrder(on);
    if (!on) return;
    const name = `${form.values.firstName.trim()} ${form.values.lastName.trim()}`.trim();
    if (!mandate.values.accountHolder) mandate.setField('accountHolder', name);
    if (!mandate.values.debitDay) mandate.setField('debitDay', form.values.debitDay.trim());
  };

  const addFamilyMember = (member: OnboardingFamilyMemberInput) => {
    setFamily((current) => [...current, member]);
    setFamilyOpen(false);
    toast({
      title: 'Family Member Added',
      description: `${member.firstName} ${member.lastName} has been added to the family members list.`,
    });
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title="Client Onboarding"
        description="Sign up a client with their address, policy, beneficiary and family in three steps."
      />
      <Card className={styles.wizard}>
        <div className={styles.progressHead}>
          <p className={styles.stepCount} aria-live="polite">
            Step {step} of {ONBOARDING_STEPS}
          </p>
          <ol className={styles.stepList}>
            {STEPS.map((n) => (
              <li
                key={n}
                className={n === step ? styles.stepCurrent : n < step ? styles.stepDone : styles.stepTodo}
                aria-current={n === step ? 'step' : undefined}
              >
                <span className={styles.stepNumber} aria-hidden="true">
                  {n}
                </span>
                {STEP_TITLES[n]}
              </li>
            ))}
          </ol>
          <ProgressBar label="Onboarding progress" value={(step / ONBOARDING_STEPS) * 100} />
        </div>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Client onboarding">
          <h2 className={styles.stepTitle}>{STEP_TITLES[step]}</h2>
          {step === 1 && <PersonalInfoStep form={form} />}
          {step === 2 && <AddressStep form={form} />}
          {step === 3 && (
            <>
              <PolicyStep form={form} policyTypes={policyTypes} typesLoading={typesResult.fetching && !typesResult.data} />
              <FamilyMembers
                members={family}
                onAddClick={() => setFamilyOpen(true)}
                onRemove={(index) => setFamily((current) => current.filter((_, i) => i !== index))}
              />
              <DebitOrderSection form={mandate} enabled={debitOrder} onEnabledChange={takeDebitOrder} />
              <NotesField form={form} />
            </>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={() => setStep((step - 1) as Step)} isDisabled={step === 1 || creating}>
              Previous
            </Button>
            {/* Keyed apart: the press that shows step 3 must not land on a reused button that now submits. */}
            {step < ONBOARDING_STEPS ? (
              <Button key="next" onPress={next}>
                Next
              </Button>
            ) : (
              <Button key="complete" type="submit" isDisabled={creating}>
                {creating ? 'Creating...' : 'Complete Onboarding'}
              </Button>
            )}
          </div>
        </form>
      </Card>
      {familyOpen && <FamilyMemberDialog onAdd={addFamilyMember} onClose={() => setFamilyOpen(false)} />}
    </div>
  );
}

import {
  CALENDAR_RULE_DEFAULTS,
  CALENDAR_RULE_LIMITS,
  MAX_NATURAL_WAITING_MONTHS,
  POLICY_TYPE_DEFAULTS,
  DEFAULT_MAIN_MEMBER_DEATH_RULE,
  MAIN_MEMBER_DEATH_RULES,
  SUICIDE_WAITING,
  policyTypeSchema,
  type PolicyTypeInput,
} from '@fpa/write-model/validation';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm, type ParseSchema } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { MAIN_MEMBER_DEATH_LABELS } from './mainMemberDeath';
import { BenefitTableEditor, type BenefitRowValues } from './BenefitTableEditor';
import { CreatePolicyTypeMutation, UpdatePolicyTypeMutation, type PolicyType } from './policyTypes.operations';
import * as styles from './policyTypes.css';

type FormValues = {
  name: string;
  description: string;
  coverageAmount: string;
  monthlyPremium: string;
  waitingPeriod: string;
  graceDays: string;
  lapseAfterMissed: string;
  reinstatementMonths: string;
  suicideWaitingMonths: string;
  onMainMemberDeath: string;
};

const MAIN_MEMBER_DEATH_OPTIONS = MAIN_MEMBER_DEATH_RULES.map((rule) => ({ id: rule, label: MAIN_MEMBER_DEATH_LABELS[rule] }));

const MAIN_MEMBER_DEATH_HELP =
  'End the policy: its premiums end with the main member. Continue: with a benefit table, a surviving spouse becomes the policyholder and the policy goes on at the premium of the lives left.';

const L = CALENDAR_RULE_LIMITS;
/** What each calendar rule does, under its field (issue #20). */
export const CALENDAR_RULE_HELP = {
  graceDays: `Cover stays in force this many days after an unpaid premium's due date: at least ${L.minGraceDays} (Policyholder Protection Rules, rule 15A), at most ${L.maxGraceDays}.`,
  lapseAfterMissed: `The policy lapses when grace ends with this many premiums unpaid (${L.minLapseAfterMissed} to ${L.maxLapseAfterMissed}).`,
  reinstatementMonths: `Paying the arrears within this many months of a lapse reinstates the policy with no new waiting period (${L.minReinstatementMonths} to ${L.maxReinstatementMonths}).`,
} as const;

/** What each waiting period does (issue #22, Policyholder Protection Rules, rule 2A.6). */
export const WAITING_PERIOD_HELP = {
  waitingPeriod: `For a natural death, from the day each life joined; a life waits at most ${MAX_NATURAL_WAITING_MONTHS} months (rule 2A.6). None for an accidental death.`,
  suicideWaitingMonths: `For a death by suicide, from the day each life joined (0 to ${SUICIDE_WAITING.maxMonths}).`,
} as const;

function initialValues(editing: PolicyType | null): FormValues {
  if (!editing) {
    return {
      name: '',
      description: '',
      coverageAmount: POLICY_TYPE_DEFAULTS.coverageAmount,
      monthlyPremium: POLICY_TYPE_DEFAULTS.monthlyPremium,
      waitingPeriod: String(POLICY_TYPE_DEFAULTS.waitingPeriod),
      graceDays: String(CALENDAR_RULE_DEFAULTS.graceDays),
      lapseAfterMissed: String(CALENDAR_RULE_DEFAULTS.lapseAfterMissed),
      reinstatementMonths: String(CALENDAR_RULE_DEFAULTS.reinstatementMonths),
      suicideWaitingMonths: String(SUICIDE_WAITING.defaultMonths),
      onMainMemberDeath: DEFAULT_MAIN_MEMBER_DEATH_RULE,
    };
  }
  return {
    name: editing.name,
    description: editing.description ?? '',
    coverageAmount: editing.coverageAmount,
    monthlyPremium: editing.monthlyPremium,
    waitingPeriod: String(editing.waitingPeriod),
    graceDays: String(editing.graceDays),
    lapseAfterMissed: String(editing.lapseAfterMissed),
    reinstatementMonths: String(editing.reinstatementMonths),
    suicideWaitingMonths: String(editing.suicideWaitingMonths),
    onMainMemberDeath: editing.onMainMemberDeath,
  };
}

export type PolicyTypeDialogProps = {
  isOpen: boolean;
  /** The type being edited; null adds a new one. */
  editing: PolicyType | null;
  onClose: () => void;
};

/** Add or edit a policy type (spec §5 Policy type). Mounted per opening, so it starts fresh. */
export function PolicyTypeDialog({ isOpen, editing, onClose }: PolicyTypeDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog title={editing ? 'Edit Policy Type' : 'Add Policy Type'}>
        <PolicyTypeForm editing={editing} onDone={onClose} />
      </Dialog>
    </Modal>
  );
}

function PolicyTypeForm({ editing, onDone }: { editing: PolicyType | null; onDone: () => void }) {
  const { toast } = useToast();
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [benefits, setBenefits] = useState<BenefitRowValues[]>(() =>
    (editing?.benefits ?? []).map((r) => ({ ...r, minAge: String(r.minAge), maxAge: String(r.maxAge) })),
  );
  const [benefitErrors, setBenefitErrors] = useState<{ row: number | null; field: string | null; message: string }[]>([]);
  const initial = useMemo(() => initialValues(editing), [editing]);
  // The checkbox and the benefit table are not text fields, so they join the values only for validation.
  const schema: ParseSchema<PolicyTypeInput> = {
    safeParse: (values) => policyTypeSchema.safeParse({ ...(values as FormValues), isActive, benefits }),
  };
  const form = useSchemaForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [createState, create] = useMutation(CreatePolicyTypeMutation);
  const [updateState, update] = useMutation(UpdatePolicyTypeMutation);
  const pending = createState.fetching || updateState.fetching;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The table's messages are shown under it, by row (the shared schema's paths: benefits.<row>.<field>).
    const table = policyTypeSchema.shape.benefits.safeParse(benefits);
    setBenefitErrors(
      table.success
        ? []
        : table.error.issues.map((issue) => ({
            row: typeof issue.path[0] === 'number' ? issue.path[0] : null,
            field: typeof issue.path[1] === 'string' ? issue.path[1] : null,
            message: issue.message,
          })),
    );
    const parsed = form.validate();
    if (!parsed || !table.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const input = { ...parsed, description: parsed.description ?? null };
    const result = editing ? await update({ id: editing.id, input }) : await create({ input });
    if (result.error) {
      form.setErrors(errorFieldIssues(result.error));
      toast({
        title: editing ? 'Failed to update policy type' : 'Failed to create policy type',
        description: errorMessage(result.error),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: editing ? 'Policy type updated successfully' : 'Policy type created successfully' });
    onDone();
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={editing ? 'Edit policy type' : 'Add policy type'}
    >
      <TextField label="Policy name" autoFocus {...form.field('name')} />
      <TextField label="Description (optional)" multiline rows={3} {...form.field('description')} />
      <div className={styles.row}>
        <TextField label="Coverage amount (R)" inputMode="decimal" {...form.field('coverageAmount')} />
        <TextField label="Monthly premium (R)" inputMode="decimal" {...form.field('monthlyPremium')} />
      </div>
      <BenefitTableEditor rows={benefits} onChange={setBenefits} errors={benefitErrors} />
      <fieldset className={styles.rules}>
        <legend className={styles.rulesLegend}>Waiting periods</legend>
        <div className={styles.row}>
          <TextField
            label="Waiting period (months)"
            inputMode="numeric"
            description={WAITING_PERIOD_HELP.waitingPeriod}
            {...form.field('waitingPeriod')}
          />
          <TextField
            label="Suicide waiting period (months)"
            inputMode="numeric"
            description={WAITING_PERIOD_HELP.suicideWaitingMonths}
            {...form.field('suicideWaitingMonths')}
          />
        </div>
      </fieldset>
      <Select
        label="On the main member's death"
        options={MAIN_MEMBER_DEATH_OPTIONS}
        value={form.values.onMainMemberDeath}
        onChange={(rule) => form.setField('onMainMemberDeath', rule ?? DEFAULT_MAIN_MEMBER_DEATH_RULE)}
        description={MAIN_MEMBER_DEATH_HELP}
        errorMessage={form.errors.onMainMemberDeath}
      />
      <fieldset className={styles.rules}>
        <legend className={styles.rulesLegend}>Premiums, grace and lapse</legend>
        <div className={styles.row}>
          <TextField
            label="Grace period (days)"
            inputMode="numeric"
            description={CALENDAR_RULE_HELP.graceDays}
            {...form.field('graceDays')}
          />
          <TextField
            label="Lapse after (missed premiums)"
            inputMode="numeric"
            description={CALENDAR_RULE_HELP.lapseAfterMissed}
            {...form.field('lapseAfterMissed')}
          />
          <TextField
            label="Reinstatement window (months)"
            inputMode="numeric"
            description={CALENDAR_RULE_HELP.reinstatementMonths}
            {...form.field('reinstatementMonths')}
          />
        </div>
      </fieldset>
      <Checkbox isSelected={isActive} onChange={setIsActive}>
        Active (offered when adding members)
      </Checkbox>
      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onDone} isDisabled={pending}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save Changes' : 'Create Policy Type'}
        </Button>
      </div>
    </form>
  );
}

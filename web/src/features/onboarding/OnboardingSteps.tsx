import type { OnboardingFormInput } from '@fpa/write-model/validation';
import type { useSchemaForm } from '../../app/forms';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { DEBIT_DAY_HELP } from '../members/memberForm';
import { PRIOR_COVER_HELP, PriorCoverFields } from '../members/PriorCoverFields';
import type { PolicyType } from '../policy-types/policyTypes.operations';
import {
  BENEFICIARY_RELATION_OPTIONS,
  coverageChoices,
  NO_COVERAGE_AMOUNTS,
  policyTypeOptions,
  PROVINCE_OPTIONS,
  type OnboardingValues,
} from './onboardingForm';
import * as styles from './onboarding.css';

export type OnboardingForm = ReturnType<typeof useSchemaForm<OnboardingValues, OnboardingFormInput>>;

/** Step 1: who the client is. */
export function PersonalInfoStep({ form }: { form: OnboardingForm }) {
  const { field } = form;
  return (
    <div className={styles.fields}>
      <TextField label="First name" isRequired autoComplete="off" {...field('firstName')} />
      <TextField label="Last name" isRequired autoComplete="off" {...field('lastName')} />
      <TextField label="Email (optional)" type="email" autoComplete="off" {...field('email')} />
      <TextField label="Phone number" isRequired type="tel" placeholder="0821234567" {...field('phone')} />
      <TextField label="SA ID number" isRequired inputMode="numeric" maxLength={13} autoComplete="off" {...field('idNumber')} />
    </div>
  );
}

/** Step 2: where the client lives and what they earn. */
export function AddressStep({ form }: { form: OnboardingForm }) {
  const { field, values, errors, setField } = form;
  return (
    <div className={styles.fields}>
      <TextField label="Street number" isRequired autoComplete="off" {...field('streetNumber')} />
      <TextField label="Street name" isRequired autoComplete="off" {...field('address')} />
      <TextField label="City" isRequired autoComplete="off" {...field('city')} />
      <Select
        label="Province"
        isRequired
        placeholder="Choose a province"
        options={PROVINCE_OPTIONS}
        value={values.province || null}
        onChange={(value) => setField('province', value ?? '')}
        errorMessage={errors.province}
      />
      <TextField label="Postal code" isRequired inputMode="numeric" autoComplete="off" {...field('postalCode')} />
      <TextField
        label="Monthly income (optional)"
        inputMode="decimal"
        placeholder="e.g. 12500"
        autoComplete="off"
        {...field('monthlyIncome')}
      />
      <TextField label="Employer (optional)" autoComplete="off" className={styles.fullRow} {...field('employer')} />
    </div>
  );
}

export type PolicyStepProps = {
  form: OnboardingForm;
  /** The policy types on offer (active ones). */
  policyTypes: readonly PolicyType[];
  typesLoading: boolean;
};

/** Step 3: the policy, its cover and debit day, and who receives the cover. Family members and notes sit below it. */
export function PolicyStep({ form, policyTypes, typesLoading }: PolicyStepProps) {
  const { field, values, errors, setField } = form;
  const chosenType = policyTypes.find((type) => type.id === values.policyType);
  // A type offers one coverage (the server refuses any other): once a type is chosen, the choice is its coverage alone.
  const coverage = coverageChoices(chosenType ? [chosenType] : policyTypes);
  const choosePolicyType = (id: string | null) => {
    setField('policyType', id ?? '');
    const chosen = policyTypes.find((type) => type.id === id);
    if (chosen) setField('coverageAmount', chosen.coverageAmount);
  };
  return (
    <div className={styles.fields}>
      <Select
        label="Policy type"
        isRequired
        placeholder={
          typesLoading ? 'Loading policy types...' : policyTypes.length === 0 ? 'No policy types available' : 'Choose a policy type'
        }
        options={policyTypeOptions(policyTypes)}
        value={values.policyType || null}
        onChange={choosePolicyType}
        errorMessage={errors.policyType}
        isDisabled={policyTypes.length === 0}
      />
      <Select
        label="Coverage amount"
        isRequired
        placeholder={coverage.length === 0 ? NO_COVERAGE_AMOUNTS : 'Choose a coverage amount'}
        options={coverage}
        value={values.coverageAmount || null}
        onChange={(value) => setField('coverageAmount', value ?? '')}
        errorMessage={errors.coverageAmount}
        isDisabled={coverage.length === 0}
        description={
          chosenType ? `The ${chosenType.name} policy type offers this coverage.` : 'Choosing a policy type chooses its coverage.'
        }
      />
      <TextField
        label="Debit day"
        inputMode="numeric"
        maxLength={2}
        autoComplete="off"
        description={DEBIT_DAY_HELP}
        className={styles.debitDay}
        {...field('debitDay')}
      />
      <TextField label="Beneficiary name" isRequired autoComplete="off" {...field('beneficiaryName')} />
      <Select
        label="Beneficiary relation"
        isRequired
        placeholder="Choose a relation"
        options={BENEFICIARY_RELATION_OPTIONS}
        value={values.beneficiaryRelation || null}
        onChange={(value) => setField('beneficiaryRelation', value ?? '')}
        errorMessage={errors.beneficiaryRelation}
      />
      <TextField
        label="Beneficiary contact"
        isRequired
        type="tel"
        placeholder="0821234567"
        autoComplete="off"
        {...field('beneficiaryContact')}
      />
      <p className={styles.fullRow}>
        <strong>The client’s cover elsewhere (optional).</strong> {PRIOR_COVER_HELP}
      </p>
      <PriorCoverFields field={field} />
    </div>
  );
}

export function NotesField({ form }: { form: OnboardingForm }) {
  return <TextField label="Notes (optional)" multiline rows={3} {...form.field('notes')} />;
}

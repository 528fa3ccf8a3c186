import type { MandateInput } from '@fpa/write-model/validation';
import type { useSchemaForm } from '../../app/forms';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_TYPE_OPTIONS, BANK_OPTIONS, branchAfterBankChange, type DebitOrderValues } from './debitOrderForm';
import * as styles from './onboarding.css';

export type DebitOrderForm = ReturnType<typeof useSchemaForm<DebitOrderValues, MandateInput>>;

export type DebitOrderSectionProps = {
  form: DebitOrderForm;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
};

/**
 * Step 3's optional Debit order (issue #21): the account the premium is debited from, sent with the
 * onboarding and appended with it. Unticked, nothing is sent and the policy has no mandate.
 */
export function DebitOrderSection({ form, enabled, onEnabledChange }: DebitOrderSectionProps) {
  const { field, values, errors, setField } = form;
  return (
    <section className={styles.debitOrder} aria-labelledby="debit-order-title">
      <h3 id="debit-order-title" className={styles.sectionTitle}>
        Debit order (optional)
      </h3>
      <Checkbox isSelected={enabled} onChange={onEnabledChange}>
        Collect the premium by debit order
      </Checkbox>
      {enabled ? (
        <div className={styles.fields}>
          <TextField label="Account holder" isRequired autoComplete="off" {...field('accountHolder')} />
          <Select
            label="Bank"
            isRequired
            placeholder="Choose the bank"
            options={BANK_OPTIONS}
            value={values.bank || null}
            onChange={(bank) => {
              setField('branchCode', branchAfterBankChange(values, bank ?? ''));
              setField('bank', bank ?? '');
            }}
            errorMessage={errors.bank}
          />
          <TextField label="Branch code" isRequired inputMode="numeric" maxLength={6} autoComplete="off" {...field('branchCode')} />
          <TextField label="Account number" isRequired inputMode="numeric" autoComplete="off" {...field('accountNumber')} />
          <Select
            label="Account type"
            isRequired
            placeholder="Choose the account type"
            options={ACCOUNT_TYPE_OPTIONS}
            value={values.accountType || null}
            onChange={(type) => setField('accountType', type ?? '')}
            errorMessage={errors.accountType}
          />
          <TextField
            label="Mandate reference"
            isRequired
            autoComplete="off"
            maxLength={20}
            description="Unique in your company: letters, digits or dashes."
            {...field('mandateReference')}
          />
          <TextField label="Mandate debit day" inputMode="numeric" maxLength={2} autoComplete="off" {...field('debitDay')} />
          <Checkbox isSelected={values.debiCheck === 'true'} onChange={(on) => setField('debiCheck', on ? 'true' : 'false')}>
            DebiCheck (the client authenticates the mandate with their bank)
          </Checkbox>
        </div>
      ) : (
        <p className={styles.muted}>Leave this unticked when the premium is paid another way (EFT, cash or card).</p>
      )}
    </section>
  );
}

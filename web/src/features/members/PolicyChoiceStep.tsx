import { formatRand } from '../../app/format';
import { RadioGroup } from '../../ui/RadioGroup';
import { TextField } from '../../ui/TextField';
import type { PolicyType } from '../policy-types/policyTypes.operations';
import type { MemberForm } from './MemberDetailsStep';
import { DEBIT_DAY_HELP, NO_POLICY } from './memberForm';
import * as styles from './members.css';

export type PolicyChoiceStepProps = {
  /** The active policy types: only those can be issued to a new member. */
  policyTypes: readonly PolicyType[];
  choice: string | null;
  onChoose: (choice: string) => void;
  /** The 'Policy Required' sentence while nothing is chosen (null once a choice is made). */
  message: string | null;
  /** The debit day's input, once a policy type (not 'without a policy') is chosen; else null. */
  debitDay: ReturnType<MemberForm['field']> | null;
};

/** Step 2 of Add Member: the policy to issue to a principal member, or none, and the policy's debit day. */
export function PolicyChoiceStep({ policyTypes, choice, onChoose, message, debitDay }: PolicyChoiceStepProps) {
  if (policyTypes.length === 0) {
    return (
      <p className={styles.notice}>
        There are no active policy types yet, so the member will be added without a policy. Add policy types on the Policy Types page.
      </p>
    );
  }
  const options = [
    ...policyTypes.map((type) => ({
      id: type.id,
      label: type.name,
      textValue: `${type.name}: cover ${formatRand(type.coverageAmount)}, premium ${formatRand(type.monthlyPremium)} per month`,
      detail: (
        <span className={styles.policyDetail}>
          <span>Cover {formatRand(type.coverageAmount)}</span>
          <span>{formatRand(type.monthlyPremium)}/month</span>
        </span>
      ),
    })),
    { id: NO_POLICY, label: 'Add without a policy', detail: 'Registered without cover' },
  ];
  return (
    <>
      <RadioGroup label="Policy type" layout="cards" options={options} value={choice} onChange={onChoose} />
      {message && (
        <p className={styles.notice} role="status">
          {message}
        </p>
      )}
      {debitDay && (
        <TextField
          className={styles.debitDay}
          label="Debit day"
          inputMode="numeric"
          maxLength={2}
          description={DEBIT_DAY_HELP}
          {...debitDay}
        />
      )}
    </>
  );
}

import { BENEFIT_LIMITS, LIFE_RELATIONSHIP_LABELS, LIFE_RELATIONSHIPS, type LifeRelationship } from '@fpa/write-model/validation';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as styles from './policyTypes.css';

/** A benefit-table row as the form holds it: text, as typed (the shared schema reads it). */
export type BenefitRowValues = {
  relationship: LifeRelationship;
  minAge: string;
  maxAge: string;
  coverAmount: string;
  monthlyPremium: string;
};

/** The four typed fields of a row, in the table's order. */
const FIELDS = [
  { field: 'minAge', label: 'Age from', inputMode: 'numeric' },
  { field: 'maxAge', label: 'Age to', inputMode: 'numeric' },
  { field: 'coverAmount', label: 'Cover (R)', inputMode: 'decimal' },
  { field: 'monthlyPremium', label: 'Premium (R)', inputMode: 'decimal' },
] as const;

const OPTIONS = LIFE_RELATIONSHIPS.map((id) => ({ id, label: LIFE_RELATIONSHIP_LABELS[id] }));

/** Where a family plan starts: the usual bands (main member 18–65, spouse, children 0–21, parents to 85). */
export const STARTER_TABLE: BenefitRowValues[] = [
  { relationship: 'main_member', minAge: '18', maxAge: '65', coverAmount: '30000', monthlyPremium: '150' },
  { relationship: 'spouse', minAge: '18', maxAge: '65', coverAmount: '30000', monthlyPremium: '90' },
  { relationship: 'child', minAge: '0', maxAge: '5', coverAmount: '10000', monthlyPremium: '15' },
  { relationship: 'child', minAge: '6', maxAge: '21', coverAmount: '15000', monthlyPremium: '20' },
  { relationship: 'parent', minAge: '18', maxAge: '85', coverAmount: '10000', monthlyPremium: '80' },
];

type Props = {
  rows: BenefitRowValues[];
  onChange: (rows: BenefitRowValues[]) => void;
  /** The shared schema's messages for the table, by row (index) and field; the table's own under it. */
  errors: { row: number | null; field: string | null; message: string }[];
};

/**
 * Issue #22: cover and premium per life and age band. Empty: the policy type's one cover and premium
 * apply to the policy as before; with rows, each life is priced from its band when it joins.
 */
export function BenefitTableEditor({ rows, onChange, errors }: Props) {
  const set = (index: number, patch: Partial<BenefitRowValues>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const errorOf = (index: number, field: string) => errors.find((e) => e.row === index && e.field === field)?.message;
  const tableErrors = errors.filter((e) => e.row === null || e.field === null);
  return (
    <fieldset className={styles.rules}>
      <legend className={styles.rulesLegend}>Cover per life (optional)</legend>
      <p className={styles.hint}>
        {rows.length === 0
          ? 'One cover and one premium for the policy. Add a benefit table to price each life — main member, spouse, children, parents, extended family — by its age when it joins; the age bands are the entry ages.'
          : 'Each life is priced from its band at its age when it joins; the policy’s premium is the sum. The coverage and premium above become the main member’s youngest band. Covers above the Insurance Act’s funeral limits (R100,000 a life; R20,000 under 6; R50,000 from 6 to under 14) are refused.'}
      </p>
      {rows.map((row, index) => {
        const prefix = `Row ${index + 1}`;
        return (
          <div key={index} className={styles.benefitRow} role="group" aria-label={`Benefit row ${index + 1}`}>
            <Select
              label="Life"
              labelPrefix={prefix}
              options={OPTIONS}
              value={row.relationship}
              onChange={(value) => value && set(index, { relationship: value as LifeRelationship })}
            />
            {FIELDS.map(({ field, label, inputMode }) => (
              <TextField
                key={field}
                label={label}
                labelPrefix={prefix}
                inputMode={inputMode}
                value={row[field]}
                onChange={(text) => set(index, { [field]: text })}
                errorMessage={errorOf(index, field)}
              />
            ))}
            <Button
              variant="secondary"
              size="sm"
              onPress={() => onChange(rows.filter((_, i) => i !== index))}
              aria-label={`Remove benefit row ${index + 1}`}
            >
              Remove
            </Button>
          </div>
        );
      })}
      {tableErrors.map((e) => (
        <p key={e.message} className={styles.tableError} role="alert">
          {e.message}
        </p>
      ))}
      <div className={styles.formActions}>
        {rows.length === 0 && (
          <Button variant="secondary" size="sm" onPress={() => onChange(STARTER_TABLE)}>
            Start from a family plan
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          isDisabled={rows.length >= BENEFIT_LIMITS.maxRows}
          onPress={() =>
            onChange([
              ...rows,
              { relationship: rows.length === 0 ? 'main_member' : 'child', minAge: '', maxAge: '', coverAmount: '', monthlyPremium: '' },
            ])
          }
        >
          Add row
        </Button>
      </div>
    </fieldset>
  );
}

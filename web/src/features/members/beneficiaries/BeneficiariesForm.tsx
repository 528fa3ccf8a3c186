import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../../app/errors';
import { focusFirstInvalid } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Select } from '../../../ui/Select';
import { TextField, type TextFieldProps } from '../../../ui/TextField';
import { BENEFICIARIES_CONTEXT, NominateBeneficiariesMutation, type Beneficiary } from './beneficiaries.operations';
import {
  checkRows,
  emptyRow,
  errorKey,
  MAX_ROWS,
  RELATIONSHIP_OPTIONS,
  rowsFrom,
  sharesSummary,
  type BeneficiaryField,
  type BeneficiaryRow,
} from './beneficiaryRows';
import * as styles from './beneficiaries.css';

const prefix = (i: number) => `Beneficiary ${i + 1}`;

/**
 * The whole set of a policy's beneficiaries, one row each (1 to 10): checked with the shared schema
 * before sending, and the server's refusals shown on their row's field. The shares' total is shown as
 * the clerk types; a save replaces the set before.
 */
export function BeneficiariesForm({
  policyId,
  beneficiaries,
  onSaved,
  onCancel,
}: {
  policyId: string;
  beneficiaries: readonly Beneficiary[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { toast } = useToast();
  const [rows, setRows] = useState<BeneficiaryRow[]>(() => rowsFrom(beneficiaries));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, nominate] = useMutation(NominateBeneficiariesMutation);

  // Adding a row moves focus into it; removing one moves focus to the add button, never to a button that has gone.
  useEffect(() => {
    if (!focusTarget) return;
    formRef.current?.querySelector<HTMLElement>(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const set = (index: number, field: BeneficiaryField, value: string) => {
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    setErrors((all) => {
      const { [errorKey(index, field)]: _field, beneficiaries: _set, ...rest } = all;
      return rest;
    });
  };
  const add = () => {
    setRows((all) => [...all, emptyRow()]);
    setErrors(({ beneficiaries: _set, ...rest }) => rest);
    setFocusTarget('[data-row]:last-of-type input');
  };
  const remove = (index: number) => {
    setRows((all) => all.filter((_r, i) => i !== index));
    // Messages are keyed by position: after a removal they would name the wrong rows.
    setErrors({});
    setFocusTarget('[data-add-row]');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkRows(rows);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return focusFirstInvalid(formRef.current);
    }
    const result = await nominate({ id: policyId, input: checked.input }, BENEFICIARIES_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      setErrors({ ...issues, ...(Object.keys(issues).length === 0 ? { beneficiaries: serverMessageOr(result.error, '') } : {}) });
      focusFirstInvalid(formRef.current);
      toast({ title: 'Error', description: serverMessageOr(result.error, 'The beneficiaries could not be saved'), variant: 'destructive' });
      return;
    }
    const count = result.data?.nominateBeneficiaries.length ?? checked.input.beneficiaries.length;
    toast({ title: 'Beneficiaries saved', description: `${count} beneficiar${count === 1 ? 'y' : 'ies'} nominated` });
    onSaved();
  };

  const text = (i: number, field: BeneficiaryField, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      labelPrefix={`${prefix(i)}:`}
      autoComplete="off"
      value={rows[i]![field]}
      onChange={(value) => set(i, field, value)}
      errorMessage={errors[errorKey(i, field)]}
      {...extra}
    />
  );

  const { total, problem } = sharesSummary(rows);
  const setMessage = errors.beneficiaries;
  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Beneficiaries">
      <p className={styles.muted}>Who the benefit is paid to. The shares must add up to 100%; saving replaces the list before.</p>
      <div className={styles.rows}>
        {rows.map((row, i) => (
          <fieldset key={row.key} className={styles.row} data-row={row.key}>
            <legend className={styles.rowLegend}>{prefix(i)}</legend>
            {rows.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                className={styles.rowRemove}
                aria-label={`Remove beneficiary ${i + 1}`}
                onPress={() => remove(i)}
              >
                <Icon name="trash" size={16} />
                Remove
              </Button>
            )}
            <div className={styles.rowFields}>
              {text(i, 'firstName', 'First name', { isRequired: true })}
              {text(i, 'lastName', 'Last name', { isRequired: true })}
              <Select
                label="Relationship"
                labelPrefix={`${prefix(i)}:`}
                isRequired
                placeholder="Choose"
                options={RELATIONSHIP_OPTIONS}
                value={row.relationship || null}
                onChange={(value) => set(i, 'relationship', value ?? '')}
                errorMessage={errors[errorKey(i, 'relationship')]}
              />
              {text(i, 'idNumber', 'SA ID or passport', { description: 'Optional' })}
              {text(i, 'phone', 'Phone', { type: 'tel', description: 'Optional, e.g. 0821234567' })}
              {text(i, 'share', 'Share (%)', { isRequired: true, inputMode: 'decimal', description: 'e.g. 50 or 33.33' })}
            </div>
          </fieldset>
        ))}
      </div>
      <div className={styles.totals}>
        <Button variant="secondary" size="sm" data-add-row onPress={add} isDisabled={rows.length >= MAX_ROWS}>
          <Icon name="plus" size={16} />
          Add beneficiary
        </Button>
        <span aria-live="polite" className={problem ? `${styles.total} ${styles.totalOff}` : styles.total}>
          Shares total {total}%{problem ? ' of 100%' : ''}
        </span>
      </div>
      {setMessage && (
        <div role="alert" className={styles.alert}>
          {setMessage}
        </div>
      )}
      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Beneficiaries'}
        </Button>
      </div>
    </form>
  );
}

import { statementColumnsSchema, type StatementColumnsInput } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm, type ParseSchema } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { SetStatementColumnsMutation, STATEMENT_CONTEXT, type StatementColumns } from './statement.operations';
import * as styles from './collections.css';

type ColumnField = 'date' | 'description' | 'reference' | 'amount' | 'credit' | 'debit';
export type ColumnsValues = Record<ColumnField | 'dateFormat' | 'amounts', string>;

/** A Select's "no column" choice (optional columns). */
const NONE = '__none__';

const AMOUNT_MODES = [
  { id: 'single', label: 'One amount column (money out negative)' },
  { id: 'split', label: 'Money in and money out columns' },
] as const;

/** The formats the shared schema takes (@fpa/write-model/validation does not export STATEMENT_DATE_FORMATS itself). */
export const DATE_FORMATS = statementColumnsSchema.shape.dateFormat.options;
const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((id) => ({ id, label: id }));

/**
 * The shared statementColumnsSchema over the form: the amount mode clears the columns of the other
 * mode, and its "one amount column, or money in" message is shown on the field the clerk chose.
 */
export const columnsFormSchema: ParseSchema<StatementColumnsInput> = {
  safeParse: (input) => {
    const v = input as ColumnsValues;
    const split = v.amounts === 'split';
    return statementColumnsSchema.safeParse({
      date: v.date,
      description: v.description,
      reference: v.reference,
      amount: split ? null : v.amount,
      credit: split ? v.credit : null,
      debit: split ? v.debit : null,
      dateFormat: v.dateFormat,
    });
  },
};

/** The saved mapping as the form's values; with the file's header row, only the names it has. */
export function columnsValues(saved: StatementColumns | null, headers: readonly string[]): ColumnsValues {
  const known = (name: string | null | undefined) => (name && (headers.length === 0 || headers.includes(name)) ? name : '');
  return {
    date: known(saved?.date),
    description: known(saved?.description),
    reference: known(saved?.reference),
    amount: known(saved?.amount),
    credit: known(saved?.credit),
    debit: known(saved?.debit),
    dateFormat: saved?.dateFormat ?? '',
    amounts: saved?.credit ? 'split' : 'single',
  };
}

const LABELS: Record<ColumnField, string> = {
  date: 'Date column',
  description: 'Description column',
  reference: 'Reference column',
  amount: 'Amount column',
  credit: 'Money in column',
  debit: 'Money out column',
};
const REQUIRED: Record<ColumnField, boolean> = {
  date: true,
  description: true,
  reference: false,
  amount: true,
  credit: true,
  debit: false,
};

/**
 * Which columns of the company's statement CSV hold what (once per company, kept by the server).
 * With the file's header row (from the server's refusal) each column is chosen from its names;
 * without it, typed as the header writes it.
 */
export function StatementColumnsForm({
  saved,
  headers,
  onSaved,
  onCancel,
}: {
  saved: StatementColumns | null;
  headers: readonly string[];
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { toast } = useToast();
  const [initial] = useState(() => columnsValues(saved, headers));
  const form = useSchemaForm(columnsFormSchema, initial);
  const { values, errors, setField, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, save] = useMutation(SetStatementColumnsMutation);
  const split = values.amounts === 'split';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return focusFirstInvalid(formRef.current);
    if (saving) return;
    const result = await save({ input }, STATEMENT_CONTEXT);
    if (result.error) {
      setErrors(errorFieldIssues(result.error));
      toast({ title: 'Error', description: serverMessageOr(result.error, 'The columns could not be saved'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Statement columns saved' });
    onSaved();
  };

  // The schema puts "one amount column, or money in" on 'amount': in the split mode it belongs to money in.
  const errorOf = (name: ColumnField) => (split && name === 'credit' ? (errors.credit ?? errors.amount) : errors[name]);

  const column = (name: ColumnField) => {
    const label = LABELS[name];
    if (headers.length === 0)
      return (
        <TextField
          key={name}
          label={label}
          isRequired={REQUIRED[name]}
          description={REQUIRED[name] ? undefined : 'Optional'}
          autoComplete="off"
          {...form.field(name)}
          errorMessage={errorOf(name)}
        />
      );
    const options = headers.map((h) => ({ id: h, label: h }));
    return (
      <Select
        key={name}
        label={label}
        isRequired={REQUIRED[name]}
        placeholder="Choose the column"
        options={REQUIRED[name] ? options : [{ id: NONE, label: 'None' }, ...options]}
        value={values[name] || (REQUIRED[name] ? null : NONE)}
        onChange={(v) => setField(name, v === null || v === NONE ? '' : v)}
        errorMessage={errorOf(name)}
      />
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Statement columns">
      <fieldset className={styles.fields}>
        <legend className={styles.legend}>Which column holds what</legend>
        {column('date')}
        <Select
          label="Date format"
          isRequired
          placeholder="How the bank writes dates"
          options={DATE_FORMAT_OPTIONS}
          value={values.dateFormat || null}
          onChange={(v) => setField('dateFormat', v ?? '')}
          errorMessage={errors.dateFormat}
        />
        {column('description')}
        {column('reference')}
        <div className={styles.fullRow}>
          <RadioGroup
            label="Amounts"
            options={AMOUNT_MODES}
            value={values.amounts}
            onChange={(mode) => {
              setField('amounts', mode);
              setErrors({});
            }}
          />
        </div>
        {split ? (
          <>
            {column('credit')}
            {column('debit')}
          </>
        ) : (
          column('amount')
        )}
      </fieldset>
      <div className={styles.formActions}>
        {onCancel && (
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Columns'}
        </Button>
      </div>
    </form>
  );
}

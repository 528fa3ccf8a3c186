import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Select } from '../../ui/Select';
import { TextField, type TextFieldProps } from '../../ui/TextField';
import { PRIOR_COVER_HELP, PriorCoverFields } from '../members/PriorCoverFields';
import {
  addFamilyRow,
  addMainRow,
  familyErrorKey,
  mainErrorKey,
  PROVINCE_OPTIONS,
  RELATIONSHIP_OPTIONS,
  removeFamilyRow,
  removeMainRow,
  setFamilyField,
  setMainField,
  type FamilyField,
  type MainField,
  type MainRow,
} from './schemeRows';
import * as styles from './groupSchemes.css';

/** Spec part 2 §3: SA ID inputs take at most 13 characters. */
const SA_ID_MAX_LENGTH = 13;

export type SchemeMemberRowsProps = {
  rows: readonly MainRow[];
  onChange: (rows: MainRow[]) => void;
  /** Messages keyed as the shared schema reports them ('mainMembers.0.saId'). */
  errors: Record<string, string>;
  /** Clears messages: one key when a field is edited, all of them when rows move. */
  onClearErrors: (key?: string) => void;
};

const mainPrefix = (i: number) => `Main member ${i + 1}`;
const familyPrefix = (i: number, j: number) => `Main member ${i + 1}, family member ${j + 1}`;

/**
 * Main-member rows, each with its family rows nested under it (spec part 2 §3 Scheme payloads). One
 * main row always stays on screen. Adding a row moves focus into it; removing one moves focus to the
 * add button of its list, so a keyboard user is never left on a button that has gone.
 */
export function SchemeMemberRows({ rows, onChange, errors, onClearErrors }: SchemeMemberRowsProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    rootRef.current?.querySelector<HTMLElement>(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const mainText = (i: number, field: MainField, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      labelPrefix={mainPrefix(i)}
      autoComplete="off"
      value={rows[i]![field]}
      onChange={(value) => {
        onChange(setMainField(rows, i, field, value));
        onClearErrors(mainErrorKey(i, field));
      }}
      errorMessage={errors[mainErrorKey(i, field)]}
      {...extra}
    />
  );

  const familyText = (i: number, j: number, field: FamilyField, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      labelPrefix={familyPrefix(i, j)}
      autoComplete="off"
      value={rows[i]!.familyMembers[j]![field]}
      onChange={(value) => {
        onChange(setFamilyField(rows, i, j, field, value));
        onClearErrors(familyErrorKey(i, j, field));
      }}
      errorMessage={errors[familyErrorKey(i, j, field)]}
      {...extra}
    />
  );

  const mainPrior = (i: number) => (field: 'priorCoverMonths' | 'priorCoverEndedOn') => ({
    value: rows[i]![field],
    onChange: (value: string) => {
      onChange(setMainField(rows, i, field, value));
      onClearErrors(mainErrorKey(i, field));
    },
    errorMessage: errors[mainErrorKey(i, field)],
  });

  const familyPrior = (i: number, j: number) => (field: 'priorCoverMonths' | 'priorCoverEndedOn') => ({
    value: rows[i]!.familyMembers[j]![field],
    onChange: (value: string) => {
      onChange(setFamilyField(rows, i, j, field, value));
      onClearErrors(familyErrorKey(i, j, field));
    },
    errorMessage: errors[familyErrorKey(i, j, field)],
  });

  return (
    <div ref={rootRef} className={styles.rows}>
      <p className={styles.hint}>{PRIOR_COVER_HELP}</p>
      {rows.map((row, i) => (
        <fieldset key={row.key} className={styles.mainRow} data-row={row.key}>
          <legend className={styles.rowLegend}>{mainPrefix(i)}</legend>
          {rows.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              className={styles.rowRemove}
              aria-label={`Remove main member ${i + 1}`}
              onPress={() => {
                onChange(removeMainRow(rows, i));
                onClearErrors();
                setFocusTarget('[data-add-main]');
              }}
            >
              <Icon name="trash" size={16} />
              Remove
            </Button>
          )}
          <div className={styles.rowFields}>
            {mainText(i, 'firstName', 'First name', { isRequired: true })}
            {mainText(i, 'lastName', 'Last name', { isRequired: true })}
            {mainText(i, 'saId', 'SA ID number', { isRequired: true, inputMode: 'numeric', maxLength: SA_ID_MAX_LENGTH })}
            {mainText(i, 'phone', 'Phone', { isRequired: true, type: 'tel', placeholder: '0821234567' })}
            {mainText(i, 'address', 'Address', { isRequired: true, className: styles.wideField })}
            {mainText(i, 'city', 'City')}
            <Select
              label="Province"
              labelPrefix={mainPrefix(i)}
              placeholder="Choose a province"
              options={PROVINCE_OPTIONS}
              value={row.province || null}
              onChange={(value) => onChange(setMainField(rows, i, 'province', value ?? ''))}
              errorMessage={errors[mainErrorKey(i, 'province')]}
            />
            {mainText(i, 'postalCode', 'Postal code', { inputMode: 'numeric', maxLength: 4 })}
            {mainText(i, 'email', 'Email', { type: 'email' })}
            {mainText(i, 'coverAmount', 'Cover amount (R)', { inputMode: 'decimal', placeholder: 'e.g. 20000' })}
            <PriorCoverFields field={mainPrior(i)} labelPrefix={mainPrefix(i)} />
          </div>

          <div className={styles.family}>
            <h4 className={styles.familyTitle}>Family members</h4>
            {row.familyMembers.length === 0 && <p className={styles.hint}>None added.</p>}
            {row.familyMembers.map((member, j) => (
              <fieldset key={member.key} className={styles.familyRow}>
                <legend className={styles.familyLegend}>Family member {j + 1}</legend>
                <div className={styles.familyFields}>
                  {familyText(i, j, 'firstName', 'First name')}
                  {familyText(i, j, 'lastName', 'Last name')}
                  {familyText(i, j, 'saId', 'SA ID number', { inputMode: 'numeric', maxLength: SA_ID_MAX_LENGTH })}
                  <Select
                    label="Relationship"
                    labelPrefix={familyPrefix(i, j)}
                    placeholder="Choose"
                    options={RELATIONSHIP_OPTIONS}
                    value={member.relationship || null}
                    onChange={(value) => {
                      onChange(setFamilyField(rows, i, j, 'relationship', value ?? ''));
                      onClearErrors(familyErrorKey(i, j, 'relationship'));
                    }}
                    errorMessage={errors[familyErrorKey(i, j, 'relationship')]}
                  />
                  {familyText(i, j, 'coverAmount', 'Cover amount (R)', { inputMode: 'decimal' })}
                  <PriorCoverFields field={familyPrior(i, j)} labelPrefix={familyPrefix(i, j)} />
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className={styles.familyRemove}
                  aria-label={`Remove family member ${j + 1} of main member ${i + 1}`}
                  onPress={() => {
                    onChange(removeFamilyRow(rows, i, j));
                    onClearErrors();
                    setFocusTarget(`[data-row="${row.key}"] [data-add-family]`);
                  }}
                >
                  <Icon name="trash" size={16} />
                  Remove
                </Button>
              </fieldset>
            ))}
            <Button
              variant="secondary"
              size="sm"
              data-add-family
              aria-label={`Add family member to main member ${i + 1}`}
              onPress={() => {
                onChange(addFamilyRow(rows, i));
                setFocusTarget(`[data-row="${row.key}"] fieldset:last-of-type input`);
              }}
            >
              <Icon name="plus" size={16} />
              Add Family Member
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          variant="secondary"
          data-add-main
          onPress={() => {
            onChange(addMainRow(rows));
            setFocusTarget(`[data-row]:last-of-type input`);
          }}
        >
          <Icon name="plus" size={16} />
          Add Main Member
        </Button>
      </div>
    </div>
  );
}

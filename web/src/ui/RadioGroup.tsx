import type { ReactNode } from 'react';
import { FieldError, Label, Radio as AriaRadio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';
import * as fieldStyles from './field.css';
import * as styles from './RadioGroup.css';
import { cx } from './cx';
import { visuallyHidden } from './visuallyHidden.css';

export type RadioOption = {
  id: string;
  label: ReactNode;
  /** A second line under the label (card layout). */
  detail?: ReactNode;
  /** The option's text for assistive technology when the label is not plain text. */
  textValue?: string;
};

export type RadioGroupProps = {
  label: string;
  labelHidden?: boolean;
  options: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** 'inline' for short choices side by side, 'cards' for options with details (a grid of cards). */
  layout?: 'inline' | 'cards';
  description?: string;
  errorMessage?: string | undefined;
};

/** One choice out of a few: arrow keys move between options, as a radio group should. */
export function RadioGroup({
  label,
  labelHidden,
  options,
  value,
  onChange,
  layout = 'inline',
  description,
  errorMessage,
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      className={fieldStyles.field}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <Label className={labelHidden ? visuallyHidden : fieldStyles.label}>{label}</Label>
      <div className={styles.options[layout]}>
        {options.map((option) => (
          <AriaRadio
            key={option.id}
            value={option.id}
            className={cx(styles.radio, layout === 'cards' && styles.card)}
            aria-label={option.textValue}
          >
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.text}>
              <span className={styles.label}>{option.label}</span>
              {option.detail && <span className={styles.detail}>{option.detail}</span>}
            </span>
          </AriaRadio>
        ))}
      </div>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}

import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import * as fieldStyles from './field.css';
import * as styles from './Select.css';
import { Icon } from './Icon';
import { cx } from './cx';
import { visuallyHidden } from './visuallyHidden.css';

export type SelectOption = { id: string; label: string };

export type SelectProps = {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  name?: string;
  /** Keeps the label for screen readers only (compact selects inside table rows). */
  labelHidden?: boolean;
  /** Read before the label by screen readers only: which row of a repeated form the select is in. */
  labelPrefix?: string;
  className?: string;
  /** Marks the label with an asterisk and the control as aria-required. */
  isRequired?: boolean;
  /** A hint under the control, read with it. */
  description?: string | undefined;
};

export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  errorMessage,
  isDisabled,
  name,
  labelHidden,
  labelPrefix,
  className,
  isRequired,
  description,
}: SelectProps) {
  return (
    <AriaSelect
      className={cx(fieldStyles.field, className)}
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
      isRequired={isRequired}
    >
      <Label
        className={cx(labelHidden ? visuallyHidden : fieldStyles.label, isRequired && fieldStyles.requiredLabel)}
        data-required={isRequired || undefined}
      >
        {labelPrefix && <span className={visuallyHidden}>{labelPrefix}</span>}
        {labelPrefix && ' '}
        {label}
      </Label>
      <AriaButton className={styles.trigger}>
        <SelectValue className={styles.value} />
        <Icon name="chevronDown" size={18} />
      </AriaButton>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={styles.item} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

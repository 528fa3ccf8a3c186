import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import * as styles from './ComboBox.css';
import { cx } from './cx';
import * as fieldStyles from './field.css';
import { Icon } from './Icon';
import * as selectStyles from './Select.css';

export type ComboBoxOption = { id: string; label: string };

export type ComboBoxProps = {
  label: string;
  /** The options to offer as they are: the caller filters them (e.g. a server-side search). */
  options: readonly ComboBoxOption[];
  inputValue: string;
  onInputChange: (value: string) => void;
  selectedKey: string | null;
  onSelectionChange: (id: string | null) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string | undefined;
  /** Shown in the list when there are no options (e.g. 'No main members match'). */
  emptyText?: string;
  /** Marks the label with an asterisk and the input as aria-required. */
  isRequired?: boolean;
};

/** A text input with a list of choices, for lists too long for a select (searched as you type). */
export function ComboBox({
  label,
  options,
  inputValue,
  onInputChange,
  selectedKey,
  onSelectionChange,
  placeholder,
  description,
  errorMessage,
  emptyText = 'No matches',
  isRequired,
}: ComboBoxProps) {
  return (
    <AriaComboBox
      className={fieldStyles.field}
      items={options}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => onSelectionChange(key === null ? null : String(key))}
      menuTrigger="input"
      allowsEmptyCollection
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      isRequired={isRequired}
    >
      <Label className={cx(fieldStyles.label, isRequired && fieldStyles.requiredLabel)} data-required={isRequired || undefined}>
        {label}
      </Label>
      <div className={styles.control}>
        <Input className={styles.input} placeholder={placeholder} />
        <AriaButton className={styles.button}>
          <Icon name="chevronDown" size={18} />
        </AriaButton>
      </div>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover className={selectStyles.popover}>
        <ListBox className={selectStyles.listBox} renderEmptyState={() => <div className={styles.empty}>{emptyText}</div>}>
          {(option: ComboBoxOption) => (
            <ListBoxItem id={option.id} className={selectStyles.item} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

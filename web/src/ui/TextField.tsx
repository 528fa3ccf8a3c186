import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import * as fieldStyles from './field.css';
import * as styles from './TextField.css';
import { cx } from './cx';
import { visuallyHidden } from './visuallyHidden.css';

export type TextFieldProps = Omit<AriaTextFieldProps, 'children' | 'className'> & {
  label: string;
  /** Keeps the label for screen readers only, where a placeholder already says what to type. */
  labelHidden?: boolean;
  /** Read before the label by screen readers only: which row of a repeated form the field is in. */
  labelPrefix?: string;
  description?: string;
  /** The message to show under the field; its presence marks the field invalid. */
  errorMessage?: string | undefined;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  className?: string;
};

export function TextField({
  label,
  labelHidden,
  labelPrefix,
  description,
  errorMessage,
  placeholder,
  multiline,
  rows = 2,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      // Messages come from the shared zod schemas, so the browser's own validation stays out of the way.
      validationBehavior="aria"
      isInvalid={Boolean(errorMessage) || props.isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <Label
        className={cx(labelHidden ? visuallyHidden : fieldStyles.label, props.isRequired && fieldStyles.requiredLabel)}
        data-required={props.isRequired || undefined}
      >
        {labelPrefix && <span className={visuallyHidden}>{labelPrefix}</span>}
        {labelPrefix && ' '}
        {label}
      </Label>
      {multiline ? (
        <TextArea className={styles.textarea} placeholder={placeholder} rows={rows} />
      ) : (
        <Input className={styles.input} placeholder={placeholder} />
      )}
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}

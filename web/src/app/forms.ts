import { fieldErrors, southAfricanDate, type IssueSource } from '@fpa/write-model/validation';
import { useCallback, useState } from 'react';

/**
 * Structural, so any zod schema fits without the web importing zod itself: the rules and their
 * messages live in @fpa/write-model/validation, shared with the server.
 */
export type ParseSchema<Output> = {
  safeParse: (input: unknown) => { success: true; data: Output } | { success: false; error: IssueSource };
};

/**
 * A shared schema bounded by "today" (dates of birth, death, payment), built at each parse with the
 * South African date, the server's today: a form left open over midnight checks against the new day.
 */
export function onToday<Output>(
  schemaOn: (today: string) => ParseSchema<Output>,
  clock: () => Date = () => new Date(),
): ParseSchema<Output> {
  return { safeParse: (input) => schemaOn(southAfricanDate(clock())).safeParse(input) };
}

export type FieldErrors = Record<string, string>;

/**
 * Form state validated on submit with a shared schema: one message per field (the first), shown
 * under the field, and cleared as soon as that field is edited.
 */
export function useSchemaForm<Values extends Record<string, string>, Output>(schema: ParseSchema<Output>, initialValues: Values) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setField = useCallback((name: keyof Values & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  /** Props for a ui TextField bound to one value. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (value: string) => setField(name, value),
    errorMessage: errors[name],
  });

  /**
   * Validates (with another schema over the same values when a step adds fields); returns the
   * parsed output, or null after showing the messages.
   */
  const validate = (using: ParseSchema<Output> = schema): Output | null => {
    const result = using.safeParse(values);
    if (result.success) return result.data;
    setErrors(fieldErrors(result.error));
    return null;
  };

  const reset = useCallback(() => {
    setValues(initialValues);
    setErrors({});
  }, [initialValues]);

  return { values, errors, setErrors, setField, field, validate, reset };
}

/**
 * Moves focus to the first field marked invalid once its message has rendered, so a keyboard or
 * screen-reader user lands on what needs fixing (in a long dialog it also scrolls it into view).
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

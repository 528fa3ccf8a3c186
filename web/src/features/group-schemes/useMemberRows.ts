import { fieldErrors } from '@fpa/write-model/validation';
import { useCallback, useState } from 'react';
import type { ParseSchema } from '../../app/forms';
import { emptyMainRow, type MainRow } from './schemeRows';

/** The key under which the schema reports "no complete main member" (an issue on the list itself). */
export const MAIN_MEMBERS_KEY = 'mainMembers';

/**
 * Member rows plus the messages of the shared schema, for Create Scheme and Add Members. `extra`
 * holds the other fields of the form (the scheme's name and description when creating).
 */
export function useMemberRows<Extra extends Record<string, string>, Output>(schema: ParseSchema<Output>, initialExtra: Extra) {
  const [rows, setRows] = useState<MainRow[]>(() => [emptyMainRow()]);
  const [extra, setExtra] = useState<Extra>(initialExtra);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const clearErrors = useCallback((key?: string) => {
    setErrors((current) => {
      if (key === undefined) return {};
      // Editing any row may complete one, so the list's own message goes too.
      if (!(key in current) && !(MAIN_MEMBERS_KEY in current)) return current;
      const { [key]: _field, [MAIN_MEMBERS_KEY]: _list, ...rest } = current;
      return rest;
    });
  }, []);

  const setExtraField = (name: keyof Extra & string, value: string) => {
    setExtra((current) => ({ ...current, [name]: value }));
    clearErrors(name);
  };

  /** Validates rows and fields together; the parsed output, or null after showing the messages. */
  const validate = (): Output | null => {
    const result = schema.safeParse({ ...extra, mainMembers: rows });
    if (result.success) return result.data;
    setErrors(fieldErrors(result.error));
    return null;
  };

  return { rows, setRows, extra, setExtraField, errors, setErrors, clearErrors, validate };
}

/** Focus the first field marked invalid, else the list's own message, once the messages have rendered. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-list-error]')?.focus(), 0);
}

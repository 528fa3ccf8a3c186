import { ERASED } from '@fpa/write-model/event-store';

/** Personal data as an event carries it, for a read model: an erased person's (or a blank) reads as absent. */
export function personal(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === ERASED || value.trim() === '' ? null : value;
}

import type { ComplianceResolutionEvent } from './compliance.events.ts';

/** The entries resolved by hand. */
export type ComplianceResolutions = ReadonlySet<string>;

export const initialComplianceResolutions: ComplianceResolutions = new Set();

/** An event type this code does not know (written by newer code) leaves the state as it is. */
export function evolveComplianceResolutions(state: ComplianceResolutions, event: ComplianceResolutionEvent): ComplianceResolutions {
  return event.type === 'ComplianceEntryResolved' ? new Set(state).add(event.data.entryId) : state;
}

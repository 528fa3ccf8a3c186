import type { EventStore } from '../event-store/types.ts';
import { loadState } from '../command-handling/handle.ts';
import { DomainError } from '../errors.ts';
import { SYSTEM_SETTINGS_STREAM } from '../system-settings/system-settings.events.ts';
import { evolveSystemSettings, initialSystemSettings } from '../system-settings/system-settings.state.ts';
import {
  FUNERAL_CAPS_SETTING_KEY,
  funeralCapsFrom,
  priceLife,
  saIdDateOfBirth,
  type BenefitRow,
  type FuneralCaps,
  type LifeRelationship,
} from '../validation/index.ts';
import type { CoveredLife } from './policies.events.ts';

/** The funeral limits per life in force (system settings; the Act's figures when none is saved). */
export async function loadFuneralCaps(store: EventStore): Promise<FuneralCaps> {
  const { state } = await loadState(store, SYSTEM_SETTINGS_STREAM, { initialState: initialSystemSettings, evolve: evolveSystemSettings });
  return funeralCapsFrom(state.get(FUNERAL_CAPS_SETTING_KEY)?.value);
}

/** A person's date of birth: as entered, else read from the SA ID. */
export function lifeDateOfBirth(person: { dateOfBirth: string | null; saId: string | null }, now: Date): string | null {
  return person.dateOfBirth ?? (person.saId ? saIdDateOfBirth(person.saId, now) : null);
}

export const DATE_OF_BIRTH_FOR_PRICING = 'Give the date of birth: this policy type prices each life by its age.';

/**
 * A life joining a policy with a benefit table, priced at its age on `joinedOn`; refused (422, on the
 * date of birth) when no band takes it or its cover would break the funeral limit for its age.
 */
export function joiningLife(
  benefits: readonly BenefitRow[],
  caps: FuneralCaps,
  life: { memberId: string; relationship: LifeRelationship; dateOfBirth: string | null; joinedOn: string },
): CoveredLife {
  if (!life.dateOfBirth) {
    throw new DomainError('RULE_VIOLATED', DATE_OF_BIRTH_FOR_PRICING, [{ path: ['dateOfBirth'], message: DATE_OF_BIRTH_FOR_PRICING }]);
  }
  const priced = priceLife(benefits, caps, { relationship: life.relationship, dateOfBirth: life.dateOfBirth, joinedOn: life.joinedOn });
  if ('refused' in priced) throw new DomainError('RULE_VIOLATED', priced.refused, [{ path: ['dateOfBirth'], message: priced.refused }]);
  return { memberId: life.memberId, joinedOn: life.joinedOn, ...priced };
}

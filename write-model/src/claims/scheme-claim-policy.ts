import type { EventStore } from '../event-store/types.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import type { GroupSchemeEvent, SchemeMemberAdded } from '../group-schemes/group-schemes.events.ts';
import { groupSchemeStreamId } from '../group-schemes/group-schemes.events.ts';
import { findGroupPolicy } from '../group-schemes/group-policy-numbers.ts';
import { southAfricanDate } from '../validation/dates.ts';
import { priorCoverOf, SCHEME_WAITING_TERMS, type LifeDates } from '../validation/waiting-periods.ts';
import type { SchemeStatus } from '../validation/group-schemes.ts';
import type { PolicyState } from '../policies/policies.state.ts';

type Person = SchemeMemberAdded['data'];

/**
 * A group scheme's policy as a claim sees it (issue #22): a scheme member's cover comes from the
 * scheme's terms, not a policy type's. Active while its main member is on the scheme, from the day they
 * joined (South African day); the scheme's waiting terms (SCHEME_WAITING_TERMS); the cover the scheme
 * gave the deceased life, else its main member's; and the deceased life's own dates: the day it joined
 * the scheme and its cover proven elsewhere (rule 2A.6). Null when the id or number is not a group policy.
 */
export async function loadSchemeClaimPolicy(
  store: EventStore,
  sql: SqlExecutor,
  companyId: string,
  ref: { policyId?: string | null; policyNumber?: string | null },
  deceasedSaId: string,
): Promise<{
  policyId: string;
  policy: PolicyState;
  memberName: string;
  deceasedOnPolicy: boolean;
  /** The deceased life's dates (a life not on the policy: its main member's start, without prior cover). */
  life: LifeDates;
  scheme: { name: string; status: SchemeStatus };
} | null> {
  const found = await findGroupPolicy(sql, companyId, ref);
  if (!found) return null;
  const { events } = await store.readStream(groupSchemeStreamId(found.schemeId));
  let main: { person: Person; joinedOn: string; removed: boolean } | null = null;
  const family = new Map<string, Person>();
  const joinedOn = new Map<string, string>();
  let scheme: { name: string; status: SchemeStatus } = { name: '', status: 'active' };
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as GroupSchemeEvent;
    if (event.type === 'GroupSchemeCreated') scheme = { name: event.data.name, status: 'active' };
    else if (event.type === 'GroupSchemeUpdated') scheme = { name: event.data.name, status: event.data.status };
    else if (event.type === 'SchemeMemberAdded' && event.data.isMainMember && event.data.policyId === found.policyId)
      main = { person: event.data, joinedOn: southAfricanDate(recorded.recordedAt), removed: false };
    else if (event.type === 'SchemeMemberAdded' && main && event.data.mainMemberId === main.person.memberId) {
      family.set(event.data.memberId, event.data);
      joinedOn.set(event.data.memberId, southAfricanDate(recorded.recordedAt));
    } else if (event.type === 'SchemeMemberRemoved' && main) {
      family.delete(event.data.memberId);
      if (event.data.memberId === main.person.memberId) main.removed = true;
    }
  }
  if (!main || main.person.companyId !== companyId) return null;
  const person = main.person;
  const lives = main.removed ? [] : [person, ...family.values()];
  const deceased = lives.find((life) => life.saId === deceasedSaId);
  const policy: PolicyState = {
    status: main.removed ? 'cancelled' : 'active',
    policyId: found.policyId,
    companyId,
    memberId: person.memberId,
    policyNumber: person.policyNumber,
    policyTypeId: '',
    startDate: main.joinedOn,
    waitingPeriod: SCHEME_WAITING_TERMS.waitingPeriod,
    suicideWaitingMonths: SCHEME_WAITING_TERMS.suicideWaitingMonths,
    coverageAmount: deceased?.coverAmount ?? person.coverAmount ?? '0',
    monthlyPremium: '0',
    debitDay: 1,
    noticed: {},
    lapse: null,
    activations: 0,
    mandate: null,
    benefits: null,
    lives: [],
  };
  const life: LifeDates = deceased
    ? { addedOn: joinedOn.get(deceased.memberId) ?? null, priorCover: priorCoverOf(deceased.priorCover) }
    : { addedOn: null, priorCover: null };
  return {
    policyId: found.policyId,
    policy,
    memberName: `${person.firstName} ${person.lastName}`,
    deceasedOnPolicy: !!deceased,
    life,
    scheme,
  };
}

import { describe, expect, it } from 'vitest';
import { evolveAccess, initialAccessState } from '../access/access.state.ts';
import { evolveAgent, initialAgentState } from '../agents/agents.state.ts';
import { evolveClaim, initialClaimState } from '../claims/claims.state.ts';
import { evolveCompany, initialCompanyState } from '../companies/companies.state.ts';
import { evolveGroupScheme, initialGroupSchemeState } from '../group-schemes/group-schemes.state.ts';
import { evolveMember, initialMemberState } from '../members/members.state.ts';
import { evolvePayment, initialPaymentState } from '../payments/payments.state.ts';
import { evolvePlanCatalogue, initialPlanCatalogue } from '../plans/plans.state.ts';
import { evolvePolicy, initialPolicyState } from '../policies/policies.state.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../policy-types/policy-types.state.ts';
import { evolveSystemSettings, initialSystemSettings } from '../system-settings/system-settings.state.ts';
import { evolveUser, initialUserState } from '../users/users.state.ts';

/**
 * An older reader folding a log that newer code wrote meets event types it does not know: every
 * aggregate's evolve leaves its state as it is (the compiler still checks the known ones are handled).
 */
const newer = { type: 'SomethingAddedLater', data: { anything: 1 } } as never;

const aggregates: [string, (state: never, event: never) => unknown, unknown][] = [
  ['access', evolveAccess, initialAccessState],
  ['agent', evolveAgent, initialAgentState],
  ['claim', evolveClaim, initialClaimState],
  ['company', evolveCompany, initialCompanyState],
  ['group scheme', evolveGroupScheme, initialGroupSchemeState],
  ['member', evolveMember, initialMemberState],
  ['payment', evolvePayment, initialPaymentState],
  ['plan catalogue', evolvePlanCatalogue, initialPlanCatalogue],
  ['policy', evolvePolicy, initialPolicyState],
  ['policy type', evolvePolicyType, initialPolicyTypeState],
  ['system settings', evolveSystemSettings, initialSystemSettings],
  ['user', evolveUser, initialUserState],
];

describe('evolve and an event type it does not know', () => {
  it.each(aggregates)('%s: returns the state unchanged', (_name, evolve, state) => {
    expect(evolve(state as never, newer)).toBe(state);
  });
});

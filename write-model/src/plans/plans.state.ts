import { unknownEvent } from '../command-handling/decider.ts';
import type { PlanEvent, PlanFields } from './plans.events.ts';

export type Plan = PlanFields & { planId: string };

export type PlanCatalogue = {
  /** Whether anything was ever recorded (the built-in plans are seeded only into a catalogue never written). */
  written: boolean;
  plans: ReadonlyMap<string, Plan>;
};

export const initialPlanCatalogue: PlanCatalogue = { written: false, plans: new Map() };

export function evolvePlanCatalogue(state: PlanCatalogue, event: PlanEvent): PlanCatalogue {
  const plans = new Map(state.plans);
  switch (event.type) {
    case 'PlanCreated':
    case 'PlanUpdated': {
      const { createdAt: _c, updatedAt: _u, ...plan } = event.data as Plan & { createdAt?: string; updatedAt?: string };
      plans.set(plan.planId, plan);
      break;
    }
    case 'PlanDeleted':
      plans.delete(event.data.planId);
      break;
    default:
      return unknownEvent(event, state);
  }
  return { written: true, plans };
}

export function planOfTier(state: PlanCatalogue, tier: string): Plan | undefined {
  return [...state.plans.values()].find((plan) => plan.tier === tier);
}

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { TIERS } from '../../companies/tiers.ts';
import type { PlanEvent } from '../plans.events.ts';
import type { PlanCatalogue } from '../plans.state.ts';
import { changeCatalogue } from './catalogue.ts';

/**
 * At start: the built-in plans become the catalogue's first events when it has none. The fixed
 * command id makes processes starting together append once; a catalogue already written is kept.
 */
export async function ensureBuiltInPlans(store: EventStore, ctx: CommandContext) {
  const change = await changeCatalogue(store, { ...ctx, commandId: 'seed-plan-catalogue:v1' }, (state) => decideSeedPlans({}, state, ctx));
  return { created: change.append !== null && !change.append.duplicate, append: change.append };
}

/**
 * The built-in plans (companies/tiers.ts), recorded once into a catalogue never written before. A
 * catalogue the operator has changed is left alone: a deleted built-in plan does not come back.
 * Enterprise's price is agreed with sales; its plan records 0.00 and the tier says "Custom".
 */
export function decideSeedPlans(_command: Record<string, never>, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  if (state.written) return [];
  return TIERS.map((tier, index) => ({
    type: 'PlanCreated',
    data: {
      planId: ctx.newId(),
      name: tier.name,
      tier: tier.id,
      memberLimit: tier.memberLimit,
      monthlyPrice: tier.monthlyPrice ?? '0.00',
      features: [...tier.features],
      description: tier.description,
      sortOrder: index,
      isActive: true,
      createdAt: ctx.now.toISOString(),
    },
  }));
}

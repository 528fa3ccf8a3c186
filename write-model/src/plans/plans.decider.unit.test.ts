import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { scenario } from '../command-handling/given-when-then.ts';
import { planSchema } from '../validation/index.ts';
import { decideCreatePlan } from './commands/create-plan.ts';
import { decideDeletePlan } from './commands/delete-plan.ts';
import { decideSeedPlans } from './commands/seed-plans.ts';
import { decideUpdatePlan } from './commands/update-plan.ts';
import type { PlanEvent } from './plans.events.ts';
import { evolvePlanCatalogue, initialPlanCatalogue, planOfTier } from './plans.state.ts';

let ids = 0;
const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => `p${++ids}`,
  actor: { userId: 'op', role: 'super_admin', companyId: null },
  commandId: 'cmd',
};
const folder = { initialState: initialPlanCatalogue, evolve: evolvePlanCatalogue };
const at = '2026-06-15T10:00:00.000Z';

const seeded = (): PlanEvent[] => {
  ids = 0;
  return decideSeedPlans({}, initialPlanCatalogue, ctx);
};

describe('the built-in plans', () => {
  it('given a catalogue never written, when seeded, then the three tiers as plans in order', () => {
    const events = seeded();
    expect(
      events.map((e) => e.type === 'PlanCreated' && [e.data.tier, e.data.name, e.data.monthlyPrice, e.data.memberLimit, e.data.sortOrder]),
    ).toEqual([
      ['free', 'Free Tier', '0.00', 300, 0],
      ['starter', 'Premium Plan', '299.00', 50_000, 1],
      ['enterprise', 'Enterprise', '0.00', -1, 2],
    ]);
  });

  it('given any recorded change (even every plan deleted), when seeded again, then nothing', () => {
    const events = seeded();
    const deleted: PlanEvent[] = events.map((e) => ({
      type: 'PlanDeleted',
      data: { planId: e.data.planId, tier: 'x', name: 'x', deletedAt: at },
    }));
    scenario(folder, decideSeedPlans, ctx)
      .given([...events, ...deleted])
      .when({})
      .then([]);
  });
});

describe('creating, updating and deleting plans', () => {
  const input = planSchema.parse({ name: 'Gold', tier: 'starter', memberLimit: '1000', monthlyPrice: '499.5', features: ['SMS'] });

  it('given no plan for the tier, when created, then PlanCreated with the price in two decimals and the defaults', () => {
    ids = 0;
    scenario(folder, decideCreatePlan, ctx)
      .given([])
      .when(input)
      .then([
        {
          type: 'PlanCreated',
          data: {
            planId: 'p1',
            name: 'Gold',
            tier: 'starter',
            memberLimit: 1000,
            monthlyPrice: '499.50',
            features: ['SMS'],
            description: null,
            sortOrder: 0,
            isActive: true,
            createdAt: at,
          },
        },
      ]);
  });

  it('given a plan for the tier, when another is created for it, then it is refused', () => {
    scenario(folder, decideCreatePlan, ctx)
      .given(seeded())
      .when(input)
      .thenThrows('ALREADY_EXISTS', 'There is already a plan for the starter tier');
  });

  it('given the built-in plans, when a plan for a new tier is created, then PlanCreated: plans are data', () => {
    const basic = planSchema.parse({ name: 'Basic', tier: ' Basic ', memberLimit: 1000, monthlyPrice: '149' });
    const [event] = scenario(folder, decideCreatePlan, ctx).given(seeded()).when(basic).decided();
    expect(event).toMatchObject({ type: 'PlanCreated', data: { name: 'Basic', tier: 'basic', memberLimit: 1000, monthlyPrice: '149.00' } });
    scenario(folder, decideCreatePlan, ctx)
      .given([...seeded(), event!])
      .when({ ...basic, name: 'Basic 2' })
      .thenThrows('ALREADY_EXISTS', 'There is already a plan for the basic tier');
    expect(planSchema.safeParse({ ...basic, tier: 'gold/*' }).error?.issues[0]?.message).toBe(
      'Tier may use letters, digits, spaces and hyphens (at most 40)',
    );
  });

  it('given the starter plan, when its price and limit change, then PlanUpdated; unchanged, nothing', () => {
    const events = seeded();
    const starter = planOfTier(events.reduce(evolvePlanCatalogue, initialPlanCatalogue), 'starter')!;
    const when = scenario(folder, decideUpdatePlan, ctx).given(events);
    const [updated] = when
      .when({
        planId: starter.planId,
        input: { ...starter, monthlyPrice: '349', memberLimit: 60_000, description: starter.description ?? undefined },
      })
      .decided();
    expect(updated).toMatchObject({
      type: 'PlanUpdated',
      data: { planId: starter.planId, tier: 'starter', monthlyPrice: '349.00', memberLimit: 60_000, updatedAt: at },
    });
    when.when({ planId: starter.planId, input: { ...starter, description: starter.description ?? undefined } }).then([]);
  });

  it('refuses moving a plan onto a tier another plan sells, and an unknown plan', () => {
    const events = seeded();
    const state = events.reduce(evolvePlanCatalogue, initialPlanCatalogue);
    const free = planOfTier(state, 'free')!;
    const when = scenario(folder, decideUpdatePlan, ctx).given(events);
    when
      .when({ planId: free.planId, input: { ...free, tier: 'enterprise', description: undefined } })
      .thenThrows('ALREADY_EXISTS', 'There is already a plan for the enterprise tier');
    when.when({ planId: 'nope', input: { ...free, description: undefined } }).thenThrows('NOT_FOUND', 'Subscription plan not found');
  });

  it('given a plan, when deleted, then PlanDeleted naming its tier, and the tier is free for a new plan', () => {
    const events = seeded();
    const starter = planOfTier(events.reduce(evolvePlanCatalogue, initialPlanCatalogue), 'starter')!;
    const [deleted] = scenario(folder, decideDeletePlan, ctx).given(events).when({ planId: starter.planId }).decided();
    expect(deleted).toEqual({
      type: 'PlanDeleted',
      data: { planId: starter.planId, tier: 'starter', name: 'Premium Plan', deletedAt: at },
    });
    const [created] = scenario(folder, decideCreatePlan, ctx)
      .given([...events, deleted!])
      .when(input)
      .decided();
    expect(created).toMatchObject({ type: 'PlanCreated', data: { tier: 'starter', name: 'Gold' } });
  });
});

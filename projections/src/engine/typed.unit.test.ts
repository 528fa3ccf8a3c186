import type { PlanEvent } from '@fpa/write-model';
import { describe, expect, it } from 'vitest';
import { projectorOf } from './typed.ts';

/**
 * Typed projections (issue #19): the build refuses a projector that names an event type its union does
 * not have, or reads a field its event does not carry. Each @ts-expect-error below fails `npm run
 * typecheck` the day the error it marks goes away, so these lines are the test.
 */
const base = { name: 'typed_test', version: 1, tables: ['typed_test'], init: async () => {} };

describe('projectorOf', () => {
  it('types handles and apply by the union, and is a plain projector at run time', async () => {
    const seen: string[] = [];
    const projector = projectorOf<PlanEvent>()({
      ...base,
      handles: ['PlanCreated', 'PlanDeleted'],
      async apply(_tx, event) {
        if (event.type === 'PlanCreated') seen.push(`${event.data.name}:${event.data.memberLimit}`);
        else seen.push(`deleted ${event.data.planId}`);
        // @ts-expect-error PlanDeleted carries no memberLimit
        if (event.type === 'PlanDeleted') seen.push(String(event.data.memberLimit));
      },
    });
    expect(projector.handles).toEqual(['PlanCreated', 'PlanDeleted']);

    projectorOf<PlanEvent>()({
      ...base,
      // @ts-expect-error not an event of the plan catalogue
      handles: ['PlanRenamed'],
      apply: async () => {},
    });

    projectorOf<PlanEvent>()({
      ...base,
      handles: ['PlanUpdated'],
      async apply(_tx, event) {
        // @ts-expect-error a field that PlanUpdated does not have (a rename fails the build here)
        seen.push(event.data.monthlyCost);
      },
    });
    await projector.apply({} as never, { type: 'PlanCreated', data: { name: 'Basic', memberLimit: 1000 } } as never);
    expect(seen).toEqual(['Basic:1000']);
  });
});

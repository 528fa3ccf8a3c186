/** Test-only helpers of the agents e2e tests. */

let counter = 0;

/** The add-agent dialog's payload (numbers as numbers, spec part 2 §7), with a login when asked. */
export function agentBody(firstName: string, overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    firstName,
    lastName: 'Mokoena',
    email: `${firstName.toLowerCase()}${counter}@example.co.za`,
    phone: '083 555 1234',
    agentId: `AG-${Date.now().toString(36)}-${counter}`,
    commissionRate: 10,
    salesTarget: 25000,
    region: 'Gauteng',
    ...overrides,
  };
}

/** A number that changes with every agentBody call (for unique usernames). */
export const codes = () => counter;

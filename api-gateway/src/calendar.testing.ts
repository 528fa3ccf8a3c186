import { makeSaId, type TestApp } from './testing.ts';

/*
 * The calendar's HTTP tests (issue #20): they step the gateway's clock through South African days and
 * register main members with a policy on a policy type.
 */

/** The gateway's clock at 10:00 in South Africa (08:00 UTC) on `day`. */
export function setDay(t: TestApp, day: string): void {
  const instant = new Date(`${day}T08:00:00Z`);
  t.services.now = () => instant;
}

let sequence = 8100;

/** POST /api/members' body for a main member with contact and address, a policy of `policyTypeId`, and a fresh SA ID. */
export function mainMemberBody(policyTypeId: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Themba',
    lastName: 'Mthembu',
    saId: makeSaId('700303', String(sequence++).padStart(4, '0')),
    phone: '0821234567',
    address: '3 Church Street',
    city: 'Pietermaritzburg',
    province: 'KZN',
    postalCode: '3201',
    isMainMember: true,
    policyTypeId,
    ...overrides,
  };
}

import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@fpa/write-model/event-store';
import { loggedEvent } from '../engine/apply-batch.fixtures.ts';

/**
 * Members as the simulation's generator appends them (registration, policy, payments, member after member), with
 * the odd repeat, update and policy event among them unless `quiet`; with `tiers`, a company moves between the
 * free tier and a paying one now and then (the free tier sends no welcome or receipt).
 */
export function memberLog(random: () => number, members: number, { quiet = false, tiers = false } = {}): RecordedEvent[] {
  const companies = [randomUUID(), randomUUID()];
  const policyTypeId = randomUUID();
  const events: RecordedEvent[] = [];
  const odd = (p: number) => !quiet && random() < p;
  const push = (type: string, data: Record<string, unknown>) =>
    events.push(loggedEvent(events.length, type, data, { startMs: Date.UTC(2026, 0, 1), stepMs: 60_000 }));
  // A paying tier: the outbox projector writes welcomes and receipts for them.
  companies.forEach((companyId, i) =>
    push('CompanyRegistered', { companyId, name: `Company ${i}`, phone: '0310000000', email: 'office@example.com', tier: 'starter' }),
  );
  const registered: { memberId: string; companyId: string }[] = [];
  const policies: string[] = [];
  const payments: string[] = [];
  const register = (memberId: string, companyId: string, isMainMember: boolean) => {
    const passport = random() < 0.3;
    push('MemberRegistered', {
      memberId,
      companyId,
      firstName: `First${Math.floor(random() * 1000)}`,
      lastName: `Last${Math.floor(random() * 1000)}`,
      identifierType: passport ? 'passport' : 'sa_id',
      ...(passport ? { passportNumber: `P${Math.floor(random() * 1e6)}` } : { saId: `80010${Math.floor(random() * 1e8)}` }),
      phone: random() < 0.1 ? '[erased]' : random() < 0.1 ? ' ' : `08${Math.floor(random() * 1e8)}`,
      email: random() < 0.2 ? '' : `m${Math.floor(random() * 1e6)}@example.com`,
      isMainMember,
      mainMemberId: isMainMember ? null : registered.at(-1)?.memberId,
    });
    registered.push({ memberId, companyId });
  };
  for (let i = 0; i < members; i++) {
    const companyId = companies[i % 2]!;
    if (tiers && random() < 0.08) {
      const toTier = random() < 0.5 ? 'free' : 'starter';
      push('SubscriptionTierChanged', {
        companyId,
        fromTier: toTier === 'free' ? 'starter' : 'free',
        toTier,
        memberLimit: 1_000,
        paymentId: null,
        changedAt: '2026-01-01T08:00:00.000Z',
      });
    }
    const memberId = randomUUID();
    register(memberId, companyId, true);
    if (odd(0.15)) register(randomUUID(), companyId, false);
    // The same member registered again (another company and contact): the first company and the last contact stand.
    if (odd(0.05) && registered.length > 3)
      register(registered[Math.floor(random() * registered.length)]!.memberId, companies[(i + 1) % 2]!, random() < 0.5);
    if (odd(0.05)) {
      const again = registered[Math.floor(random() * registered.length)]!;
      push('MemberUpdated', { ...again, firstName: 'Updated', lastName: 'Name', phone: '0820000000', email: 'new@example.com' });
    }
    const policyId = odd(0.03) && policies.length > 0 ? policies[Math.floor(random() * policies.length)]! : randomUUID();
    policies.push(policyId);
    push('PolicyIssued', {
      policyId,
      companyId,
      policyNumber: `POL-${i}`,
      memberId,
      policyTypeId,
      startDate: `2025-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      monthlyPremium: `${100 + Math.floor(random() * 300)}.${random() < 0.5 ? '00' : '50'}`,
      coverageAmount: '10000',
      waitingPeriod: 6,
      ...(random() < 0.7 ? { debitDay: 1 + Math.floor(random() * 28) } : {}),
      ...(odd(0.1) ? { paidUpTo: '2025-12-31' } : {}),
    });
    for (let p = Math.floor(random() * 4); p > 0; p--) {
      const paymentId = odd(0.03) && payments.length > 0 ? payments[Math.floor(random() * payments.length)]! : randomUUID();
      payments.push(paymentId);
      push('PaymentRecorded', {
        paymentId,
        companyId,
        policyId,
        policyNumber: `POL-${i}`,
        memberId,
        memberName: 'Thandi Nkosi',
        amount: `${100 + Math.floor(random() * 300)}.00`,
        paymentDate: `2026-0${1 + Math.floor(random() * 9)}-0${1 + Math.floor(random() * 9)}`,
        paymentMethod: 'debit_order',
        reference: null,
        notes: null,
        status: random() < 0.9 ? 'completed' : 'pending',
        ...(odd(0.05) ? { groupSchemeId: randomUUID() } : {}),
      });
      if (odd(0.05)) push('PaymentStatusChanged', { paymentId, companyId, from: 'pending', to: 'completed' });
    }
    if (odd(0.05)) push('PolicyLapsed', { policyId: policies[Math.floor(random() * policies.length)]!, companyId, lapsedOn: '2026-03-01' });
    if (odd(0.05))
      push('PolicyStatusChanged', {
        policyId: policies[Math.floor(random() * policies.length)]!,
        companyId,
        from: 'lapsed',
        to: 'active',
        changedOn: '2026-04-01',
      });
    if (odd(0.03)) push('PolicyHolderSucceeded', { policyId, companyId, fromMemberId: memberId, toMemberId: registered.at(-1)!.memberId });
  }
  return events;
}

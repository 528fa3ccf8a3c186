import { southAfricanDate } from '@fpa/write-model';
import { makeSaId, type TestApp } from './testing.ts';
import { pdf, png } from './uploads/test-files.ts';

let sequence = 5000;
const nextSaId = () => makeSaId('780808', String(sequence++).padStart(4, '0'));

/** The first day of the month `back` months before this South African month, as YYYY-MM-DD. */
export function monthsAgo(back: number): string {
  const [year, month] = southAfricanDate(new Date()).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * Test-only: a company's book set up through the REST API as its staff would: 12 main members with
 * policies on two types and one family member, one policy lapsed and one cancelled, payments in every
 * status over two months, and two claims (one under review, one rejected).
 */
export async function seedReportsCompany(t: TestApp, token: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await t.request(method, path, body, { token });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const basic = await call('POST', '/api/policy-types', {
    name: 'Basic Cover',
    coverageAmount: '10000',
    monthlyPremium: '120',
    waitingPeriod: 6,
  });
  const family = await call('POST', '/api/policy-types', {
    name: 'Family Cover',
    coverageAmount: '30000',
    monthlyPremium: '250.50',
    waitingPeriod: 6,
  });
  const policies: { id: string; memberId: string; saId: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const saId = nextSaId();
    const member = await call('POST', '/api/members', {
      firstName: `Member${String(i).padStart(2, '0')}`,
      lastName: 'Dube',
      saId,
      phone: '0821234567',
      address: '3 Church Street',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: true,
      policyTypeId: (i % 3 === 0 ? family : basic).id,
    });
    policies.push({ id: member.policyId, memberId: member.id, saId });
  }
  await call('POST', '/api/members', {
    firstName: 'Ayanda',
    lastName: 'Dube',
    saId: nextSaId(),
    isMainMember: false,
    mainMemberId: policies[0]!.memberId,
    relationship: 'child',
  });
  await call('PATCH', `/api/policies/${policies[10]!.id}`, { status: 'lapsed', note: 'Unpaid for three months' });
  await call('PATCH', `/api/policies/${policies[11]!.id}`, { status: 'cancelled' });

  const pay = async (policy: number, amount: string, paymentDate: string, status?: string) => {
    const payment = await call('POST', '/api/payments', { policyId: policies[policy]!.id, amount, paymentDate, paymentMethod: 'eft' });
    if (status) await call('PATCH', `/api/payments/${payment.id}`, { status });
  };
  const today = southAfricanDate(new Date());
  await pay(0, '250.50', today);
  await pay(1, '120', today);
  await pay(1, '120', monthsAgo(1));
  await pay(2, '99.99', monthsAgo(1));
  await pay(3, '250.50', today, 'pending');
  await pay(4, '120', today, 'failed');
  await pay(5, '120', monthsAgo(1), 'refunded');

  const upload = async (bytes: Buffer, name: string) => {
    const { uploadURL } = await call('POST', '/api/objects/upload');
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-file-name': name } }),
    );
    return ((await response.json()) as { objectPath: string }).objectPath;
  };
  const claim = async (policy: number, claimAmount: string, status: string[]) => {
    const body = {
      policyId: policies[policy]!.id,
      deceasedFirstName: `Member${String(policy).padStart(2, '0')}`,
      deceasedLastName: 'Dube',
      deceasedSaId: policies[policy]!.saId,
      deceasedDateOfBirth: '1978-08-08',
      deceasedDateOfDeath: today,
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DC 1',
      claimantFirstName: 'Zanele',
      claimantLastName: 'Dube',
      claimantSaId: nextSaId(),
      claimantPhone: '0821112222',
      claimantEmail: 'zanele@example.co.za',
      claimantAddress: '3 Church Street',
      relationshipToDeceased: 'Daughter',
      claimAmount,
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'Z Dube',
      deceasedIdDocument: await upload(pdf(), 'id.pdf'),
      claimantIdDocument: await upload(png(), 'id.png'),
      deathCertificateDocument: await upload(pdf(), 'dc.pdf'),
      bankLetterDocument: await upload(pdf(), 'bank.pdf'),
    };
    const submitted = await call('POST', '/api/claims', body);
    // A rejection names its reason (issue #23).
    for (const to of status) {
      await call('PATCH', `/api/claims/${submitted.id}`, {
        status: to,
        ...(to === 'rejected' ? { rejectionReason: 'documents_invalid' } : {}),
      });
    }
  };
  await claim(6, '15000', ['under_review']);
  await claim(7, '8000.25', ['under_review', 'rejected']);
}

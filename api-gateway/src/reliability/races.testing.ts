import { randomUUID } from 'node:crypto';
import { southAfricanDate } from '@fpa/write-model';
import { pdf, png } from '../uploads/test-files.ts';
import { makeSaId, type Answer, type TestApp } from '../testing.ts';

/** Test-only: a company's staff acting through the REST API, for the races of reliability area 3. */
let sequence = 0;
/** A valid SA ID no other call of this process returns (dates and sequences walk through their ranges). */
export function uniqueSaId(): string {
  sequence += 1;
  const day = String(1 + (sequence % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(sequence / 28) % 12)).padStart(2, '0');
  // Born 1970-1999: adults of any entry age a policy type allows.
  const year = String(70 + (Math.floor(sequence / 336) % 30)).padStart(2, '0');
  return makeSaId(`${year}${month}${day}`, String(Math.floor(sequence / 10_080) % 10_000).padStart(4, '0'));
}

export function memberInput(policyTypeId: string, saId = uniqueSaId()) {
  return {
    firstName: 'Sipho',
    lastName: 'Dube',
    saId,
    phone: '0821234567',
    address: '3 Church Street',
    city: 'Durban',
    province: 'KZN',
    postalCode: '4001',
    isMainMember: true,
    policyTypeId,
  };
}

export function staffInput(username = `staff.${randomUUID().slice(0, 12)}`) {
  return {
    username,
    password: 'Str0ngPass!',
    email: `${randomUUID().slice(0, 12)}@example.co.za`,
    firstName: 'Lerato',
    lastName: 'Dlamini',
    role: 'claim_admin',
  };
}

export function asStaff(t: TestApp, token: string) {
  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> =>
    t.request(method, path, body, { token, ...(headers ? { headers } : {}) });
  /** The answer's body, or throws with the status: for the set-up steps, which must succeed. */
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await send(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const upload = async (bytes: Buffer, name: string): Promise<string> => {
    const { uploadURL } = await call('POST', '/api/objects/upload');
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-file-name': name } }),
    );
    return ((await response.json()) as { objectPath: string }).objectPath;
  };
  /** A death claim on the policy, moved to under review: ready to be approved or rejected. */
  const claimUnderReview = async (policyId: string, deceasedSaId: string): Promise<string> => {
    const [deceasedIdDocument, claimantIdDocument, deathCertificateDocument, bankLetterDocument] = await Promise.all([
      upload(pdf(), 'id.pdf'),
      upload(png(), 'id.png'),
      upload(pdf(), 'dc.pdf'),
      upload(pdf(), 'bank.pdf'),
    ]);
    const claim = await call('POST', '/api/claims', {
      policyId,
      deceasedFirstName: 'Sipho',
      deceasedLastName: 'Dube',
      deceasedSaId,
      deceasedDateOfBirth: '1978-08-08',
      deceasedDateOfDeath: southAfricanDate(new Date()),
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DC 1',
      claimantFirstName: 'Zanele',
      claimantLastName: 'Dube',
      claimantSaId: uniqueSaId(),
      claimantPhone: '0821112222',
      claimantEmail: 'zanele@example.co.za',
      claimantAddress: '3 Church Street',
      relationshipToDeceased: 'Daughter',
      claimAmount: '15000',
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'Z Dube',
      deceasedIdDocument,
      claimantIdDocument,
      deathCertificateDocument,
      bankLetterDocument,
    });
    await call('PATCH', `/api/claims/${claim.id}`, { status: 'under_review' });
    return claim.id as string;
  };
  return { send, call, claimUnderReview };
}

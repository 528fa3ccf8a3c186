import { southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, type TestApp } from './testing.ts';
import { pdf, png } from './uploads/test-files.ts';

let sequence = 7000;
export const nextSaId = () => makeSaId('800101', String(sequence++).padStart(4, '0'));

/** Test-only: a REST caller that fails loudly on any answer but a success. */
export function caller(t: TestApp, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const answer = await t.request(method, path, body, { token });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
}

/** A company registered through the API, with a staff user of the given role (created and signed in as the spec says). */
export async function companyWithStaff(t: TestApp, roles: string[] = []) {
  const admin = (await t.request('POST', '/api/register', registration())).body as {
    token: string;
    user: { id: string; companyId: string };
  };
  const tokens: Record<string, string> = { administrator: admin.token };
  const ids: Record<string, string> = {};
  for (const role of roles) {
    const user = {
      username: `${role}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      password: 'Str0ngPass!',
      email: `${role}${Math.random().toString(36).slice(2, 8)}@example.co.za`,
      firstName: 'Lindiwe',
      lastName: role,
      role,
    };
    const created = await t.request('POST', '/api/users', user, { token: admin.token });
    if (created.status !== 201) throw new Error(`POST /api/users: ${created.status} ${JSON.stringify(created.body)}`);
    ids[role] = created.body.id;
    tokens[role] = (await t.request('POST', '/api/login', { username: user.username, password: user.password })).body.token;
  }
  return { companyId: admin.user.companyId, adminId: admin.user.id, tokens, ids };
}

export async function upload(t: TestApp, token: string, bytes: Buffer, name: string): Promise<string> {
  const { uploadURL } = await caller(t, token)('POST', '/api/objects/upload');
  const response = await t.app.handle(
    new Request(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-file-name': name } }),
  );
  return ((await response.json()) as { objectPath: string }).objectPath;
}

/** A death claim on a policy, with its four documents, through the API. */
export async function submitClaim(
  t: TestApp,
  token: string,
  policyId: string,
  people: { deceasedSaId: string; claimantSaId: string; claimantFirstName?: string; diedOn?: string },
) {
  return caller(t, token)('POST', '/api/claims', {
    policyId,
    deceasedFirstName: 'Jabulani',
    deceasedLastName: 'Zulu',
    deceasedSaId: people.deceasedSaId,
    deceasedDateOfBirth: '1950-01-01',
    deceasedDateOfDeath: people.diedOn ?? southAfricanDate(new Date()),
    causeOfDeath: 'Natural causes',
    deathCertificateNumber: 'DC 77',
    claimantFirstName: people.claimantFirstName ?? 'Zanele',
    claimantLastName: 'Zulu',
    claimantSaId: people.claimantSaId,
    claimantPhone: '0821112222',
    claimantEmail: 'zanele@example.co.za',
    claimantAddress: '3 Church Street',
    relationshipToDeceased: 'Daughter',
    claimAmount: '5000',
    bankAccountNumber: '1234567890',
    bankName: 'Capitec',
    bankBranchCode: '470010',
    accountHolderName: 'Z Zulu',
    deceasedIdDocument: await upload(t, token, pdf(), 'id.pdf'),
    claimantIdDocument: await upload(t, token, png(), 'id.png'),
    deathCertificateDocument: await upload(t, token, pdf(), 'dc.pdf'),
    bankLetterDocument: await upload(t, token, pdf(), 'bank.pdf'),
  });
}

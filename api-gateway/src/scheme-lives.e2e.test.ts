import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { loadSchemeClaimPolicy } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { addDays, MEMBER_MESSAGES, southAfricanDate } from '@fpa/write-model/validation';
import { mainMemberBody } from './calendar.testing.ts';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { pdf } from './uploads/test-files.ts';

/*
 * Issue #22's leftovers on group schemes' people: cover proven elsewhere when they join a scheme (REST and
 * GraphQL, the members' one rule), the scheme's waiting terms printed as its claims use them, and the
 * scheme's people in the dashboard's and the platform's member figures.
 */

const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };

let sequence = 7300;
const nextSaId = () => makeSaId('840404', String(sequence++).padStart(4, '0'));
const childSaId = () => makeSaId('150505', String(sequence++).padStart(4, '0'));

async function pdfText(body: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(testDrivers())('group schemes’ lives on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let op: string;
  let companyId: string;
  let schemeId: string;
  const today = () => southAfricanDate(new Date());
  const ended = () => addDays(today(), -10);
  const thandeka = nextSaId();
  const lindiwe = childSaId();

  const request = (method: string, path: string, body?: unknown, token = admin) => t.request(method, path, body, { token });
  const main = (firstName: string, saId: string, extra: Record<string, unknown> = {}) => ({
    firstName,
    lastName: 'Dube',
    saId,
    phone: '071 234 5678',
    address: '9 Station Road',
    coverAmount: '20000',
    familyMembers: [],
    ...extra,
  });
  const schemeMembers = async () => (await request('GET', `/api/group-schemes/${schemeId}/members`)).body as unknown[];

  async function upload(name: string): Promise<string> {
    const { uploadURL } = (await request('POST', '/api/objects/upload')).body;
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(pdf()), headers: { 'x-file-name': encodeURIComponent(name) } }),
    );
    return (await response.json()).objectPath;
  }

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    // One member of the company's own, with a policy, beside the scheme's people.
    const type = await request('POST', '/api/policy-types', {
      name: 'Family Cover',
      coverageAmount: '30000',
      monthlyPremium: '150',
      waitingPeriod: 6,
    });
    expect((await request('POST', '/api/members', mainMemberBody(type.body.id))).status).toBe(201);
    // A main member with 18 months of cover elsewhere and a child with 8, through REST.
    const created = await request('POST', '/api/group-schemes', {
      name: 'Rail Workers',
      description: 'Depot 2',
      mainMembers: [
        main('Thandeka', thandeka, {
          priorCoverMonths: 18,
          priorCoverEndedOn: ended(),
          familyMembers: [
            {
              firstName: 'Lindiwe',
              lastName: 'Dube',
              saId: lindiwe,
              relationship: 'child',
              coverAmount: '10000',
              priorCoverMonths: '8',
              priorCoverEndedOn: ended(),
            },
          ],
        }),
      ],
    });
    expect(created.status).toBe(201);
    schemeId = created.body.scheme.id;
  });
  afterAll(async () => t?.close());

  it('takes prior cover for a scheme member through GraphQL too, and the claim check reads each life’s own (issue #22, rule 2A.6)', async () => {
    const sizwe = nextSaId();
    const added = await t.graphql(
      `mutation($schemeId: ID!, $input: AddSchemeMembersInput!) { addSchemeMembers(schemeId: $schemeId, input: $input) { mainMembersAdded } }`,
      { schemeId, input: { mainMembers: [{ ...main('Sizwe', sizwe), priorCoverMonths: 3, priorCoverEndedOn: ended() }] } },
      admin,
    );
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addSchemeMembers.mainMembersAdded).toBe(1);
    const policyOf = async (firstName: string) =>
      ((await request('GET', '/api/members')).body as { firstName: string; policyNumber: string }[]).find((m) => m.firstName === firstName)!
        .policyNumber;
    const lifeOf = async (firstName: string, saId: string) =>
      (await loadSchemeClaimPolicy(t.services.store, t.services.sql, companyId, { policyNumber: await policyOf(firstName) }, saId))?.life;
    expect(await lifeOf('Thandeka', thandeka)).toEqual({ addedOn: null, priorCover: { months: 18, endedOn: ended() } });
    expect(await lifeOf('Thandeka', lindiwe)).toEqual({ addedOn: today(), priorCover: { months: 8, endedOn: ended() } });
    expect(await lifeOf('Sizwe', sizwe)).toEqual({ addedOn: null, priorCover: { months: 3, endedOn: ended() } });
  });

  it('refuses prior cover without its end date (REST and GraphQL, 400 at the row, nothing added)', async () => {
    const before = (await schemeMembers()).length;
    const rest = await request('POST', `/api/group-schemes/${schemeId}/members`, {
      mainMembers: [main('Musa', nextSaId(), { priorCoverMonths: 6 })],
    });
    expect(rest.status).toBe(400);
    expect(rest.body.issues).toContainEqual({ path: ['mainMembers', 0, 'priorCoverEndedOn'], message: MEMBER_MESSAGES.priorCoverBoth });
    const graphql = await t.graphql(
      `mutation($schemeId: ID!, $input: AddSchemeMembersInput!) { addSchemeMembers(schemeId: $schemeId, input: $input) { mainMembersAdded } }`,
      {
        schemeId,
        input: {
          mainMembers: [
            main('Musa', nextSaId(), {
              familyMembers: [{ firstName: 'Ayanda', lastName: 'Dube', relationship: 'child', priorCoverEndedOn: ended() }],
            }),
          ],
        },
      },
      admin,
    );
    expect(graphql.body.errors?.[0]?.message).toBe(MEMBER_MESSAGES.priorCoverBoth);
    expect((await schemeMembers()).length).toBe(before);
  });

  it('prints the scheme’s waiting terms on its group policy’s schedule, the ones its claims use: none (issue #22)', async () => {
    const policy = ((await request('GET', '/api/policies')).body as { id: string; memberName: string; schemeId: string | null }[]).find(
      (p) => p.schemeId === schemeId && p.memberName.startsWith('Thandeka'),
    )!;
    const answer = await t.app.handle(
      new Request(`http://localhost/api/policies/${policy.id}/schedule.pdf`, { headers: { authorization: `Bearer ${admin}` } }),
    );
    expect(answer.status).toBe(200);
    const text = await pdfText(await answer.arrayBuffer());
    expect(text).toContain('none for a natural death; none for an accidental death; none for a suicide');
    expect(text).not.toContain('12 months for a suicide');

    // A suicide on the scheme's policy today is not within a waiting period: the same terms.
    const claim = await request('POST', '/api/claims', {
      policyId: policy.id,
      deceasedFirstName: 'Lindiwe',
      deceasedLastName: 'Dube',
      deceasedSaId: lindiwe,
      deceasedDateOfBirth: '2015-05-05',
      deceasedDateOfDeath: today(),
      causeOfDeath: 'Suicide',
      deathType: 'suicide',
      deathCertificateNumber: 'DC 445566',
      claimantFirstName: 'Thandeka',
      claimantLastName: 'Dube',
      claimantSaId: thandeka,
      claimantPhone: '0712345678',
      claimantEmail: 'thandeka@example.co.za',
      claimantAddress: '9 Station Road',
      relationshipToDeceased: 'Mother',
      claimAmount: '10000',
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'T Dube',
      deceasedIdDocument: await upload('deceased-id.pdf'),
      claimantIdDocument: await upload('claimant-id.pdf'),
      deathCertificateDocument: await upload('death-certificate.pdf'),
      bankLetterDocument: await upload('bank-letter.pdf'),
    });
    expect(claim.status).toBe(201);
    expect(claim.body).toMatchObject({
      withinWaitingPeriod: false,
      waitingRule: 'suicide',
      lifeJoinedOn: today(),
      waitingPeriodEndsOn: today(),
    });
  });

  it('counts the scheme’s people and group policies in the dashboard’s cards and the platform’s members (REST and GraphQL)', async () => {
    // One member of the company's own with a policy; on the scheme: Thandeka, Lindiwe and Sizwe, two group policies.
    const stats = (await request('GET', '/api/dashboard/stats')).body;
    expect(stats).toMatchObject({ totalMembers: 4, activePolicies: 3 });
    const graphql = await t.graphql(`{ dashboardStats { totalMembers activePolicies } }`, {}, admin);
    expect(graphql.body.data.dashboardStats).toEqual({ totalMembers: 4, activePolicies: 3 });
    expect((await request('GET', '/api/members')).body).toHaveLength(4);
    const platform = (await request('GET', '/api/super-admin/stats', undefined, op)).body;
    expect(platform.totalMembers).toBe(4);
    const row = (
      (await request('GET', '/api/super-admin/subscriptions', undefined, op)).body as { companyId: string; currentMemberCount: number }[]
    ).find((c) => c.companyId === companyId);
    expect(row?.currentMemberCount).toBe(4);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { testDrivers } from '@fpa/write-model/testing';
import { addDays, addMonths, southAfricanDate } from '@fpa/write-model/validation';
import { caller, companyWithStaff, upload } from './audit.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { makeSaId, startTestApp, type TestApp } from './testing.ts';
import { pdf, png } from './uploads/test-files.ts';

/*
 * Issue #22, rule 2A.6, through REST and GraphQL: a claim is checked against the deceased life's own
 * waiting period for the manner of death — from the day the life joined, natural at most 6 months,
 * none for an accident, the type's months for a suicide, less prior cover that ended within 31 days.
 */

let sequence = 4100;
const nextSaId = () => makeSaId('750707', String(sequence++).padStart(4, '0'));

const FLAGS = 'withinWaitingPeriod waitingPeriodEndsOn deathType waitingRule lifeJoinedOn priorCoverMonths deceasedOnPolicy';

describe.each(testDrivers())('waiting periods per life on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let policyId: string;
  let mainSaId: string;
  let mainMemberId: string;
  const today = () => southAfricanDate(new Date());
  /** A migrated policy that started 8 months ago: its lives added today join later than it. */
  const inception = () => addMonths(today(), -8);

  async function family(relationship: string, extra: Record<string, unknown> = {}) {
    const saId = nextSaId();
    await caller(t, token)('POST', '/api/members', {
      firstName: 'Lwazi',
      lastName: 'Mthembu',
      saId,
      isMainMember: false,
      mainMemberId,
      relationship,
      ...extra,
    });
    return saId;
  }

  async function claimBody(deceasedSaId: string, extra: Record<string, unknown> = {}) {
    return {
      policyId,
      deceasedFirstName: 'Lwazi',
      deceasedLastName: 'Mthembu',
      deceasedSaId,
      deceasedDateOfBirth: '1975-07-07',
      deceasedDateOfDeath: today(),
      causeOfDeath: 'As on the death certificate',
      deathCertificateNumber: 'DC 22',
      claimantFirstName: 'Zanele',
      claimantLastName: 'Mthembu',
      claimantSaId: nextSaId(),
      claimantPhone: '0821112222',
      claimantEmail: 'zanele@example.co.za',
      claimantAddress: '3 Church Street',
      relationshipToDeceased: 'Daughter',
      claimAmount: '5000',
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'Z Mthembu',
      deceasedIdDocument: await upload(t, token, pdf(), 'id.pdf'),
      claimantIdDocument: await upload(t, token, png(), 'id.png'),
      deathCertificateDocument: await upload(t, token, pdf(), 'dc.pdf'),
      bankLetterDocument: await upload(t, token, pdf(), 'bank.pdf'),
      ...extra,
    };
  }

  const rest = (body: unknown) => t.request('POST', '/api/claims', body, { token });
  const graphql = async (body: unknown) => {
    const answer = await t.graphql(
      `mutation($i: SubmitClaimInput!) { submitClaim(input: $i) { id flags { ${FLAGS} } } }`,
      { i: body },
      token,
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.submitClaim as { id: string; flags: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    token = (await companyWithStaff(t)).tokens.administrator!;
    // 12 months on the type (the specification allows up to 24): a life still waits at most 6 for a natural death.
    const type = await caller(t, token)('POST', '/api/policy-types', {
      name: 'Family 10k',
      coverageAmount: '10000',
      monthlyPremium: '99',
      waitingPeriod: 12,
      suicideWaitingMonths: 18,
    });
    expect(type).toMatchObject({ waitingPeriod: 12, suicideWaitingMonths: 18 });
    mainSaId = nextSaId();
    const member = await caller(t, token)('POST', '/api/members', mainMemberBody(type.id, { saId: mainSaId, inceptionDate: inception() }));
    policyId = member.policyId;
    mainMemberId = member.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('REST: the main member waits from the policy start, 6 months at most; an older client without a manner of death is natural', async () => {
    const answer = await rest(await claimBody(mainSaId));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      withinWaitingPeriod: false,
      waitingPeriodEndsOn: addMonths(inception(), 6),
      deathType: 'natural',
      waitingRule: 'natural',
      lifeJoinedOn: inception(),
      priorCoverMonths: 0,
      deceasedOnPolicy: true,
    });
    // The claim's read back the same.
    expect((await caller(t, token)('GET', `/api/claims/${answer.body.id}`)).waitingRule).toBe('natural');
  });

  it('GraphQL: a family life added after the policy start waits from the day it was added', async () => {
    const spouse = await family('spouse');
    const claim = await graphql({ ...(await claimBody(spouse)), deathType: 'natural' });
    expect(claim.flags).toEqual({
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: addMonths(today(), 6),
      deathType: 'natural',
      waitingRule: 'natural',
      lifeJoinedOn: today(),
      priorCoverMonths: 0,
      deceasedOnPolicy: true,
    });
  });

  it('GraphQL: an accidental death has no wait, on the day the life joined', async () => {
    const child = await family('child');
    const claim = await graphql({ ...(await claimBody(child)), deathType: 'accidental' });
    expect(claim.flags).toMatchObject({ withinWaitingPeriod: false, waitingRule: 'accidental_none', waitingPeriodEndsOn: today() });
  });

  it("REST: a suicide waits the type's 18 months from the day the life joined", async () => {
    const sibling = await family('sibling');
    const answer = await rest(await claimBody(sibling, { deathType: 'suicide' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ withinWaitingPeriod: true, waitingRule: 'suicide', waitingPeriodEndsOn: addMonths(today(), 18) });
  });

  it('REST: prior cover that ended within 31 days counts toward the wait; one that ended earlier does not', async () => {
    const counted = await family('parent', { priorCoverMonths: 6, priorCoverEndedOn: addDays(today(), -31) });
    const within = await rest(await claimBody(counted, { deathType: 'natural' }));
    expect(within.body).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: today(), priorCoverMonths: 6 });

    const lapsed = await family('parent', { priorCoverMonths: 6, priorCoverEndedOn: addDays(today(), -32) });
    const outside = await rest(await claimBody(lapsed, { deathType: 'natural' }));
    expect(outside.body).toMatchObject({ withinWaitingPeriod: true, waitingPeriodEndsOn: addMonths(today(), 6), priorCoverMonths: 0 });
  });

  it('refuses an unknown manner of death, half-given prior cover and a suicide wait over 24 months, with their messages', async () => {
    const unknown = await rest(await claimBody(nextSaId(), { deathType: 'murder' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Choose the manner of death: natural, accidental or suicide');

    const half = await t.request(
      'POST',
      '/api/members',
      {
        firstName: 'Lwazi',
        lastName: 'Mthembu',
        saId: nextSaId(),
        isMainMember: false,
        mainMemberId,
        relationship: 'child',
        priorCoverMonths: 3,
      },
      { token },
    );
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('Give both the months of prior cover and the date it ended, or neither');

    const tooLong = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Too long', coverageAmount: '10000', monthlyPremium: '99', waitingPeriod: 6, suicideWaitingMonths: 25 },
      { token },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Suicide waiting period must be 0 to 24 whole months');
  });

  it("the policy schedule's lives show the same natural-death wait as the claim checks (6 at most, from joining)", async () => {
    const response = await t.app.handle(
      new Request(`http://localhost/api/policies/${policyId}/schedule.pdf`, { headers: { authorization: `Bearer ${token}` } }),
      { ip: '127.0.0.1' },
    );
    expect(response.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
    const words = text.replace(/\s+/g, ' ');
    const long = (iso: string) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(words).toContain('6 months for a natural death; none for an accidental death; 18 months for a suicide');
    expect(words).toContain('Waiting period ends (natural death)');
    // The main member from the migrated start (capped at 6), the lives added today 6 months on.
    expect(words).toContain(long(addMonths(inception(), 6)));
    expect(words).toContain(long(addMonths(today(), 6)));
  });
  it("a change to the type's suicide wait after issue does not change an existing policy's claim (REST and GraphQL)", async () => {
    const types = (await caller(t, token)('GET', '/api/policy-types')) as { id: string; name: string }[];
    const type = types.find((p) => p.name === 'Family 10k')!;
    const cut = await t.request(
      'PUT',
      `/api/policy-types/${type.id}`,
      { name: 'Family 10k', coverageAmount: '10000', monthlyPremium: '99', waitingPeriod: 12, suicideWaitingMonths: 0, isActive: true },
      { token },
    );
    expect(cut.status).toBe(200);
    // The policy was issued with the type's 18-month suicide wait: its lives still wait 18 months.
    const answer = await rest(await claimBody(await family('sibling'), { deathType: 'suicide' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ withinWaitingPeriod: true, waitingRule: 'suicide', waitingPeriodEndsOn: addMonths(today(), 18) });
    const sibling = await family('sibling');
    const claim = await graphql({ ...(await claimBody(sibling)), deathType: 'suicide' });
    expect(claim.flags).toMatchObject({ withinWaitingPeriod: true, waitingRule: 'suicide', waitingPeriodEndsOn: addMonths(today(), 18) });
  });
  it('a CSV import takes prior cover in its optional columns, by the same rule, and the claim counts it (issue #22)', async () => {
    const [counted, half] = [nextSaId(), nextSaId()];
    const kin = (saId: string, extra: Record<string, string>) => ({
      firstName: 'Ayanda',
      lastName: 'Mthembu',
      saId,
      isMainMember: 'false',
      mainMemberIdentifier: mainSaId,
      relationship: 'parent',
      ...extra,
    });
    const imported = await t.request(
      'POST',
      '/api/members/import',
      {
        importId: 'prior-cover',
        chunkIndex: 0,
        firstRowNumber: 2,
        rows: [kin(counted, { priorCoverMonths: '6', priorCoverEndedOn: addDays(today(), -10) }), kin(half, { priorCoverMonths: '6' })],
      },
      { token },
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      imported: 1,
      failed: [{ rowNumber: 3, errors: ['Give both the months of prior cover and the date it ended, or neither'] }],
    });
    const answer = await rest(await claimBody(counted, { deathType: 'natural' }));
    expect(answer.body).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: today(), priorCoverMonths: 6 });
  });
  it('editing a life gives its prior cover by the same rule (REST for a family member, GraphQL for the main member), and the claim counts it', async () => {
    const saId = await family('parent');
    const members = (await caller(t, token)('GET', '/api/members')) as { id: string; saId: string | null }[];
    const parent = members.find((m) => m.saId === saId)!;
    const details = { firstName: 'Lwazi', lastName: 'Mthembu', relationship: 'parent', dateOfBirth: '' };
    const half = await t.request('PUT', `/api/members/${parent.id}/family-details`, { ...details, priorCoverMonths: 6 }, { token });
    expect(half.status).toBe(400);
    expect(half.body.issues).toContainEqual({
      path: ['priorCoverEndedOn'],
      message: 'Give both the months of prior cover and the date it ended, or neither',
    });
    const edited = await t.request(
      'PUT',
      `/api/members/${parent.id}/family-details`,
      { ...details, priorCoverMonths: 6, priorCoverEndedOn: addDays(today(), -31) },
      { token },
    );
    expect(edited.status).toBe(200);
    // A later edit that leaves it out keeps it.
    expect(
      (await t.request('PUT', `/api/members/${parent.id}/family-details`, { ...details, lastName: 'Mthembu-Dube' }, { token })).status,
    ).toBe(200);
    const claim = await rest(await claimBody(saId, { deathType: 'natural' }));
    expect(claim.body).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: today(), priorCoverMonths: 6 });

    const updateMain = (priorCover: Record<string, unknown>) =>
      t.graphql(
        `mutation($id: ID!, $input: UpdateMemberInput!) { updateMember(id: $id, input: $input) { id } }`,
        {
          id: mainMemberId,
          input: {
            firstName: 'Themba',
            lastName: 'Mthembu',
            phone: '0821112222',
            address: '3 Church Street',
            city: 'Durban',
            province: 'KZN',
            postalCode: '4001',
            ...priorCover,
          },
        },
        token,
      );
    const main = await updateMain({ priorCoverEndedOn: addDays(today(), -3) });
    expect(main.body.errors?.[0]?.message).toContain('Give both the months of prior cover and the date it ended, or neither');
    const given = await updateMain({ priorCoverMonths: 12, priorCoverEndedOn: addDays(inception(), -3) });
    expect(given.body.errors).toBeUndefined();
    const [row] = await t.services.sql.query<{ prior_cover: unknown }>(`select prior_cover from members where id = $1`, [mainMemberId]);
    expect(row!.prior_cover).toEqual({ months: 12, endedOn: addDays(inception(), -3) });
  });
});

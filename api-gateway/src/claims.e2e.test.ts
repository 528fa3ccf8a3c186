import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { pdf, png } from './uploads/test-files.ts';

let sequence = 3000;
const nextSaId = () => makeSaId('700505', String(sequence++).padStart(4, '0'));
const today = () => southAfricanDate(new Date());
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86400_000).toISOString().slice(0, 10);

describe.each(testDrivers())('claims and documents over HTTP on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let policy: { id: string; policyNumber: string };
  let memberSaId: string;

  async function upload(tk: string, bytes: Buffer, name: string): Promise<string> {
    const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token: tk })).body;
    const response = await t.app.handle(new Request(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-file-name': encodeURIComponent(name) } }));
    expect(response.status).toBe(200);
    return (await response.json()).objectPath;
  }

  async function documents(tk = token) {
    return {
      deceasedIdDocument: await upload(tk, pdf(), 'deceased-id.pdf'),
      claimantIdDocument: await upload(tk, png(), 'claimant-id.png'),
      deathCertificateDocument: await upload(tk, pdf(), 'death-certificate.pdf'),
      bankLetterDocument: await upload(tk, pdf(), 'bank-letter.pdf'),
    };
  }

  async function claimInput(overrides: Record<string, unknown> = {}, tk = token) {
    return {
      policyId: policy.id,
      deceasedFirstName: 'Themba',
      deceasedLastName: 'Mthembu',
      deceasedSaId: memberSaId,
      deceasedDateOfBirth: '1970-05-05',
      deceasedDateOfDeath: today(),
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DC 123456',
      claimantFirstName: 'Zanele',
      claimantLastName: 'Mthembu',
      claimantSaId: nextSaId(),
      claimantPhone: '0821112222',
      claimantEmail: 'zanele@example.co.za',
      claimantAddress: '3 Church Street, Pietermaritzburg',
      relationshipToDeceased: 'Daughter',
      claimAmount: '15000',
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'Z Mthembu',
      ...(await documents(tk)),
      ...overrides,
    };
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    token = (await t.request('POST', '/api/register', registration())).body.token;
    other = (await t.request('POST', '/api/register', registration())).body.token;
    const type = (await t.request('POST', '/api/policy-types', { name: 'Funeral 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 }, { token })).body;
    memberSaId = nextSaId();
    const member = (
      await t.request('POST', '/api/members', {
        firstName: 'Themba', lastName: 'Mthembu', saId: memberSaId, phone: '0821234567', address: '3 Church Street', city: 'Pietermaritzburg',
        province: 'KZN', postalCode: '3201', isMainMember: true, policyTypeId: type.id,
      }, { token })
    ).body;
    policy = { id: member.policyId, policyNumber: member.policyNumber };
  });
  afterAll(async () => t?.close());

  it('submits a claim with its four documents, numbered and flagged for staff', async () => {
    const answer = await t.request('POST', '/api/claims', await claimInput({ claimAmount: '25000' }), { token });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      claimNumber: expect.stringMatching(/^CLM-\d{4}-\d{6}$/),
      policyNumber: policy.policyNumber,
      memberName: 'Themba Mthembu',
      claimantName: 'Zanele Mthembu',
      status: 'submitted',
      claimAmount: '25000.00',
      withinWaitingPeriod: true,
      exceedsCover: true,
      deceasedOnPolicy: true,
    });
    expect(answer.body.documents.map((d: { category: string; status: string }) => [d.category, d.status])).toEqual([
      ['identity_document', 'pending'],
      ['identity_document', 'pending'],
      ['death_certificate', 'pending'],
      ['bank_statement', 'pending'],
    ]);
    const byNumber = await t.request('POST', '/api/claims/by-policy-number', { ...(await claimInput()), policyId: undefined, policyNumber: policy.policyNumber, deceasedSaId: nextSaId() }, { token });
    expect(byNumber.status).toBe(201);
    expect(byNumber.body.deceasedOnPolicy).toBe(false);
    expect(byNumber.body.claimNumber).not.toBe(answer.body.claimNumber);
  });

  it('refuses incomplete or impossible claims with clear messages and appends nothing', async () => {
    const before = (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'ClaimSubmitted'`))[0]!.n;
    const none = await t.request('POST', '/api/claims', { ...(await claimInput()), policyId: undefined }, { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select a policy or enter a policy number');
    const missingDocs = await t.request('POST', '/api/claims', { policyId: policy.id }, { token });
    expect(missingDocs.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Deceased ID document is required', 'Claimant ID document is required', 'Death certificate is required', 'Bank letter is required']),
    );
    const unknown = await t.request('POST', '/api/claims/by-policy-number', { ...(await claimInput()), policyId: undefined, policyNumber: 'POL-1999-999999' }, { token });
    expect(unknown.body.message).toBe('No policy was found with that id or policy number.');
    const future = await t.request('POST', '/api/claims', await claimInput({ deceasedDateOfDeath: addDays(today(), 2) }), { token });
    expect(future.body.message).toBe('Date of death cannot be in the future');
    const early = await t.request('POST', '/api/claims', await claimInput({ deceasedDateOfDeath: addDays(today(), -3) }), { token });
    expect(early.body.message).toMatch(/^Date of death cannot be before the policy start date/);
    // Dates PostgreSQL cannot hold or that cannot be true: a 400 naming the field, nothing appended.
    for (const [field, value, message] of [
      ['deceasedDateOfBirth', '0000-01-01', "Deceased's date of birth cannot be before 1900-01-01"],
      ['deceasedDateOfBirth', addDays(today(), 1), "Deceased's date of birth cannot be in the future"],
      ['deceasedDateOfBirth', '2026-02-30', "Deceased's date of birth must be a valid date"],
      ['deceasedDateOfDeath', '9999-12-31', 'Date of death cannot be in the future'],
      ['deceasedDateOfDeath', '0000-01-01', 'Date of death cannot be before 1900-01-01'],
    ] as const) {
      const refused = await t.request('POST', '/api/claims', await claimInput({ [field]: value }), { token });
      expect([refused.status, refused.body.message, refused.body.issues[0]?.path]).toEqual([400, message, [field]]);
    }
    const badId = await t.request('POST', '/api/claims', await claimInput({ claimantSaId: '7005055000000' }), { token });
    expect(badId.body.message).toBe('Invalid SA ID number for the claimant');
    const zero = await t.request('POST', '/api/claims', await claimInput({ claimAmount: '0' }), { token });
    expect(zero.body.message).toBe('Claim amount must be greater than 0');
    const theirs = await t.request('POST', '/api/claims', await claimInput({}, token).then(async (c) => ({ ...c, bankLetterDocument: (await documents(other)).bankLetterDocument })), { token });
    expect(theirs.status).toBe(400);
    expect((await t.request('POST', '/api/claims', await claimInput({}, other), { token: other })).body.message).toBe('No policy was found with that id or policy number.');
    const after = (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'ClaimSubmitted'`))[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses a document already attached to another claim', async () => {
    const input = await claimInput();
    expect((await t.request('POST', '/api/claims', input, { token })).status).toBe(201);
    const reused = await t.request('POST', '/api/claims', { ...(await claimInput()), deathCertificateDocument: input.deathCertificateDocument }, { token });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This document is already attached to another claim');
  });

  it('moves a claim through its lifecycle exactly as specified', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput(), { token })).body;
    const patch = (status: string, note?: string) => t.request('PATCH', `/api/claims/${claim.id}`, { status, ...(note ? { note } : {}) }, { token });
    expect((await patch('approved')).body.message).toBe('A claim that is submitted cannot be moved to approved.');
    expect((await patch('under_review', 'Documents received')).body.status).toBe('under_review');
    expect((await patch('paid')).status).toBe(409);
    expect((await patch('approved')).body.status).toBe('approved');
    const paid = await patch('paid');
    expect(paid.body.status).toBe('paid');
    expect(paid.body.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['submitted', 'under_review', 'approved', 'paid']);
    expect(paid.body.history[1]).toMatchObject({ note: 'Documents received', changedByName: 'Thandi Nkosi', changedByRole: 'administrator' });
    const terminal = await patch('rejected');
    expect(terminal.status).toBe(409);
    expect(terminal.body.message).toBe('This claim is paid; no further actions are available.');
    expect((await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'under_review' }, { token: other })).status).toBe(404);
    expect((await patch('review')).body.message).toBe('Unknown claim status');
  });

  it('lets only one of a simultaneous approve and reject win', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput(), { token })).body;
    await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'under_review' }, { token });
    const [approve, reject] = await Promise.all([
      t.request('PATCH', `/api/claims/${claim.id}`, { status: 'approved' }, { token }),
      t.request('PATCH', `/api/claims/${claim.id}`, { status: 'rejected' }, { token }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const events = await t.services.sql.query(`select 1 from es_events where stream_id = $1 and type = 'ClaimStatusChanged'`, [`claim-${claim.id}`]);
    expect(events).toHaveLength(2);
  });

  it('lists documents per company, serves them only to their company, and records reviews', async () => {
    const list = (await t.request('GET', '/api/documents', undefined, { token })).body;
    expect(list.nodes.length).toBeGreaterThanOrEqual(4);
    const doc = list.nodes.find((d: { originalName: string }) => d.originalName === 'death-certificate.pdf');
    expect(doc).toMatchObject({ category: 'death_certificate', status: 'pending', uploadedBy: 'Thandi Nkosi', contentType: 'application/pdf' });
    expect((await t.request('GET', '/api/documents', undefined, { token: other })).body.nodes).toEqual([]);
    const view = await t.app.handle(new Request(`http://localhost/api/documents/${doc.id}/view`, { headers: { authorization: `Bearer ${token}` } }));
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    const theirs = await t.app.handle(new Request(`http://localhost/api/documents/${doc.id}/download`, { headers: { authorization: `Bearer ${other}` } }));
    expect(theirs.status).toBe(404);
    expect((await t.request('PATCH', `/api/documents/${doc.id}`, { status: 'verified' }, { token: other })).status).toBe(404);
    const verified = await t.request('PATCH', `/api/documents/${doc.id}`, { status: 'verified', note: 'Matches Home Affairs record' }, { token });
    expect(verified.body).toMatchObject({ status: 'verified', reviewedBy: 'Thandi Nkosi', reviewNote: 'Matches Home Affairs record' });
    expect((await t.request('PATCH', `/api/documents/${doc.id}`, { status: 'verified' }, { token })).status).toBe(409);
    const filtered = await t.request('GET', '/api/documents?status=verified', undefined, { token });
    expect(filtered.body.nodes.map((d: { id: string }) => d.id)).toEqual([doc.id]);
  });

  it('serves the same over GraphQL, with honest counts', async () => {
    const counts = await t.graphql(`{ claimCounts { total submitted underReview approved rejected paid active } }`, {}, token);
    const c = counts.body.data.claimCounts;
    expect(c.total).toBe(c.submitted + c.underReview + c.approved + c.rejected + c.paid + (c.total - c.submitted - c.underReview - c.approved - c.rejected - c.paid));
    expect(c.underReview + c.approved + c.rejected + c.paid).toBeGreaterThan(0);
    const input = await claimInput();
    const submitted = await t.graphql(
      `mutation($i: SubmitClaimInput!) { submitClaim(input: $i) { id status nextStatuses flags { withinWaitingPeriod exceedsCover deceasedOnPolicy } documents { category viewUrl } } }`,
      { i: { ...input, policyId: policy.id } },
      token,
    );
    expect(submitted.body.errors).toBeUndefined();
    const claim = submitted.body.data.submitClaim;
    expect(claim.nextStatuses).toEqual(['under_review', 'sent_to_underwriter']);
    expect(claim.flags).toEqual({ withinWaitingPeriod: true, exceedsCover: false, deceasedOnPolicy: true });
    const review = await t.graphql(`mutation($id: ID!) { changeClaimStatus(id: $id, status: under_review) { status nextStatuses } }`, { id: claim.id }, token);
    expect(review.body.data.changeClaimStatus).toEqual({ status: 'under_review', nextStatuses: ['approved', 'rejected', 'sent_to_underwriter'] });
    const after = await t.graphql(`{ claimCounts { underReview } claims(status: under_review) { nodes { id } } }`, {}, token);
    expect(after.body.data.claimCounts.underReview).toBe(c.underReview + 1);
    expect(after.body.data.claims.nodes.map((n: { id: string }) => n.id)).toContain(claim.id);
  });
});

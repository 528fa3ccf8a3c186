import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { reserveDeceasedOfExistingClaims, southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { pdf, png } from './uploads/test-files.ts';

let sequence = 3000;
const nextSaId = () => makeSaId('700505', String(sequence++).padStart(4, '0'));
const today = () => southAfricanDate(new Date());
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86400_000).toISOString().slice(0, 10);
/**
 * What each move asks for (issue #23): these claims die within the policy's waiting period, so an approval
 * needs an override reason; a rejection a reason; a payment its reference.
 */
const OVERRIDE = 'Accidental death, confirmed by the police report';
const decided = (status: string): Record<string, unknown> =>
  ({
    approved: { overrideReason: OVERRIDE },
    rejected: { rejectionReason: 'not_covered' },
    paid: { payout: { reference: 'EFT-0001' } },
  })[status] ?? {};

describe.each(testDrivers())('claims and documents over HTTP on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let policy: { id: string; policyNumber: string };
  let memberSaId: string;

  async function upload(tk: string, bytes: Buffer, name: string): Promise<string> {
    const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token: tk })).body;
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-file-name': encodeURIComponent(name) } }),
    );
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

  /** Staff verify the claim's four documents (a claim is paid only then). */
  async function verifyAll(claimId: string) {
    const detail = (await t.request('GET', `/api/claims/${claimId}`, undefined, { token })).body;
    expect(detail.documents).toHaveLength(4);
    for (const d of detail.documents as { id: string }[]) {
      expect((await t.request('PATCH', `/api/documents/${d.id}`, { status: 'verified' }, { token })).status).toBe(200);
    }
  }

  async function claimInput(overrides: Record<string, unknown> = {}, tk = token) {
    return {
      policyId: policy.id,
      deceasedFirstName: 'Themba',
      deceasedLastName: 'Mthembu',
      // One claim per deceased person while it is open or paid: a new person by default.
      deceasedSaId: nextSaId(),
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
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token },
      )
    ).body;
    memberSaId = nextSaId();
    const member = (
      await t.request(
        'POST',
        '/api/members',
        {
          firstName: 'Themba',
          lastName: 'Mthembu',
          saId: memberSaId,
          phone: '0821234567',
          address: '3 Church Street',
          city: 'Pietermaritzburg',
          province: 'KZN',
          postalCode: '3201',
          isMainMember: true,
          policyTypeId: type.id,
        },
        { token },
      )
    ).body;
    policy = { id: member.policyId, policyNumber: member.policyNumber };
  });
  afterAll(async () => t?.close());

  it('submits a claim with its four documents, numbered and flagged for staff', async () => {
    const answer = await t.request('POST', '/api/claims', await claimInput({ claimAmount: '25000', deceasedSaId: memberSaId }), { token });
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
    const byNumber = await t.request(
      'POST',
      '/api/claims/by-policy-number',
      { ...(await claimInput()), policyId: undefined, policyNumber: policy.policyNumber, deceasedSaId: nextSaId() },
      { token },
    );
    expect(byNumber.status).toBe(201);
    expect(byNumber.body.deceasedOnPolicy).toBe(false);
    expect(byNumber.body.claimNumber).not.toBe(answer.body.claimNumber);
    // Frees the policy holder for the GraphQL test's claim below.
    await t.request('PATCH', `/api/claims/${answer.body.id}`, { status: 'under_review' }, { token });
    expect(
      (await t.request('PATCH', `/api/claims/${answer.body.id}`, { status: 'rejected', ...decided('rejected') }, { token })).status,
    ).toBe(200);
  });

  it('refuses a second claim for the same deceased person while one is open or paid, naming it; a rejection frees the person', async () => {
    const person = nextSaId();
    const first = await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: person }), { token });
    expect(first.status).toBe(201);
    const second = await t.request(
      'POST',
      '/api/claims/by-policy-number',
      { ...(await claimInput({ deceasedSaId: person })), policyId: undefined, policyNumber: policy.policyNumber },
      { token },
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(`A claim for this person already exists: ${first.body.claimNumber}`);
    expect(second.body.issues).toEqual([{ path: ['deceasedSaId'], message: second.body.message }]);
    // The refusal took no claim number: the next claim is numbered straight after the first.
    const next = (await t.request('POST', '/api/claims', await claimInput(), { token })).body.claimNumber as string;
    expect(Number(next.slice(-6))).toBe(Number(first.body.claimNumber.slice(-6)) + 1);
    const patch = (id: string, status: string) => t.request('PATCH', `/api/claims/${id}`, { status, ...decided(status) }, { token });
    await patch(first.body.id, 'under_review');
    await patch(first.body.id, 'rejected');
    const again = await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: person }), { token });
    expect(again.status).toBe(201);
    // Paid: the person stays claimed.
    await verifyAll(again.body.id);
    for (const status of ['under_review', 'approved', 'paid']) expect((await patch(again.body.id, status)).status).toBe(200);
    const afterPaid = await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: person }), { token });
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.body.message).toBe(`A claim for this person already exists: ${again.body.claimNumber}`);
  });

  it('claims from before the rule take their reservations once, the earliest open one holding it', async () => {
    const [person, rejectedPerson] = [nextSaId(), nextSaId()];
    const open = (await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: person }), { token })).body;
    const rejected = (await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: rejectedPerson }), { token })).body;
    await t.request('PATCH', `/api/claims/${rejected.id}`, { status: 'under_review' }, { token });
    await t.request('PATCH', `/api/claims/${rejected.id}`, { status: 'rejected', ...decided('rejected') }, { token });
    // As a database from before the rule: no reservations, the migration not yet run.
    await t.services.sql.query(`delete from reservations where scope like 'claim-deceased:%'`);
    await t.services.sql.query(`delete from write_model_migrations where name = 'claim-deceased-reservations'`);
    expect(await reserveDeceasedOfExistingClaims(t.services.store, t.services.sql)).toBeGreaterThan(0);
    expect(await reserveDeceasedOfExistingClaims(t.services.store, t.services.sql)).toBe(0);
    const refused = await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: person }), { token });
    expect([refused.status, refused.body.message]).toEqual([409, `A claim for this person already exists: ${open.claimNumber}`]);
    expect((await t.request('POST', '/api/claims', await claimInput({ deceasedSaId: rejectedPerson }), { token })).status).toBe(201);
  });

  it('lets only one of two simultaneous claims for the same person win', async () => {
    const person = nextSaId();
    const [a, b] = await Promise.all([claimInput({ deceasedSaId: person }), claimInput({ deceasedSaId: person })]);
    const answers = await Promise.all([t.request('POST', '/api/claims', a, { token }), t.request('POST', '/api/claims', b, { token })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = answers.find((r) => r.status === 201)!;
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(`A claim for this person already exists: ${winner.body.claimNumber}`);
    const holders = await t.services.sql.query(`select owner_id from reservations where scope like 'claim-deceased:%' and key = $1`, [
      person,
    ]);
    expect(holders).toEqual([{ owner_id: winner.body.id }]);
  });

  it('refuses incomplete or impossible claims with clear messages and appends nothing', async () => {
    const before = (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'ClaimSubmitted'`))[0]!
      .n;
    const none = await t.request('POST', '/api/claims', { ...(await claimInput()), policyId: undefined }, { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select a policy or enter a policy number');
    const missingDocs = await t.request('POST', '/api/claims', { policyId: policy.id }, { token });
    expect(missingDocs.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        'Deceased ID document is required',
        'Claimant ID document is required',
        'Death certificate is required',
        'Bank letter is required',
      ]),
    );
    const unknown = await t.request(
      'POST',
      '/api/claims/by-policy-number',
      { ...(await claimInput()), policyId: undefined, policyNumber: 'POL-1999-999999' },
      { token },
    );
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
    const theirs = await t.request(
      'POST',
      '/api/claims',
      await claimInput({}, token).then(async (c) => ({ ...c, bankLetterDocument: (await documents(other)).bankLetterDocument })),
      { token },
    );
    expect(theirs.status).toBe(400);
    expect((await t.request('POST', '/api/claims', await claimInput({}, other), { token: other })).body.message).toBe(
      'No policy was found with that id or policy number.',
    );
    const after = (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'ClaimSubmitted'`))[0]!
      .n;
    expect(after).toBe(before);
  });

  it('refuses a document already attached to another claim', async () => {
    const input = await claimInput();
    expect((await t.request('POST', '/api/claims', input, { token })).status).toBe(201);
    const reused = await t.request(
      'POST',
      '/api/claims',
      { ...(await claimInput()), deathCertificateDocument: input.deathCertificateDocument },
      { token },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This document is already attached to another claim');
  });

  it('moves a claim through its lifecycle exactly as specified', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput(), { token })).body;
    const patch = (status: string, note?: string) =>
      t.request('PATCH', `/api/claims/${claim.id}`, { status, ...decided(status), ...(note ? { note } : {}) }, { token });
    expect((await patch('approved')).body.message).toBe('A claim that is submitted cannot be moved to approved.');
    expect((await patch('under_review', 'Documents received')).body.status).toBe('under_review');
    expect((await patch('paid')).status).toBe(409);
    expect((await patch('approved')).body.status).toBe('approved');
    const unverified = await patch('paid');
    expect(unverified.status).toBe(422);
    expect(unverified.body.message).toBe(
      'A claim can only be marked as paid once all four documents are verified; not verified: deceased ID document, claimant ID document, death certificate, bank letter.',
    );
    await verifyAll(claim.id);
    const paid = await patch('paid');
    expect(paid.body.status).toBe('paid');
    expect(paid.body.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['submitted', 'under_review', 'approved', 'paid']);
    expect(paid.body.history[1]).toMatchObject({
      note: 'Documents received',
      changedByName: 'Thandi Nkosi',
      changedByRole: 'administrator',
    });
    const terminal = await patch('rejected');
    expect(terminal.status).toBe(409);
    expect(terminal.body.message).toBe('This claim is paid; no further actions are available.');
    expect((await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'under_review' }, { token: other })).status).toBe(404);
    expect((await patch('review')).body.message).toBe('Unknown claim status');
  });

  it('approves at most the cover, pays at most the approved amount, dated from the approval to today, to the claimant', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput({ claimAmount: '20000.50' }), { token })).body;
    await verifyAll(claim.id);
    const patch = (input: Record<string, unknown>) => t.request('PATCH', `/api/claims/${claim.id}`, input, { token });
    await patch({ status: 'under_review' });
    const changes = async () =>
      (await t.services.sql.query(`select 1 from es_events where stream_id = $1 and type = 'ClaimStatusChanged'`, [`claim-${claim.id}`]))
        .length;
    const before = await changes();
    const above = await patch({ status: 'approved', overrideReason: OVERRIDE });
    const message =
      "The amount claimed (R20,000.50) exceeds the deceased's cover on the policy (R20,000.00): approve a lower amount (at most R20,000.00).";
    expect([above.status, above.body.message, above.body.issues]).toEqual([400, message, [{ path: ['approvedAmount'], message }]]);
    const gql = await t.graphql(
      `mutation($id: ID!, $r: String) { changeClaimStatus(id: $id, status: approved, overrideReason: $r) { status } }`,
      { id: claim.id, r: OVERRIDE },
      token,
    );
    expect(gql.body.errors[0]).toMatchObject({ message, extensions: { code: 'VALIDATION_FAILED' } });
    expect(await changes()).toBe(before);

    const approved = await patch({ status: 'approved', approvedAmount: '18000', overrideReason: OVERRIDE });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      approvedAmount: '18000.00',
      overrideReason: OVERRIDE,
      overriddenFlags: ['withinWaitingPeriod', 'deceasedNotOnPolicy'],
      accountHolderName: 'Z Mthembu',
      bankAccountLast4: '7890',
    });
    const more = await patch({ status: 'paid', payout: { amount: '18000.01', reference: 'EFT-0001' } });
    expect([more.status, more.body.message]).toEqual([400, 'The payout (R18,000.01) exceeds the approved amount (R18,000.00).']);
    const tomorrow = await patch({ status: 'paid', payout: { paidOn: addDays(today(), 1), reference: 'EFT-0001' } });
    expect([tomorrow.status, tomorrow.body.message, tomorrow.body.issues[0].path]).toEqual([
      400,
      'Payment date cannot be in the future',
      ['payout', 'paidOn'],
    ]);
    const early = await patch({ status: 'paid', payout: { paidOn: addDays(today(), -1), reference: 'EFT-0001' } });
    expect([early.status, early.body.message]).toEqual([400, `Payment date cannot be before the claim was approved (${today()})`]);
    expect(await changes()).toBe(before + 1);

    const paid = await t.graphql(
      `mutation($id: ID!, $p: ChangeClaimStatusPayoutInput) {
         changeClaimStatus(id: $id, status: paid, payout: $p) {
           status approvedAmount override { reason flags } payout { amount paidOn reference accountHolder accountLast4 }
         }
       }`,
      { id: claim.id, p: { reference: ' EFT-2026-0042 ' } },
      token,
    );
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.changeClaimStatus).toEqual({
      status: 'paid',
      approvedAmount: '18000.00',
      override: { reason: OVERRIDE, flags: ['withinWaitingPeriod', 'deceasedNotOnPolicy'] },
      payout: { amount: '18000.00', paidOn: today(), reference: 'EFT-2026-0042', accountHolder: 'Z Mthembu', accountLast4: '7890' },
    });
    const detail = (await t.request('GET', `/api/claims/${claim.id}`, undefined, { token })).body;
    expect(detail).toMatchObject({
      payoutAmount: '18000.00',
      paidOn: today(),
      paymentReference: 'EFT-2026-0042',
      payoutAccountLast4: '7890',
    });
  });

  it('refuses a decision without what it needs (400 naming the field, over REST and GraphQL) and changes nothing', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput(), { token })).body;
    await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'under_review' }, { token });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ status: 'rejected' }, 'Choose the reason for rejecting the claim', 'rejectionReason', 'status: rejected'],
      [
        { status: 'rejected', rejectionReason: 'other' },
        'Describe the reason for rejecting the claim',
        'rejectionDetail',
        'status: rejected, rejectionReason: other',
      ],
      [
        { status: 'approved' },
        'This claim is flagged (death within the waiting period; deceased not on the policy): approving it needs a reason for the override of at least 10 characters.',
        'overrideReason',
        'status: approved',
      ],
      [
        { status: 'approved', overrideReason: 'too short' },
        'The reason for the override must be at least 10 characters',
        'overrideReason',
        'status: approved, overrideReason: "too short"',
      ],
      [
        { status: 'approved', approvedAmount: '0' },
        'Approved amount must be greater than 0',
        'approvedAmount',
        'status: approved, approvedAmount: "0"',
      ],
    ];
    for (const [input, message, field, args] of cases) {
      const rest = await t.request('PATCH', `/api/claims/${claim.id}`, input, { token });
      expect([rest.status, rest.body.message, rest.body.issues[0]?.path]).toEqual([400, message, [field]]);
      const gql = await t.graphql(`mutation($id: ID!) { changeClaimStatus(id: $id, ${args}) { status } }`, { id: claim.id }, token);
      expect(gql.body.errors[0]).toMatchObject({ message, extensions: { code: 'VALIDATION_FAILED' } });
    }
    const detail = (await t.request('GET', `/api/claims/${claim.id}`, undefined, { token })).body;
    expect(detail).toMatchObject({ status: 'under_review', approvedAmount: null, rejectionReason: null });
    expect(detail.history).toHaveLength(2);

    const rejected = await t.graphql(
      `mutation($id: ID!) { changeClaimStatus(id: $id, status: rejected, rejectionReason: other, rejectionDetail: "Claimant withdrew") {
         status rejection { reason reasonLabel detail } } }`,
      { id: claim.id },
      token,
    );
    expect(rejected.body.data.changeClaimStatus).toEqual({
      status: 'rejected',
      rejection: { reason: 'other', reasonLabel: 'Other', detail: 'Claimant withdrew' },
    });
  });

  it('refuses marking as paid without the payout', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput(), { token })).body;
    for (const status of ['under_review', 'approved']) {
      await t.request('PATCH', `/api/claims/${claim.id}`, { status, ...decided(status) }, { token });
    }
    const rest = await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'paid' }, { token });
    const message = 'The payout (its payment reference at least) is required to mark the claim as paid';
    expect([rest.status, rest.body.message, rest.body.issues[0]?.path]).toEqual([400, message, ['payout']]);
    const gql = await t.graphql(`mutation($id: ID!) { changeClaimStatus(id: $id, status: paid) { status } }`, { id: claim.id }, token);
    expect(gql.body.errors[0]).toMatchObject({ message, extensions: { code: 'VALIDATION_FAILED' } });
    const short = await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'paid', payout: { reference: 'ab' } }, { token });
    expect([short.status, short.body.message]).toEqual([400, 'Payment reference must be 3 to 60 characters']);
    expect((await t.request('GET', `/api/claims/${claim.id}`, undefined, { token })).body.status).toBe('approved');
  });

  it('lets only one of a simultaneous approve and reject win', async () => {
    const claim = (await t.request('POST', '/api/claims', await claimInput(), { token })).body;
    await t.request('PATCH', `/api/claims/${claim.id}`, { status: 'under_review' }, { token });
    const [approve, reject] = await Promise.all([
      t.request('PATCH', `/api/claims/${claim.id}`, { status: 'approved', ...decided('approved') }, { token }),
      t.request('PATCH', `/api/claims/${claim.id}`, { status: 'rejected', ...decided('rejected') }, { token }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const events = await t.services.sql.query(`select 1 from es_events where stream_id = $1 and type = 'ClaimStatusChanged'`, [
      `claim-${claim.id}`,
    ]);
    expect(events).toHaveLength(2);
  });

  it('lists documents per company, serves them only to their company, and records reviews', async () => {
    const list = (await t.request('GET', '/api/documents', undefined, { token })).body;
    // An array, like every list of the spec's route table.
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(4);
    const doc = list.find(
      (d: { originalName: string; status: string }) => d.originalName === 'death-certificate.pdf' && d.status === 'pending',
    );
    expect(doc).toMatchObject({
      category: 'death_certificate',
      status: 'pending',
      uploadedBy: 'Thandi Nkosi',
      contentType: 'application/pdf',
    });
    expect((await t.request('GET', '/api/documents', undefined, { token: other })).body).toEqual([]);
    const view = await t.app.handle(
      new Request(`http://localhost/api/documents/${doc.id}/view`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    const theirs = await t.app.handle(
      new Request(`http://localhost/api/documents/${doc.id}/download`, { headers: { authorization: `Bearer ${other}` } }),
    );
    expect(theirs.status).toBe(404);
    expect((await t.request('PATCH', `/api/documents/${doc.id}`, { status: 'verified' }, { token: other })).status).toBe(404);
    const verified = await t.request(
      'PATCH',
      `/api/documents/${doc.id}`,
      { status: 'verified', note: 'Matches Home Affairs record' },
      { token },
    );
    expect(verified.body).toMatchObject({ status: 'verified', reviewedBy: 'Thandi Nkosi', reviewNote: 'Matches Home Affairs record' });
    expect((await t.request('PATCH', `/api/documents/${doc.id}`, { status: 'verified' }, { token })).status).toBe(409);
    const filtered = await t.request('GET', '/api/documents?status=verified', undefined, { token });
    expect(filtered.body.map((d: { id: string }) => d.id)).toContain(doc.id);
    expect(filtered.body.every((d: { status: string }) => d.status === 'verified')).toBe(true);
  });

  it('pages GET /api/documents through ?limit=&offset=, saying where the next page starts', async () => {
    const all = (await t.request('GET', '/api/documents', undefined, { token })).body as { id: string }[];
    const first = await t.request('GET', '/api/documents?limit=3', undefined, { token });
    expect(first.body.map((d: { id: string }) => d.id)).toEqual(all.slice(0, 3).map((d) => d.id));
    expect(first.headers.get('x-next-offset')).toBe('3');
    const second = await t.request('GET', '/api/documents?limit=3&offset=3', undefined, { token });
    expect(second.body.map((d: { id: string }) => d.id)).toEqual(all.slice(3, 6).map((d) => d.id));
    const last = await t.request('GET', `/api/documents?offset=${all.length - 1}`, undefined, { token });
    expect(last.body.map((d: { id: string }) => d.id)).toEqual([all.at(-1)!.id]);
    expect(last.headers.get('x-next-offset')).toBeNull();
    const bad = await t.request('GET', '/api/documents?limit=0', undefined, { token });
    expect([bad.status, bad.body.message]).toEqual([400, 'limit must be a whole number from 1 to 500']);
    expect((await t.request('GET', '/api/documents?offset=-1', undefined, { token })).body.message).toBe(
      'offset must be a whole number from 0 up',
    );
  });

  it('serves the same over GraphQL, with honest counts', async () => {
    const counts = await t.graphql(`{ claimCounts { total submitted underReview approved rejected paid active } }`, {}, token);
    const c = counts.body.data.claimCounts;
    expect(c.total).toBe(
      c.submitted +
        c.underReview +
        c.approved +
        c.rejected +
        c.paid +
        (c.total - c.submitted - c.underReview - c.approved - c.rejected - c.paid),
    );
    expect(c.underReview + c.approved + c.rejected + c.paid).toBeGreaterThan(0);
    const input = await claimInput({ deceasedSaId: memberSaId });
    const submitted = await t.graphql(
      `mutation($i: SubmitClaimInput!) { submitClaim(input: $i) { id status nextStatuses flags { withinWaitingPeriod exceedsCover deceasedOnPolicy } documents { category viewUrl } } }`,
      { i: { ...input, policyId: policy.id } },
      token,
    );
    expect(submitted.body.errors).toBeUndefined();
    const claim = submitted.body.data.submitClaim;
    expect(claim.nextStatuses).toEqual(['under_review', 'sent_to_underwriter']);
    expect(claim.flags).toEqual({ withinWaitingPeriod: true, exceedsCover: false, deceasedOnPolicy: true });
    const review = await t.graphql(
      `mutation($id: ID!) { changeClaimStatus(id: $id, status: under_review) { status nextStatuses } }`,
      { id: claim.id },
      token,
    );
    expect(review.body.data.changeClaimStatus).toEqual({
      status: 'under_review',
      nextStatuses: ['approved', 'rejected', 'sent_to_underwriter'],
    });
    const after = await t.graphql(`{ claimCounts { underReview } claims(status: under_review) { nodes { id } } }`, {}, token);
    expect(after.body.data.claimCounts.underReview).toBe(c.underReview + 1);
    expect(after.body.data.claims.nodes.map((n: { id: string }) => n.id)).toContain(claim.id);
  });
});

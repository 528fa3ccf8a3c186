import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model/validation';
import { makeSaId, registration, startTestApp, type TestApp } from '../testing.ts';
import { pdf } from '../uploads/test-files.ts';
import { agentBody } from '../agents.testing.ts';
import { eventCount, isClearRefusal, send, Tally } from './harness.ts';
import {
  EDGE_AUDIT_QUERIES,
  EDGE_DATES,
  EDGE_NAMES,
  EDGE_NUMBERS,
  EDGE_TEXTS,
  FAR_FUTURE_PAYMENT,
  FUTURE_DAY,
  type EdgeValue,
} from './edge-values.ts';

/**
 * Area 6, values at the edges of the columns: every route family that takes a date, an amount, a
 * count or text gets a valid body with one field at a time set to a value its column (or its
 * meaning) cannot take: year 0000, 9999-12-31, 30 February, a future birth, a payment years ahead,
 * 1e20, -1, "NaN", Infinity, 2147483648, names past an index entry, 20,001 characters. Each must be a 400 naming the field
 * that changes nothing; none a 5xx. Then the audit reads with cursors past bigint and dates in
 * year 0000. Last, the database and the read models still answer: nothing reached the log that a
 * projector could not apply.
 */
const OPERATOR = {
  SUPER_ADMIN_USERNAME: 'edge.operator',
  SUPER_ADMIN_PASSWORD: 'Op3rator!pass',
  SUPER_ADMIN_EMAIL: 'edge-ops@example.com',
};
let sequence = 7100;
const nextSaId = () => makeSaId('810303', String(sequence++).padStart(4, '0'));

type Case = {
  route: string;
  method: string;
  path: string;
  body: () => Record<string, unknown>;
  token: () => string;
  fields: [string, EdgeValue[]][];
};

describe.each(testDrivers())('values at the edges of the columns on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let policyId: string;
  let memberId: string;
  let schemeId: string;
  let claimId: string;
  let memberSaId: string;
  let documents: Record<string, string>;

  async function upload(name: string): Promise<string> {
    const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token: admin })).body;
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(pdf()), headers: { 'x-file-name': name } }),
    );
    return (await response.json()).objectPath;
  }

  const claimBody = () => ({
    policyId,
    deceasedFirstName: 'Themba',
    deceasedLastName: 'Dube',
    deceasedSaId: memberSaId,
    deceasedDateOfBirth: '1970-05-05',
    deceasedDateOfDeath: southAfricanDate(new Date()),
    causeOfDeath: 'Natural causes',
    deathCertificateNumber: 'DC 1',
    claimantFirstName: 'Zanele',
    claimantLastName: 'Dube',
    claimantSaId: nextSaId(),
    claimantPhone: '0821112222',
    claimantEmail: 'zanele@example.co.za',
    claimantAddress: '3 Church Street',
    relationshipToDeceased: 'Daughter',
    claimAmount: '15000',
    bankAccountNumber: '1234567890',
    bankName: 'Capitec',
    bankBranchCode: '470010',
    accountHolderName: 'Z Dube',
    ...documents,
  });
  const memberBody = () => ({
    firstName: 'Sipho',
    lastName: 'Dube',
    saId: nextSaId(),
    phone: '0821234567',
    address: '3 Church Street',
    city: 'Durban',
    province: 'KZN',
    postalCode: '4001',
    isMainMember: true,
    dateOfBirth: '1981-03-03',
  });

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    admin = (await t.request('POST', '/api/register', registration())).body.token;
    operator = (await t.request('POST', '/api/login', { username: OPERATOR.SUPER_ADMIN_USERNAME, password: OPERATOR.SUPER_ADMIN_PASSWORD }))
      .body.token;
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Basic', coverageAmount: '10000', monthlyPremium: '120', waitingPeriod: 0 },
        { token: admin },
      )
    ).body;
    memberSaId = nextSaId();
    const member = (await t.request('POST', '/api/members', { ...memberBody(), saId: memberSaId, policyTypeId: type.id }, { token: admin }))
      .body;
    [policyId, memberId] = [member.policyId, member.id];
    const scheme = await t.request(
      'POST',
      '/api/group-schemes',
      {
        name: 'Edge Society',
        mainMembers: [
          {
            firstName: 'Lerato',
            lastName: 'Mokoena',
            saId: nextSaId(),
            phone: '071 234 5678',
            address: '5 Church Street',
            city: 'Rustenburg',
            province: 'North West',
            postalCode: '0299',
            email: '',
            coverAmount: '20000',
            familyMembers: [],
          },
        ],
      },
      { token: admin },
    );
    schemeId = scheme.body.scheme.id;
    documents = {
      deceasedIdDocument: await upload('deceased-id.pdf'),
      claimantIdDocument: await upload('claimant-id.pdf'),
      deathCertificateDocument: await upload('death-certificate.pdf'),
      bankLetterDocument: await upload('bank-letter.pdf'),
    };
    // One real claim for the asOf reads (it uses the documents; the refused claims below attach none).
    claimId = (await t.request('POST', '/api/claims', claimBody(), { token: admin })).body.id;
    documents = {
      deceasedIdDocument: await upload('deceased-id.pdf'),
      claimantIdDocument: await upload('claimant-id.pdf'),
      deathCertificateDocument: await upload('death-certificate.pdf'),
      bankLetterDocument: await upload('bank-letter.pdf'),
    };
  }, 120_000);
  afterAll(async () => t?.close());

  const cases = (): Case[] => {
    const dates = EDGE_DATES();
    const notMinusOne = EDGE_NUMBERS.filter((v) => v.name !== '-1');
    const asAdmin = () => admin;
    return [
      {
        route: 'payment',
        method: 'POST',
        path: '/api/payments',
        token: asAdmin,
        body: () => ({ policyId, amount: '120', paymentDate: '2025-03-01', paymentMethod: 'eft', notes: 'x' }),
        fields: [
          ['paymentDate', [...dates, FAR_FUTURE_PAYMENT()]],
          ['amount', EDGE_NUMBERS],
          ['notes', EDGE_TEXTS],
        ],
      },
      {
        route: 'group payment',
        method: 'POST',
        path: `/api/group-schemes/${schemeId}/payments`,
        token: asAdmin,
        body: () => ({ amountPerMember: '100', paymentMethod: 'cash', paymentDate: '2025-03-01' }),
        fields: [
          ['paymentDate', [...dates, FAR_FUTURE_PAYMENT()]],
          ['amountPerMember', EDGE_NUMBERS],
        ],
      },
      {
        route: 'member',
        method: 'POST',
        path: '/api/members',
        token: asAdmin,
        body: memberBody,
        fields: [
          ['dateOfBirth', [...dates, FUTURE_DAY()]],
          ['firstName', EDGE_NAMES],
          ['lastName', EDGE_NAMES],
          ['address', EDGE_TEXTS],
        ],
      },
      {
        route: 'member edit',
        method: 'PUT',
        path: `/api/members/${memberId}`,
        token: asAdmin,
        body: () => ({
          firstName: 'Sipho',
          lastName: 'Dube',
          phone: '0821234567',
          address: '3 Church Street',
          city: 'Durban',
          province: 'KZN',
          postalCode: '4001',
        }),
        fields: [
          ['dateOfBirth', [...dates, FUTURE_DAY()]],
          ['lastName', EDGE_NAMES],
        ],
      },
      {
        route: 'claim',
        method: 'POST',
        path: '/api/claims',
        token: asAdmin,
        body: claimBody,
        fields: [
          ['deceasedDateOfBirth', [...dates, FUTURE_DAY()]],
          ['deceasedDateOfDeath', [...dates, FUTURE_DAY()]],
          ['claimAmount', EDGE_NUMBERS],
          ['deceasedLastName', EDGE_NAMES],
          ['claimantFirstName', EDGE_NAMES],
          ['causeOfDeath', EDGE_TEXTS],
        ],
      },
      {
        route: 'policy type',
        method: 'POST',
        path: '/api/policy-types',
        token: asAdmin,
        body: () => ({ name: `Plan ${sequence++}`, coverageAmount: '10000', monthlyPremium: '120', waitingPeriod: 6 }),
        fields: [
          ['coverageAmount', EDGE_NUMBERS],
          ['monthlyPremium', EDGE_NUMBERS],
          ['waitingPeriod', EDGE_NUMBERS],
          ['name', EDGE_NAMES],
        ],
      },
      {
        route: 'agent',
        method: 'POST',
        path: '/api/agents',
        token: asAdmin,
        body: () => agentBody('Edge'),
        fields: [
          ['commissionRate', EDGE_NUMBERS],
          ['salesTarget', EDGE_NUMBERS],
          ['notes', EDGE_TEXTS],
        ],
      },
      {
        route: 'plan',
        method: 'POST',
        path: '/api/super-admin/plans',
        token: () => operator,
        body: () => ({ name: 'Edge plan', tier: 'starter', memberLimit: 5, monthlyPrice: '1', sortOrder: 1 }),
        // -1 members is "unlimited" and -1 a fine sort order: those two are not edges there.
        fields: [
          ['memberLimit', notMinusOne],
          ['monthlyPrice', EDGE_NUMBERS],
          ['sortOrder', notMinusOne],
        ],
      },
    ];
  };

  it('every route family × every field × every value at the edge of its column: a 400 naming the field, nothing changed', async () => {
    const tally = new Tally();
    for (const c of cases()) {
      for (const [field, values] of c.fields) {
        for (const value of values) {
          const body = JSON.stringify({ ...c.body(), [field]: '__EDGE__' }).replace('"__EDGE__"', value.json);
          const before = await eventCount(t);
          const answer = await send(t, c.method, c.path, { body, token: c.token() });
          const after = await eventCount(t);
          tally.count(answer.status);
          const line = `${c.route} ${field} × ${value.name} → ${answer.status} ${answer.text.slice(0, 160)}`;
          if (answer.status >= 500) tally.find(`5xx: ${line}`);
          else if (after !== before) tally.find(`changed (${after - before} events): ${line}`);
          else if (answer.status !== 400) tally.find(`not refused: ${line}`);
          else if (!isClearRefusal(answer)) tally.find(`unclear refusal: ${line}`);
          else if (JSON.stringify(answer.json.issues?.[0]?.path) !== JSON.stringify([field])) tally.find(`field not named: ${line}`);
        }
      }
    }
    console.log(tally.summary(`area 6 edge values (${driver.name})`, `${cases().length} route families`));
    expect(tally.findings).toEqual([]);
  });

  it('audit reads and lists with cursors past bigint and dates in year 0000: a 400 naming the parameter, nothing recorded', async () => {
    const tally = new Tally();
    for (const query of EDGE_AUDIT_QUERIES) {
      const before = await eventCount(t);
      const answer = await send(t, 'GET', query.path(claimId), { token: admin });
      const after = await eventCount(t);
      tally.count(answer.status);
      const line = `${query.name} → ${answer.status} ${answer.text.slice(0, 160)}`;
      if (answer.status >= 500) tally.find(`5xx: ${line}`);
      else if (after !== before) tally.find(`changed (${after - before} events): ${line}`);
      else if (answer.status !== 400 || !isClearRefusal(answer)) tally.find(`not refused clearly: ${line}`);
      else if (JSON.stringify(answer.json.issues?.[0]?.path) !== JSON.stringify([query.field])) tally.find(`parameter not named: ${line}`);
    }
    console.log(tally.summary(`area 6 edge audit queries (${driver.name})`));
    expect(tally.findings).toEqual([]);
  });

  it('after the run the database answers and the read models serve what was accepted', async () => {
    const [row] = await t.services.sql.query<{ n: number }>('select count(*)::int as n from es_events');
    expect(row!.n).toBeGreaterThan(0);
    for (const path of ['/api/payments', '/api/members', '/api/claims', '/api/policy-types', '/api/agents']) {
      const answer = await send(t, 'GET', path, { token: admin });
      expect([path, answer.status]).toEqual([path, 200]);
    }
    // Nothing accepted at the edge was an event a read model could not apply: 0 parked events.
    // Parking takes its tries: wait until every projector is past the last event first.
    const head = await t.services.store.headCheckpoint();
    if (head) expect((await t.services.engine.waitFor(head, { timeoutMs: 30_000 })).reached).toBe(true);
    const parked = await t.services.engine.parked({ includeResolved: true });
    console.log(`area 6 edge values (${driver.name}): ${parked.length} parked events`);
    expect(parked.map((p) => `${p.projector}: ${p.error}`)).toEqual([]);
  });
});

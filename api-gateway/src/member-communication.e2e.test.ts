import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { mainMemberBody } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { premiumCompany } from './subscription.testing.ts';
import { registration, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #24, POPIA, through HTTP: a member's preferred channel and opt-out set by REST and GraphQL,
 * read back (the outbox projector's test proves the messages follow them); bad input is a 400, another company's member a 404, a
 * role without members:update a 403, each changing nothing.
 */
const SET = `mutation Set($id: ID!, $input: SetMemberCommunicationInput!) {
  setMemberCommunication(id: $id, input: $input) { memberId preferredChannel optedOut }
}`;
const READ = `query Read($memberId: ID!) { memberCommunication(memberId: $memberId) { preferredChannel optedOut } }`;

describe.each(testDrivers())("a member's communication preferences through the gateway on $name", (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  let typeId: string;
  let memberId: string;

  beforeAll(async () => {
    t = await startTestApp(driver);
    t.services.now = () => new Date('2026-11-26T08:00:00Z');
    ({ admin, companyId, typeId } = await premiumCompany(t));
    memberId = (await t.request('POST', '/api/members', mainMemberBody(typeId, { email: 'thandi@example.co.za' }), { token: admin })).body
      .id;
  });
  afterAll(async () => t?.close());

  it('reads the default, sets by REST and GraphQL, and reads back what was set', async () => {
    expect((await t.request('GET', `/api/members/${memberId}/communication`, undefined, { token: admin })).body).toEqual({
      memberId,
      preferredChannel: 'both',
      optedOut: false,
    });
    const put = await t.request(
      'PUT',
      `/api/members/${memberId}/communication`,
      { preferredChannel: 'email', optedOut: true },
      { token: admin },
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ memberId, preferredChannel: 'email', optedOut: true });
    const set = await t.graphql(SET, { id: memberId, input: { preferredChannel: 'sms', optedOut: false } }, admin);
    expect(set.body.data.setMemberCommunication).toEqual({ memberId, preferredChannel: 'sms', optedOut: false });
    expect((await t.graphql(READ, { memberId }, admin)).body.data.memberCommunication).toEqual({
      preferredChannel: 'sms',
      optedOut: false,
    });
  });

  it('refuses bad input, another company’s or an unknown member, and a role without members:update, changing nothing', async () => {
    const bad = await t.request(
      'PUT',
      `/api/members/${memberId}/communication`,
      { preferredChannel: 'fax', optedOut: 'yes' },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['optedOut', 'preferredChannel']);
    const other = (await t.request('POST', '/api/register', registration())).body.token;
    expect(
      (await t.request('PUT', `/api/members/${memberId}/communication`, { preferredChannel: 'email', optedOut: true }, { token: other }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `/api/members/${memberId}/communication`, undefined, { token: other })).status).toBe(404);
    expect(
      (await t.request('PUT', '/api/members/not-a-uuid/communication', { preferredChannel: 'email', optedOut: true }, { token: admin }))
        .status,
    ).toBe(404);
    const clerk = await staffToken(t, companyId, 'billing_clerk');
    expect(
      (await t.request('PUT', `/api/members/${memberId}/communication`, { preferredChannel: 'email', optedOut: true }, { token: clerk }))
        .status,
    ).toBe(403);
    expect((await t.request('GET', `/api/members/${memberId}/communication`, undefined, { token: admin })).body).toEqual({
      memberId,
      preferredChannel: 'sms',
      optedOut: false,
    });
  });
});

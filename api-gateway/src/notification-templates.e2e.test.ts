import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { DEFAULT_TEMPLATES } from '@fpa/write-model/validation';
import { mainMemberBody } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { premiumCompany } from './subscription.testing.ts';
import { startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #24, Settings → message templates through HTTP: the administrator reads every type's template,
 * sets the welcome's words (REST and GraphQL), a new member's welcome is written with them, an unknown
 * placeholder is a 400 naming it and changes nothing, a reset brings the English default back; a role
 * without company:update may not change them.
 */
const TEMPLATES = `{ notificationTemplates { type isDefault channels placeholders sms default { sms } } }`;
const SET = `mutation Set($input: SetNotificationTemplateInput!) { setNotificationTemplate(input: $input) { type isDefault sms subject } }`;
const RESET = `mutation Reset($type: NotificationType!) { resetNotificationTemplate(type: $type) { type isDefault sms } }`;

describe.each(testDrivers())('message templates through the gateway on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  let typeId: string;

  beforeAll(async () => {
    t = await startTestApp(driver);
    t.services.now = () => new Date('2026-11-26T08:00:00Z');
    ({ admin, companyId, typeId } = await premiumCompany(t));
  });
  afterAll(async () => t?.close());

  const welcomeOf = async (memberId: string) =>
    (await t.request('GET', `/api/notifications?memberId=${memberId}&channel=sms`, undefined, { token: admin })).body.items[0]
      .text as string;

  it('lists every type with its default, sets the welcome, and a new member is welcomed with the company’s words', async () => {
    const listed = await t.request('GET', '/api/notifications/templates', undefined, { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.templates).toHaveLength(11);
    expect(listed.body.templates[0]).toMatchObject({
      type: 'policy_issued',
      isDefault: true,
      channels: ['sms', 'email'],
      sms: DEFAULT_TEMPLATES.policy_issued.sms,
    });

    const sms = 'Sawubona {firstName}! Policy {policyNumber} with {companyName} covers {cover}.';
    const put = await t.request(
      'PUT',
      '/api/notifications/templates/policy_issued',
      { subject: 'Welcome, {firstName}', sms, email: 'Dear {firstName}, welcome. Policy {policyNumber}.' },
      { token: admin },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ type: 'policy_issued', isDefault: false, sms, default: { sms: DEFAULT_TEMPLATES.policy_issued.sms } });

    const member = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Thandi' }), { token: admin });
    expect(member.status).toBe(201);
    expect(await welcomeOf(member.body.id)).toMatch(/^Sawubona Thandi! Policy \S+ with .+ covers R 20 000,00\.$/);

    const graphql = await t.graphql(TEMPLATES, {}, admin);
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.notificationTemplates.find((x: { type: string }) => x.type === 'policy_issued')).toMatchObject({
      isDefault: false,
      sms,
    });
    expect((await t.request('GET', '/api/notifications/templates/policy_issued', undefined, { token: admin })).body.sms).toBe(sms);
  });

  it('refuses an unknown placeholder with a 400 naming it, and an unknown type, changing nothing', async () => {
    const before = (await t.request('GET', '/api/notifications/templates/policy_lapsed', undefined, { token: admin })).body;
    const bad = await t.request(
      'PUT',
      '/api/notifications/templates/policy_lapsed',
      { subject: 'Lapsed', sms: 'Hi {firstName}, claim {claimNumber}', email: 'x' },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      expect.objectContaining({
        path: ['sms'],
        message: expect.stringContaining('{claimNumber} is not a placeholder of the Policy lapsed message'),
      }),
    ]);
    const viaGraphql = await t.graphql(SET, { input: { type: 'policy_lapsed', subject: 'x', sms: '{nope}', email: 'x' } }, admin);
    expect(viaGraphql.body.errors[0].message).toContain('{nope} is not a placeholder');
    expect((await t.request('GET', '/api/notifications/templates/policy_lapsed', undefined, { token: admin })).body).toEqual(before);
    expect((await t.request('GET', '/api/notifications/templates/fax', undefined, { token: admin })).status).toBe(400);
    expect(
      (await t.request('PUT', '/api/notifications/templates/fax', { subject: 'a', sms: 'b', email: 'c' }, { token: admin })).status,
    ).toBe(400);
  });

  it('sets through GraphQL and resets to the default through REST and GraphQL', async () => {
    const set = await t.graphql(
      SET,
      { input: { type: 'claim_paid', subject: 'Paid {claimNumber}', sms: 'Paid {amount}', email: 'Paid {amount}' } },
      admin,
    );
    expect(set.body.data.setNotificationTemplate).toEqual({
      type: 'claim_paid',
      isDefault: false,
      sms: 'Paid {amount}',
      subject: 'Paid {claimNumber}',
    });
    const reset = await t.request('DELETE', '/api/notifications/templates/claim_paid', undefined, { token: admin });
    expect(reset.body).toMatchObject({ type: 'claim_paid', isDefault: true, sms: DEFAULT_TEMPLATES.claim_paid.sms });
    const again = await t.graphql(RESET, { type: 'policy_issued' }, admin);
    expect(again.body.data.resetNotificationTemplate).toMatchObject({ isDefault: true, sms: DEFAULT_TEMPLATES.policy_issued.sms });
    const member = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Sipho', phone: '0731234567' }), {
      token: admin,
    });
    expect(await welcomeOf(member.body.id)).toMatch(/: welcome Sipho\. Policy /);
  });

  it('refuses a role without company:update the change, and one without notifications:read the list', async () => {
    const clerk = await staffToken(t, companyId, 'billing_clerk');
    expect((await t.request('GET', '/api/notifications/templates', undefined, { token: clerk })).status).toBe(403);
    const put = await t.request('PUT', '/api/notifications/templates/claim_paid', { subject: 'a', sms: 'b', email: 'c' }, { token: clerk });
    expect(put.status).toBe(403);
    expect((await t.request('GET', '/api/notifications/templates/claim_paid', undefined, { token: admin })).body.isDefault).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';

const company = {
  name: 'Ubuntu Funeral Cover (Pty) Ltd',
  cipNumber: '2015/765432/07',
  address: '12 Smith Street',
  city: 'Durban',
  province: 'KwaZulu-Natal',
  postalCode: '4001',
  phone: '031 555 1234',
  email: 'office@ubuntu.co.za',
};

describe.each(testDrivers())('settings over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: { token: string; username: string; companyId: string; cipNumber: string };
  let other: { cipNumber: string };
  let clerk: string;
  const count = async (type: string) =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = $1`, [type]))[0]!.n;
  const login = (username: string, password: string) => t.request('POST', '/api/login', { username, password });

  beforeAll(async () => {
    t = await startTestApp(driver);
    const input = registration();
    const registered = (await t.request('POST', '/api/register', input)).body;
    admin = { token: registered.token, username: input.username, companyId: registered.user.companyId, cipNumber: input.cipNumber };
    const second = registration();
    await t.request('POST', '/api/register', second);
    other = { cipNumber: second.cipNumber };
    clerk = await staffToken(t, admin.companyId, 'billing_clerk');
  });
  afterAll(async () => t?.close());

  it('saves the company information and answers it as stored (province as its code)', async () => {
    const saved = await t.request('PUT', '/api/company', company, { token: admin.token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...company, province: 'KZN', phone: '0315551234', id: admin.companyId });
    expect((await t.request('GET', '/api/company', undefined, { token: admin.token })).body).toMatchObject({
      city: 'Durban',
      province: 'KZN',
    });
    // Saving it again unchanged records nothing.
    const before = await count('CompanyDetailsUpdated');
    expect((await t.request('PUT', '/api/company', company, { token: admin.token })).status).toBe(200);
    expect(await count('CompanyDetailsUpdated')).toBe(before);
  });

  it('refuses invalid company information with the field messages, changing nothing', async () => {
    const before = await count('CompanyDetailsUpdated');
    for (const [field, value, message] of [
      ['name', '', 'Company name is required'],
      ['cipNumber', '', 'CIPC number is required'],
      ['cipNumber', '2015/1234', 'CIPC number must be in format YYYY/NNNNNN/NN'],
      ['province', 'Transvaal', 'Please choose one of the nine provinces'],
      ['phone', '12345', 'Invalid South African phone number'],
      ['email', 'office@', 'Invalid company email address'],
    ] as const) {
      const refused = await t.request('PUT', '/api/company', { ...company, name: 'Changed', [field]: value }, { token: admin.token });
      expect([refused.status, refused.body.message, refused.body.issues[0].path]).toEqual([400, message, [field]]);
    }
    expect(await count('CompanyDetailsUpdated')).toBe(before);
    expect((await t.request('GET', '/api/company', undefined, { token: admin.token })).body.name).toBe(company.name);
  });

  it('keeps CIPC numbers unique: a taken one is refused, a changed one frees the old', async () => {
    const taken = await t.request('PUT', '/api/company', { ...company, cipNumber: other.cipNumber }, { token: admin.token });
    expect([taken.status, taken.body.message]).toEqual([409, 'A company with this CIPC number is already registered']);
    expect((await t.request('GET', '/api/company', undefined, { token: admin.token })).body.cipNumber).toBe(company.cipNumber);
    // The first save moved the company from its registration number to company.cipNumber: the old one is free again.
    const reused = await t.request('POST', '/api/register', registration({ cipNumber: admin.cipNumber }));
    expect(reused.status).toBe(201);
    const clash = await t.request('POST', '/api/register', registration({ cipNumber: company.cipNumber }));
    expect([clash.status, clash.body.message]).toEqual([409, 'A company with this CIPC number is already registered']);
  });

  it('lets only company:update change the company; other roles read it', async () => {
    const refused = await t.request('PUT', '/api/company', { ...company, name: 'Clerk Co' }, { token: clerk });
    expect(refused.status).toBe(403);
    expect((await t.request('GET', '/api/company', undefined, { token: clerk })).body.name).toBe(company.name);
    expect((await t.request('PUT', '/api/company', company)).status).toBe(401);
  });

  it('updates the caller’s own profile, for any role, and validates it', async () => {
    const saved = await t.request(
      'PUT',
      '/api/user/profile',
      { firstName: 'Zanele', lastName: 'Dube', email: 'zanele@example.co.za', phone: '082 123 4567' },
      { token: clerk },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Zanele',
      lastName: 'Dube',
      email: 'zanele@example.co.za',
      phone: '0821234567',
      role: 'billing_clerk',
    });
    expect((await t.request('GET', '/api/user', undefined, { token: clerk })).body).toMatchObject({
      firstName: 'Zanele',
      phone: '0821234567',
    });
    // The administrator's own profile is untouched.
    expect((await t.request('GET', '/api/user', undefined, { token: admin.token })).body.firstName).toBe('Thandi');
    const before = await count('UserProfileUpdated');
    const refused = await t.request(
      'PUT',
      '/api/user/profile',
      { firstName: '', lastName: 'Dube', email: 'not-an-email' },
      { token: clerk },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i: { message: string }) => i.message)).toEqual(['First name is required', 'Valid email is required']);
    expect(await count('UserProfileUpdated')).toBe(before);
    // Personal data in the event is sealed.
    const rows = await t.services.sql.query<{ text: string }>(`select data::text as text from es_events where type = 'UserProfileUpdated'`);
    expect(rows.every((r) => !r.text.includes('Zanele') && !r.text.includes('zanele@'))).toBe(true);
  });

  it('speaks GraphQL: updateCompany and updateProfile with the same refusals', async () => {
    const mutation = `mutation($input: UpdateCompanyInput!) { updateCompany(input: $input) { name city province } }`;
    const saved = await t.graphql(mutation, { input: { ...company, city: 'Pietermaritzburg' } }, admin.token);
    expect(saved.body.data.updateCompany).toEqual({ name: company.name, city: 'Pietermaritzburg', province: 'KZN' });
    const refused = await t.graphql(mutation, { input: { ...company, name: ' ' } }, admin.token);
    expect([refused.body.errors[0].message, refused.body.errors[0].extensions.code]).toEqual([
      'Company name is required',
      'VALIDATION_FAILED',
    ]);
    const profile = await t.graphql(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { firstName phone } }`,
      { input: { firstName: 'Thandiwe', lastName: 'Nkosi', email: 'thandi@example.co.za' } },
      admin.token,
    );
    expect(profile.body.data.updateProfile).toEqual({ firstName: 'Thandiwe', phone: null });
  });

  it('changes the password: a wrong current one is refused, the old one stops working, other sessions end', async () => {
    const elsewhere = (await login(admin.username, 'secret1')).body.token as string;
    const wrong = await t.request(
      'PUT',
      '/api/user/password',
      { currentPassword: 'nope', newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' },
      { token: admin.token },
    );
    expect([wrong.status, wrong.body.message, wrong.body.issues[0].path]).toEqual([
      400,
      'Current password is incorrect',
      ['currentPassword'],
    ]);
    const weak = await t.request(
      'PUT',
      '/api/user/password',
      { currentPassword: 'secret1', newPassword: 'short', confirmPassword: 'short' },
      { token: admin.token },
    );
    expect([weak.status, weak.body.message]).toEqual([400, 'Password must be at least 8 characters']);
    const mismatch = await t.request(
      'PUT',
      '/api/user/password',
      { currentPassword: 'secret1', newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd?' },
      { token: admin.token },
    );
    expect([mismatch.status, mismatch.body.message]).toEqual([400, "Passwords don't match"]);
    expect(await count('UserPasswordChanged')).toBe(0);
    expect((await login(admin.username, 'secret1')).status).toBe(200);

    const changed = await t.request(
      'PUT',
      '/api/user/password',
      { currentPassword: 'secret1', newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' },
      { token: admin.token },
    );
    expect(changed.status).toBe(200);
    expect(await count('UserPasswordChanged')).toBe(1);
    expect((await login(admin.username, 'secret1')).status).toBe(401);
    expect((await login(admin.username, 'N3w-Passw0rd!')).status).toBe(200);
    expect((await t.request('GET', '/api/user', undefined, { token: elsewhere })).status).toBe(401);
    expect((await t.request('GET', '/api/user', undefined, { token: admin.token })).status).toBe(200);
    const rows = await t.services.sql.query<{ text: string }>(
      `select data::text as text from es_events where type = 'UserPasswordChanged'`,
    );
    expect(rows[0]!.text).not.toContain('N3w-Passw0rd!');
  });
});

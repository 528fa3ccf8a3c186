import { once } from 'node:events';
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { twilioProvider } from './providers.ts';

/** Twilio's Messages resource, as a test server: form-encoded in, JSON out. */
describe('the Twilio provider', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function fakeTwilio(status: number, body: object) {
    const received: { url: string | undefined; auth: string | undefined; form: URLSearchParams }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url, auth: req.headers.authorization, form: new URLSearchParams(raw) });
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as { port: number };
    const provider = twilioProvider({
      kind: 'twilio',
      accountSid: 'AC123',
      authToken: 'token',
      from: '+27870000000',
      baseUrl: `http://127.0.0.1:${port}`,
      perSecond: 1,
      statusCallbackUrl: 'https://fpa.example.co.za/api/notifications/receipts/twilio',
    });
    return { provider, received };
  }

  it('posts the message to the account Messages resource and answers its sid', async () => {
    const { provider, received } = await fakeTwilio(201, { sid: 'SM1', status: 'queued' });
    expect(await provider.send({ to: '+27821234567', subject: null, text: 'Hello' })).toEqual({ ok: true, providerMessageId: 'SM1' });
    expect(received[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from('AC123:token').toString('base64')}`);
    expect(Object.fromEntries(received[0]!.form)).toEqual({
      To: '+27821234567',
      From: '+27870000000',
      Body: 'Hello',
      StatusCallback: 'https://fpa.example.co.za/api/notifications/receipts/twilio',
    });
  });

  it('a 4xx is final with Twilio message; a 5xx is temporary', async () => {
    const refused = await fakeTwilio(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    expect(await refused.provider.send({ to: '+27000', subject: null, text: 'x' })).toEqual({
      ok: false,
      temporary: false,
      reason: "400: The 'To' number is not a valid phone number.",
    });
    const down = await fakeTwilio(503, { message: 'Service Unavailable' });
    expect(await down.provider.send({ to: '+27821234567', subject: null, text: 'x' })).toMatchObject({ ok: false, temporary: true });
  });
});

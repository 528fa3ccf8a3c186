import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { NewEvent } from '@fpa/write-model/event-store';
import { SMTPServer } from 'smtp-server';
import type { PortfolioBed } from '../portfolio/portfolio.fixtures.ts';

/*
 * Test doubles that speak the real protocols: an HTTP server answering as SMSPortal's REST API does, and
 * a real SMTP server (smtp-server). And the write model's events of one policyholder's life, appended as
 * its commands append them.
 */

export type FakeSms = {
  url: string;
  received: { auth: string | undefined; destination: string; content: string }[];
  answers: number[];
  close(): Promise<void>;
};

/** SMSPortal's POST /v1/bulkmessages. `answers` is a queue of status codes to give before 200s. */
export async function fakeSmsPortal(): Promise<FakeSms> {
  const received: FakeSms['received'] = [];
  const answers: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/bulkmessages') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      const status = answers.shift() ?? 200;
      if (status !== 200) {
        res.statusCode = status;
        res.end(
          JSON.stringify(status >= 500 ? { message: 'Service unavailable' } : { errors: [{ errorMessage: 'Invalid destination number' }] }),
        );
        return;
      }
      const body = JSON.parse(raw) as { messages: { destination: string; content: string }[] };
      for (const m of body.messages) received.push({ auth: req.headers.authorization, ...m });
      res.end(
        JSON.stringify({ cost: 1, remainingBalance: 100, eventId: 1000 + received.length, messages: body.messages.length, parts: 1 }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Twilio's POST /2010-04-01/Accounts/{sid}/Messages.json: answers 201 with a message sid per message. */
export async function fakeTwilio(): Promise<{ url: string; received: URLSearchParams[]; close(): Promise<void> }> {
  const received: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || !/^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(req.url ?? '')) {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      received.push(new URLSearchParams(raw));
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(received.length).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type FakeSmtp = { url: string; received: string[]; close(): Promise<void> };

export async function realSmtpServer(): Promise<FakeSmtp> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        received.push(text);
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** Thandi Nkosi's policy and the ways to add to its log. */
export type ThandisPolicy = {
  companyId: string;
  memberId: string;
  policyId: string;
  policyNumber: string;
  stream(streamId: string, ...events: NewEvent[]): Promise<unknown>;
};

/**
 * Ubuntu Funerals, its member Thandi Nkosi and her policy POL-000123 (R 150 a month from 1 January 2026),
 * as registering them appends them; `withMember` adds events to her member stream in the same append (a
 * communication preference set before the policy's welcome), `paidUpTo` makes the policy a migrated one.
 */
export async function thandisPolicy(
  bed: PortfolioBed,
  options: {
    tier?: string;
    companyEmail?: string | null;
    memberEmail?: string | null;
    paidUpTo?: string;
    withMember?: (ids: { companyId: string; memberId: string }) => NewEvent[];
  } = {},
): Promise<ThandisPolicy> {
  const companyId = randomUUID();
  const memberId = randomUUID();
  const policyId = randomUUID();
  const policyNumber = 'POL-000123';
  const stream = (streamId: string, ...events: NewEvent[]) => bed.append(companyId, [{ streamId, events }]);
  await stream(`company-${companyId}`, {
    type: 'CompanyRegistered',
    data: {
      companyId,
      name: 'Ubuntu Funerals',
      email: options.companyEmail ?? null,
      cipNumber: '2020/123456/07',
      phone: '011 555 1234',
      fspNumber: null,
      tier: options.tier ?? 'starter',
      memberLimit: 300,
    },
  });
  await stream(
    `member-${memberId}`,
    {
      type: 'MemberRegistered',
      data: {
        memberId,
        companyId,
        mainMemberId: null,
        firstName: 'Thandi',
        lastName: 'Nkosi',
        email: options.memberEmail === undefined ? 'thandi@example.co.za' : options.memberEmail,
        phone: '082 123 4567',
        saId: null,
        policyId: null,
        source: 'manual',
      },
      // Sealed with the member's key, as the write model seals it (memberPii): erasure destroys the key.
      pii: [{ subjectId: `member:${memberId}`, fields: ['firstName', 'lastName', 'email', 'phone'] }],
    },
    ...(options.withMember?.({ companyId, memberId }) ?? []),
  );
  await stream(`policy-${policyId}`, {
    type: 'PolicyIssued',
    data: {
      policyId,
      companyId,
      policyNumber,
      memberId,
      policyTypeId: randomUUID(),
      coverageAmount: '15000',
      monthlyPremium: '150',
      waitingPeriod: 6,
      startDate: '2026-01-01',
      agentId: null,
      ...(options.paidUpTo ? { paidUpTo: options.paidUpTo } : {}),
    },
  });
  return { companyId, memberId, policyId, policyNumber, stream };
}

/** The non-payment notice of 5 April 2026 on Thandi's policy (April's premium missed), by SMS. */
export function aprilNotice(life: Pick<ThandisPolicy, 'companyId' | 'policyId' | 'policyNumber'>): NewEvent {
  return {
    type: 'NonPaymentNoticeIssued',
    data: {
      policyId: life.policyId,
      companyId: life.companyId,
      policyNumber: life.policyNumber,
      issuedOn: '2026-04-05',
      missed: [{ period: '2026-04', dueDate: '2026-04-01', unpaid: '150.00' }],
      arrears: '150.00',
      graceEndsOn: '2026-05-01',
      channel: 'sms',
      to: '0821234567',
      text: 'Ubuntu Funerals: we have not received your premium for April 2026 on funeral policy POL-000123.',
    },
  };
}

/** A company, one member with a policy, and every event that sends a message (issue #24's table). */
export async function policyholderLife(bed: PortfolioBed, tier: string) {
  const life = await thandisPolicy(bed, { tier, companyEmail: 'info@ubuntu.co.za' });
  const { companyId, memberId, policyId, policyNumber, stream } = life;
  const claimIds = [randomUUID(), randomUUID(), randomUUID()];
  const paymentId = randomUUID();
  // A policy migrated from another system (paid up to a date there): no welcome.
  const migratedId = randomUUID();
  await stream(`policy-${migratedId}`, {
    type: 'PolicyIssued',
    data: {
      policyId: migratedId,
      companyId,
      policyNumber: 'OLD-77',
      memberId,
      policyTypeId: randomUUID(),
      coverageAmount: '5000',
      monthlyPremium: '50',
      waitingPeriod: 0,
      startDate: '2020-01-01',
      agentId: null,
      paidUpTo: '2026-01-31',
    },
  });
  await stream(
    `payment-${paymentId}`,
    premiumPaid(life, paymentId, { amount: '1234.5', paymentDate: '2026-02-03', paymentMethod: 'cash' }),
  );
  await stream(`policy-${policyId}`, aprilNotice(life));
  await stream(`policy-${policyId}`, {
    type: 'PolicyLapsed',
    data: {
      policyId,
      companyId,
      lapsedOn: '2026-05-02',
      reason: 'non_payment',
      period: '2026-04',
      graceEndedOn: '2026-05-01',
      graceDays: 30,
      missed: 1,
      arrears: '150.00',
    },
  });
  await stream(`policy-${policyId}`, {
    type: 'PolicyReinstated',
    data: { policyId, companyId, reinstatedOn: '2026-05-10', lapsedOn: '2026-05-02', reason: 'arrears_paid', note: null },
  });
  await stream(`collection-batch-${randomUUID()}`, {
    type: 'PremiumUnpaid',
    data: {
      batchId: randomUUID(),
      companyId,
      policyId,
      policyNumber,
      amount: '150.00',
      unpaidOn: '2026-06-02',
      unpaidCode: '02',
      meaning: 'not provided for',
      effect: 'unpaid',
      reversedPaymentId: null,
      fileId: randomUUID(),
      line: 1,
    },
  });
  const claim = (claimId: string, n: number) => ({
    type: 'ClaimSubmitted',
    data: {
      claimId,
      companyId,
      claimNumber: `CLM-00${n}`,
      policyId,
      policyNumber,
      memberId,
      memberName: 'Thandi Nkosi',
      claimantFirstName: 'Sipho',
      claimantLastName: 'Nkosi',
      claimantPhone: '+27 83 555 0000',
      claimantEmail: 'sipho@example.co.za',
      claimAmount: '15000',
      submittedDate: '2026-07-01',
    },
  });
  const move = (claimId: string, to: string, extra: Record<string, unknown>) => ({
    type: 'ClaimStatusChanged',
    data: { claimId, companyId, from: 'pending', to, note: null, ...extra },
  });
  await stream(
    `claim-${claimIds[0]}`,
    claim(claimIds[0]!, 1),
    move(claimIds[0]!, 'approved', { decision: { approvedAmount: '15000.00', approvedOn: '2026-07-02', override: null } }),
  );
  await stream(
    `claim-${claimIds[0]}`,
    move(claimIds[0]!, 'paid', {
      payout: { amount: '15000.00', paidOn: '2026-07-03', reference: 'X', accountHolder: 'S Nkosi', accountLast4: '1234' },
    }),
  );
  await stream(
    `claim-${claimIds[1]}`,
    claim(claimIds[1]!, 2),
    move(claimIds[1]!, 'rejected', { rejection: { reason: 'waiting_period', detail: 'Death on 2026-02-01' } }),
  );
  return { companyId, memberId, policyId, policyNumber };
}

/** A premium of R 150 for Thandi's policy, paid by EFT on 2 September 2026, with what the test changes. */
export function premiumPaid(
  life: Pick<ThandisPolicy, 'companyId' | 'memberId' | 'policyId' | 'policyNumber'>,
  paymentId: string,
  changes: Partial<{
    memberId: string;
    memberName: string;
    status: string;
    amount: string;
    paymentDate: string;
    paymentMethod: string;
  }> = {},
): NewEvent {
  return {
    type: 'PaymentRecorded',
    data: {
      paymentId,
      companyId: life.companyId,
      policyId: life.policyId,
      policyNumber: life.policyNumber,
      memberId: life.memberId,
      memberName: 'Thandi Nkosi',
      amount: '150',
      paymentDate: '2026-09-02',
      paymentMethod: 'eft',
      reference: null,
      notes: null,
      status: 'completed',
      groupSchemeId: null,
      groupPaymentId: null,
      ...changes,
    },
  };
}

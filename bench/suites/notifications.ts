import { randomUUID } from 'node:crypto';
import { createDispatcher, createProjectionEngine, notificationsProjection, smsPortalProvider } from '@fpa/projections';
import type { NewEvent } from '@fpa/write-model/event-store';
import { fakeSmsPortal } from '../../projections/src/notifications/notifications.fixtures.ts';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

/** 10:00 in South Africa: outside the SMS quiet hours. */
const MORNING = new Date('2026-11-26T08:00:00Z');

/**
 * Issue #24's figure: `messages` welcomes (a member and a policy each, on a company of its own) written to
 * the outbox by its projector, then dispatched to a fake SMSPortal on loopback at its rate limit (target:
 * 10,000 in under 60 s at 200 a second). The gateway's command latency while they go out is not measured here.
 */
export async function notificationsSuite({ db, options, log, stopServer }: SuiteContext): Promise<Figure[]> {
  // The in-process gateway's own dispatcher, with no SMS provider configured, marks queued SMS `not_sent`
  // on its next tick: running beside this suite it took the welcomes first (a smoke run sent 0 of 100).
  await stopServer();
  const n = options.messages;
  const companyId = randomUUID();
  const meta = { companyId, actorUserId: null };
  await db.store.append(
    [
      {
        streamId: `company-${companyId}`,
        expectedVersion: 'any',
        events: [
          {
            type: 'CompanyRegistered',
            data: {
              companyId,
              name: 'Bench Funerals',
              email: null,
              cipNumber: '2026/000001/07',
              phone: '0110000000',
              fspNumber: null,
              tier: 'enterprise',
              memberLimit: -1,
            },
          },
        ],
      },
    ],
    meta,
  );
  for (let i = 0; i < n; i += 500) {
    const streams = [];
    for (let j = i; j < Math.min(n, i + 500); j++) {
      const memberId = randomUUID();
      const policyId = randomUUID();
      const member: NewEvent = {
        type: 'MemberRegistered',
        data: {
          memberId,
          companyId,
          mainMemberId: null,
          firstName: `Member${j}`,
          lastName: 'Bench',
          email: null,
          phone: `082${String(1_000_000 + j).slice(-7)}`,
          saId: null,
          policyId: null,
          source: 'manual',
        },
      };
      const policy: NewEvent = {
        type: 'PolicyIssued',
        data: {
          policyId,
          companyId,
          policyNumber: `BENCH-${j}`,
          memberId,
          policyTypeId: companyId,
          coverageAmount: '15000',
          monthlyPremium: '150',
          waitingPeriod: 6,
          startDate: '2026-11-01',
          agentId: null,
        },
      };
      streams.push({ streamId: `member-${memberId}`, expectedVersion: 'any' as const, events: [member] });
      streams.push({ streamId: `policy-${policyId}`, expectedVersion: 'any' as const, events: [policy] });
    }
    await db.store.append(streams, meta);
  }
  const engine = createProjectionEngine({ sql: db.sql, store: db.store, projectors: [notificationsProjection] });
  let started = performance.now();
  const outcome = await engine.catchUpAll();
  const projectSeconds = (performance.now() - started) / 1000;
  await engine.stop();
  if (outcome.failed.length > 0) throw new Error(`projection failed: ${JSON.stringify(outcome.failed)}`);
  log(`${n} welcomes written to the outbox in ${round(projectSeconds, 1)} s`);

  const sms = await fakeSmsPortal();
  try {
    const provider = smsPortalProvider({
      kind: 'smsportal',
      clientId: 'bench',
      apiSecret: 'bench',
      baseUrl: sms.url,
      perSecond: options.messageRate,
      webhookToken: null,
    });
    const dispatcher = createDispatcher({
      sql: db.sql,
      providers: { sms: provider },
      now: () => MORNING,
      logger: { info: () => {}, warn: log, error: log },
      concurrency: 8,
    });
    started = performance.now();
    const summary = await dispatcher.tick();
    const seconds = (performance.now() - started) / 1000;
    if (summary.sent !== n || sms.received.length !== n)
      throw new Error(`sent ${summary.sent}, the provider received ${sms.received.length}, of ${n}`);
    log(`${n} SMS dispatched in ${round(seconds, 1)} s (${Math.round(n / seconds)}/s at a limit of ${options.messageRate}/s)`);
    const full = n >= 10_000;
    return [
      { suite: 'notifications', metric: `${n} welcomes written to the outbox (projector)`, value: round(projectSeconds, 1), unit: 's' },
      {
        suite: 'notifications',
        metric: `${n} SMS dispatched to a fake SMSPortal at ${options.messageRate}/s`,
        value: round(seconds, 1),
        unit: 's',
        target: '< 60 s (10,000)',
        met: full ? seconds < 60 : null,
      },
      {
        suite: 'notifications',
        metric: 'dispatch rate',
        value: Math.round(n / seconds),
        unit: 'messages/s',
        note: `rate limit ${options.messageRate}/s`,
      },
    ];
  } finally {
    await sms.close();
  }
}

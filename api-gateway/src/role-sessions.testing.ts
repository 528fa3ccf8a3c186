import { randomUUID } from 'node:crypto';
import type { Role } from '@fpa/write-model/validation';
import { createSession } from './auth/sessions.ts';
import type { TestApp } from './testing.ts';

/**
 * Test-only: a signed-in staff user of a company with the given role. Staff accounts are created by
 * role management (a later issue), so the user is appended as UserRegistered directly and given a
 * session, which is exactly what the gateway authenticates.
 */
export async function staffToken(t: TestApp, companyId: string, role: Role): Promise<string> {
  const userId = randomUUID();
  const data = {
    userId,
    companyId,
    username: `${role}.${userId.slice(0, 8)}`,
    role,
    email: `${userId}@example.co.za`,
    firstName: 'Staff',
    lastName: role,
    saId: null,
    phone: null,
  };
  const pii = [{ subjectId: `user:${userId}`, fields: ['email', 'firstName', 'lastName', 'saId', 'phone'] }];
  const append = await t.services.store.append(
    [{ streamId: `user-${userId}`, expectedVersion: 'no_stream', events: [{ type: 'UserRegistered', data, pii }] }],
    {
      companyId,
      actorUserId: null,
    },
  );
  await t.services.engine.waitFor(append.checkpoint, { timeoutMs: 10_000 });
  return (await createSession(t.services.sql, userId, { ip: '127.0.0.1', userAgent: null })).token;
}

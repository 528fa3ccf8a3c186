import { commandContext, NotFoundError, settleSubscriptionPayment, SYSTEM } from '@fpa/write-model';
import type { RequestContext } from '../context.ts';
import { readYourWrites } from '../commands/consistency.ts';
import type { ProviderId } from './provider.ts';
import { paymentProvider } from './select-provider.ts';

/*
 * Not a command slice, though it appends: the caller is the payment provider, never a user, and never
 * through GraphQL. Its body is a form whose field order its signature depends on, what it may change
 * is read from that verified form (not parsed by a zod input), it runs as the system with the
 * provider's payment id as the idempotency key, and its answer is the plain text the provider expects.
 */

/**
 * POST /api/billing/{provider}/notify: the provider's notification (PayFast's ITN, or the sandbox's).
 * Only the configured provider's endpoint listens. Verified and checked against the pending checkout
 * before anything changes; a replay answers 200 and changes nothing; a forged one is refused with 400.
 */
export async function receiveNotification(ctx: RequestContext, providerId: ProviderId, form: URLSearchParams): Promise<Response> {
  const provider = paymentProvider(ctx.services.config.billing);
  if (!provider || provider.id !== providerId) throw new NotFoundError('Not found');
  let changed = false;
  try {
    const notification = provider.verifyNotification(form);
    if (notification) {
      const result = await settleSubscriptionPayment(ctx.services.store, ctx.services.sql, notification, commandContext(SYSTEM));
      if (result.append && result.changed) await readYourWrites(ctx, result.append);
      changed = result.changed;
    }
  } catch (error) {
    ctx.services.logger.warn({ provider: providerId, ip: ctx.ip, err: error }, 'payment notification refused');
    throw error;
  }
  ctx.services.logger.info({ provider: providerId, checkout: form.get('m_payment_id'), changed }, 'payment notification received');
  return new Response(changed ? 'OK' : 'OK (nothing changed)', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@server/clock';
import type { Db } from '@server/db/db';
import type { BillingEventSink } from '@server/payments/billing-events';
import { markDelivered, pendingEvents } from '@server/payments/local/store/events';

export type DeliveryLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * Hands the outbox's events to the billing service, oldest first, each awaited (so the dashboard
 * shows the change by the time the browser comes back). One it does not take stops the run, to
 * keep the order; it is delivered again on the next call, as Stripe retries a webhook. Two runs at
 * once may deliver an event twice: the billing service applies each event id once.
 */
export function createDelivery(deps: { db: Db; clock: Clock; deliver: BillingEventSink; log: DeliveryLog }): () => Promise<boolean> {
  const { db, clock, deliver, log } = deps;
  return async () => {
    for (const event of await pendingEvents(db)) {
      try {
        await deliver(event);
      } catch (error) {
        log.error(
          { err: error, event: event.id, kind: event.kind },
          'the billing service did not take a test-mode payment event: it is delivered again on the next payment action or renewal check',
        );
        return false;
      }
      await markDelivered(db, event.id, clock.now());
    }
    return true;
  };
}

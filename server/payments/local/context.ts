import type { Clock } from '@server/clock';
import type { Db } from '@server/db/db';
import type { DeliveryLog } from '@server/payments/local/delivery';

/** What every part of the test-mode provider shares. */
export interface LocalContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: DeliveryLog;
  /** The dashboard's address, without a trailing slash. */
  readonly publicUrl: string;
  /** Where the provider's pages are: `${publicUrl}/api/payment/test-mode`. */
  readonly pagesUrl: string;
  /** Delivers the outbox's events to the billing service; false if one was not taken (retried later). */
  readonly deliverPending: () => Promise<boolean>;
}

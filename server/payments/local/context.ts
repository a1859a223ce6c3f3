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
  /**
   * The API's Subscription.graceEndsAt of the user (the billing service's, BILLING_GRACE_DAYS after
   * the first failed payment): the portal says the same date as the dashboard.
   */
  readonly graceEndsAt: (userId: number) => Promise<string | null>;
  /** A test-mode invoice's receipt page (its url in the invoices list). */
  readonly receiptUrl: (invoiceId: string) => string;
}

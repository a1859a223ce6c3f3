import type { components, operations } from '@/api/schema';
import type { OperationResult } from '@server/openapi/handler-types';

/** The local test-mode provider's pages (mounted in local mode only). */
export interface TestModePages {
  checkoutPage(id: string): Promise<OperationResult<'testModeCheckoutPage'>>;
  pay(id: string, form: components['schemas']['TestModeCardForm']): Promise<OperationResult<'testModePay'>>;
  /** `notice`: what the action that led here did (its redirect names it). */
  portalPage(token: string, notice?: PortalNotice): Promise<OperationResult<'testModePortalPage'>>;
  portalAction(token: string, form: components['schemas']['TestModePortalForm']): Promise<OperationResult<'testModePortalAction'>>;
  /** An invoice as a receipt (the invoices' url). */
  receiptPage(invoiceId: string): Promise<OperationResult<'testModeReceiptPage'>>;
}

type PortalNotice = NonNullable<NonNullable<operations['testModePortalPage']['parameters']['query']>['notice']>;

/** The local test-mode provider as the API mounts it. */
export interface TestMode {
  readonly pages: TestModePages;
  /** The pages' own Content-Security-Policy (their stylesheet by hash; forms may go on to the dashboard). */
  readonly contentSecurityPolicy: string;
  /** Renews every subscription whose period ended (the server calls it every minute; tests when they move the clock). */
  renewDue(now?: Date): Promise<number>;
}

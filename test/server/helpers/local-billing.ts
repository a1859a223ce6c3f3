import type { Db } from '@server/db/db';
import { Billing } from '@server/payments/billing';
import { createLocalProvider, type LocalProvider } from '@server/payments/local/local-provider';
import type { TestApp } from './test-app';

export interface LocalBilling {
  readonly local: LocalProvider;
  readonly billing: Billing;
}

/**
 * The billing service over the local test-mode provider on a test app's database, wired as
 * create-payments wires it (events through applyEvent, the portal's grace date from the API), so
 * a test drives the provider's pages and the sweep itself. `db` lets a test hook billing's own
 * database calls; `graceDays` defaults to the app's setting.
 */
export function localBilling(server: TestApp, options: { readonly db?: Db; readonly graceDays?: number } = {}): LocalBilling {
  const { app, config, clock } = server;
  let billing: Billing | undefined;
  const started = (): Billing => {
    if (billing === undefined) throw new Error('a test-mode event arrived before billing was set up');
    return billing;
  };
  const local = createLocalProvider({
    db: app.db,
    clock,
    publicUrl: config.publicUrl,
    deliver: async (event) => {
      await started().applyEvent(event);
    },
    log: app.log,
    graceEndsAt: async (userId) => (await started().subscription(userId))?.graceEndsAt ?? null,
  });
  billing = new Billing({
    db: options.db ?? app.db,
    provider: local.provider,
    clock,
    log: app.log,
    keyCache: app.keyCache,
    publicUrl: config.publicUrl,
    salesEmail: config.salesEmail,
    graceDays: options.graceDays ?? config.billingGraceDays,
  });
  return { local, billing };
}

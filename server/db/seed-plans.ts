import type { Db } from '@server/db/db';
import { planCatalog } from '@/domain/plan-catalog';

/** Upserts the catalogue so a change to src/domain/plan-catalog.ts reaches existing databases. */
export async function seedPlans(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, plan] of planCatalog.entries()) {
      await tx.query(
        `INSERT INTO plans (id, name, description, sort_order, monthly_price_usd, credits_per_month, rate_per_second, max_keys)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
           sort_order = EXCLUDED.sort_order, monthly_price_usd = EXCLUDED.monthly_price_usd,
           credits_per_month = EXCLUDED.credits_per_month, rate_per_second = EXCLUDED.rate_per_second,
           max_keys = EXCLUDED.max_keys`,
        [plan.id, plan.name, plan.description, index, plan.monthlyPriceUsd, plan.creditsPerMonth, plan.ratePerSecond, plan.maxKeys],
      );
    }
  });
}

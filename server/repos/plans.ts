import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';
import { fromNullableBigint, type BigintColumn } from '@server/repos/columns';
import { planCatalog, priceCentsFor, type BillingFrequency, type PlanName } from '@/domain/plan-catalog';

export type ApiPlan = components['schemas']['Plan'];

interface PlanRow {
  id: number;
  name: string;
  description: string;
  monthly_price_usd: number | null;
  credits_per_month: BigintColumn | null;
  rate_per_second: number | null;
  max_keys: number | null;
}

const columns = 'id, name, description, monthly_price_usd, credits_per_month, rate_per_second, max_keys';

export async function listPlans(q: Queryable): Promise<PlanRow[]> {
  const { rows } = await q.query<PlanRow>(`SELECT ${columns} FROM plans ORDER BY sort_order, id`);
  return rows;
}

export async function findPlan(q: Queryable, id: number): Promise<PlanRow | null> {
  const { rows } = await q.query<PlanRow>(`SELECT ${columns} FROM plans WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findPlanByName(q: Queryable, name: string): Promise<PlanRow | null> {
  const { rows } = await q.query<PlanRow>(`SELECT ${columns} FROM plans WHERE lower(name) = lower($1)`, [name]);
  return rows[0] ?? null;
}

function planName(name: string): PlanName {
  const match = planCatalog.find((plan) => plan.name === name);
  if (match === undefined) throw new Error(`The plans table holds an unknown plan name: ${name}`);
  return match.name;
}

export function toApiPlan(row: PlanRow, frequency: BillingFrequency): ApiPlan {
  return {
    id: row.id,
    name: planName(row.name),
    description: row.description,
    price: priceCentsFor(row.monthly_price_usd, frequency),
    credit: fromNullableBigint(row.credits_per_month),
    rate: row.rate_per_second,
    maxKey: row.max_keys,
    billingFrequency: frequency,
  };
}

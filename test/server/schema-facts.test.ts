import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NETWORKS } from '@/domain/networks';
import { billingFrequencies, planCatalog } from '@/domain/plan-catalog';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The contract and the database spell some facts again, in their own languages: openapi.yaml's
 * enums, and the tables' CHECK constraints. Each copy must say what the one place says
 * (src/domain/plan-catalog.ts, src/domain/networks.ts): a plan, a billing frequency or a network
 * added there fails here until the contract and a migration follow.
 */

const contract: unknown = parse(readFileSync(join(import.meta.dirname, '../../openapi.yaml'), 'utf8'));

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});

afterAll(async () => {
  await server?.close();
});

/** The quoted values of every CHECK constraint of the migrated schema that names `sample`, each constraint's list in order. */
async function checkedLists(sample: string): Promise<string[][]> {
  const { rows } = await server.app.db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
     JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'c' AND n.nspname = current_schema()`,
  );
  return rows
    .map((row) => row.definition)
    .filter((definition) => definition.includes(`'${sample}'`))
    .map((definition) => [...definition.matchAll(/'([^']*)'/g)].map(([, value]) => value ?? ''));
}

describe('the facts the contract and the database spell again', () => {
  it("spells the contract's plan names and billing frequencies as the catalog does", () => {
    expect(contract).toMatchObject({
      components: {
        schemas: {
          PlanName: { enum: planCatalog.map((plan) => plan.name) },
          BillingFrequency: { enum: [...billingFrequencies] },
        },
      },
    });
  });

  it("allows in the database's columns exactly the catalog's billing frequencies and the list's networks", async () => {
    const [firstFrequency] = billingFrequencies;
    const [firstNetwork] = NETWORKS;
    const frequencyChecks = await checkedLists(firstFrequency);
    const networkChecks = await checkedLists(firstNetwork);
    // users, the three payment tables and test-mode schedules; usage by minute, hour and day, and the request log.
    expect(frequencyChecks.length).toBeGreaterThanOrEqual(6);
    expect(networkChecks.length).toBeGreaterThanOrEqual(4);
    for (const values of frequencyChecks) expect(new Set(values)).toEqual(new Set(billingFrequencies));
    for (const values of networkChecks) expect(new Set(values)).toEqual(new Set(NETWORKS));
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NETWORK_NAME, NETWORKS } from '@/domain/networks';
import { billingFrequencies, planCatalog } from '@/domain/plan-catalog';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The contract and the database spell some facts again, in their own languages: openapi.yaml's
 * enums and patterns, and the tables' CHECK constraints. Each copy must say what the one place says
 * (src/domain/plan-catalog.ts, src/domain/networks.ts): a plan or a billing frequency added there, or
 * another rule for a network's name, fails here until the contract and a migration follow. The
 * networks themselves are configuration: no table lists them.
 */

const contract: unknown = parse(readFileSync(join(import.meta.dirname, '../../openapi.yaml'), 'utf8'));

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});

afterAll(async () => {
  await server?.close();
});

/** The definitions of every CHECK constraint of the migrated schema. */
async function checks(): Promise<string[]> {
  const { rows } = await server.app.db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
     JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'c' AND n.nspname = current_schema()`,
  );
  return rows.map((row) => row.definition);
}

/** The quoted values of every CHECK constraint that names `sample`, each constraint's list in order. */
async function checkedLists(sample: string): Promise<string[][]> {
  return (await checks())
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

  it("allows in the database's columns exactly the catalog's billing frequencies", async () => {
    const [firstFrequency] = billingFrequencies;
    const frequencyChecks = await checkedLists(firstFrequency);
    // users, the three payment tables and test-mode schedules.
    expect(frequencyChecks.length).toBeGreaterThanOrEqual(6);
    for (const values of frequencyChecks) expect(new Set(values)).toEqual(new Set(billingFrequencies));
  });

  it("lists no network in the database, and takes a network's name by the one rule (NETWORK_NAME)", async () => {
    const definitions = await checks();
    for (const network of NETWORKS) expect(definitions.filter((definition) => definition.includes(`'${network}'`))).toEqual([]);
    const nameChecks = definitions.filter((definition) => definition.includes('(network ~'));
    // Usage by minute, hour and day, and the request log.
    expect(nameChecks).toHaveLength(4);
    for (const definition of nameChecks) expect(definition).toContain(`'${NETWORK_NAME.source}'`);
    expect(contract).toMatchObject({ components: { schemas: { Network: { pattern: NETWORK_NAME.source } } } });
  });
});

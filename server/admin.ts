/**
 * Operator commands (docs/operations.md), e.g. an Enterprise plan after a sales contract:
 *   npm run admin -- list-users
 *   npm run admin -- set-plan <email> <plan name> [MONTHLY|ANNUALY]
 * With the embedded database, stop the server first (one process per data directory). Compiled with
 * the server (build/server/admin.js): with NODE_ENV=production `npm run admin` runs that with node
 * alone, as `npm start` does, and refuses a build older than its sources.
 */
import type { Db } from '@server/db/db';
import { openDatabase } from '@server/db/open';
import { billingFrequencies, parseBillingFrequency, planCatalog } from '@/domain/plan-catalog';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, listUsers, setUserPlan } from '@server/repos/users';
import { buildProblem, compiledServer } from '@server/server-build';
import { configOrExit } from '@server/startup-shutdown';

const usage = `Usage:
  npm run admin -- list-users
  npm run admin -- set-plan <email> <plan name> [${billingFrequencies.join('|')}]
Plans: ${planCatalog.map((plan) => plan.name).join(', ')}`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

// Before anything else: a stale build would apply yesterday's rules to the database.
const problem = compiledServer ? buildProblem() : null;
if (problem !== null) fail(`Could not run: ${problem}`);

const [command, ...args] = process.argv.slice(2);
if (command !== 'list-users' && command !== 'set-plan') fail(usage, 2);
if (command === 'set-plan' && (args.length < 2 || args.length > 3)) fail(usage, 2);
if (command === 'list-users' && args.length > 0) fail(usage, 2);

/** A refusal to print (with its exit code) once the database is closed. */
class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

async function setPlan(db: Db, [email = '', planName = '', frequencyArg = 'MONTHLY']: string[]): Promise<string> {
  const frequency = parseBillingFrequency(frequencyArg.toUpperCase());
  if (frequency === null) throw new CommandError(`Unknown billing frequency "${frequencyArg}".\n${usage}`, 2);
  const plan = await findPlanByName(db, planName);
  if (plan === null) throw new CommandError(`Unknown plan "${planName}".\n${usage}`, 2);
  const user = await findUserByEmail(db, email);
  if (user === null) throw new CommandError(`No user with the e-mail ${email}.`, 1);
  const moved = await setUserPlan(db, user.id, { planId: plan.id, frequency, now: new Date() });
  if (!moved) return `${user.email} is already on ${plan.name} (${frequency}): nothing changed, the credit cycle goes on.`;
  return `${user.email} is now on ${plan.name} (${frequency}); a new credit cycle starts now.`;
}

async function userList(db: Db): Promise<string> {
  const plans = new Map(planCatalog.map((plan) => [plan.id, plan.name]));
  const users = await listUsers(db);
  if (users.length === 0) return 'No users yet.';
  return users
    .map(
      (user) =>
        `${user.email}\t${plans.get(user.planId) ?? user.planId} (${user.billingFrequency})\tsince ${user.createdAt.toISOString().slice(0, 10)}`,
    )
    .join('\n');
}

const config = configOrExit();
const db = await openDatabase(config).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
let outcome: { text: string; exitCode: number };
try {
  outcome = { text: command === 'list-users' ? await userList(db) : await setPlan(db, args), exitCode: 0 };
} catch (error) {
  if (!(error instanceof CommandError)) throw error;
  outcome = { text: error.message, exitCode: error.exitCode };
} finally {
  await db.close();
}
if (outcome.exitCode === 0) console.log(outcome.text);
else fail(outcome.text, outcome.exitCode);

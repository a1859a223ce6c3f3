/**
 * Operator commands (docs/operations.md), e.g. an Enterprise plan after a sales contract:
 *   npm run admin -- list-users
 *   npm run admin -- set-plan <email> <plan name> [MONTHLY|ANNUALY]
 *   npm run admin -- migrate      (the schema up to date, as a step of its own before the replicas)
 *   npm run admin -- status       (applied and pending migrations; exits 1 while any is pending)
 * In a release: `node build/server/admin.js <command>` (or `npm run admin -- <command>` there).
 * With the embedded database, stop the server first (one process per data directory). Compiled with
 * the server (build/server/admin.js): with NODE_ENV=production `npm run admin` runs that with node
 * alone, as `npm start` does, and refuses a build older than its sources.
 */
import type { Db } from '@server/db/db';
import { migrate, migrationStatus } from '@server/db/migrate';
import { connectDatabase, openDatabase } from '@server/db/open';
import { seedPlans } from '@server/db/seed-plans';
import { billingFrequencies, parseBillingFrequency, planCatalog } from '@/domain/plan-catalog';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, listUsers, setUserPlan } from '@server/repos/users';
import { compiledProblem } from '@server/release';
import { compiledServer } from '@server/server-build';
import { configOrExit } from '@server/startup-shutdown';

const usage = `Usage:
  npm run admin -- list-users
  npm run admin -- set-plan <email> <plan name> [${billingFrequencies.join('|')}]
  npm run admin -- migrate
  npm run admin -- status
Plans: ${planCatalog.map((plan) => plan.name).join(', ')}`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

// Before anything else: a stale build would apply yesterday's rules to the database.
const problem = compiledServer ? compiledProblem() : null;
if (problem !== null) fail(`Could not run: ${problem}`);

/** Each command: how many arguments it takes, whether it needs the schema up to date first, and what it does. */
interface Command {
  readonly args: readonly [min: number, max: number];
  readonly migrated: boolean;
  run(db: Db, args: string[]): Promise<Outcome>;
}

/** What a command prints (on stdout) and its exit code; a refusal is a CommandError instead (on stderr). */
interface Outcome {
  readonly text: string;
  readonly exitCode: number;
}

const done = async (text: Promise<string>): Promise<Outcome> => ({ text: await text, exitCode: 0 });

const commands: Readonly<Record<string, Command>> = {
  'list-users': { args: [0, 0], migrated: true, run: (db) => done(userList(db)) },
  'set-plan': { args: [2, 3], migrated: true, run: (db, args) => done(setPlan(db, args)) },
  migrate: { args: [0, 0], migrated: false, run: (db) => done(migrateNow(db)) },
  status: { args: [0, 0], migrated: false, run: (db) => schemaStatus(db) },
};

const [name = '', ...args] = process.argv.slice(2);
const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
if (command === undefined || args.length < command.args[0] || args.length > command.args[1]) fail(usage, 2);

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

async function migrateNow(db: Db): Promise<string> {
  const applied = await migrate(db);
  await seedPlans(db);
  const { applied: all } = await migrationStatus(db);
  const at = all.at(-1)?.name ?? 'none';
  return applied.length === 0 ? `Nothing to apply: the schema is at ${at}.` : `Applied ${applied.join(', ')}: the schema is at ${at}.`;
}

/** Applied and pending migrations, one a line; pending ones make the command exit 1 (a deploy script waits on that). */
async function schemaStatus(db: Db): Promise<Outcome> {
  const { applied, pending, unknown } = await migrationStatus(db);
  const lines = [
    ...applied.map((row) => `applied\t${row.name}\t${row.appliedAt.toISOString()}`),
    ...pending.map((migration) => `pending\t${migration.name}`),
  ];
  if (unknown.length > 0) {
    lines.push(
      `The database has migrations this release does not (${unknown.map((row) => row.name).join(', ')}): it was migrated by a newer release.`,
    );
  }
  if (pending.length === 0) return { text: [...lines, 'The schema is up to date.'].join('\n'), exitCode: 0 };
  return { text: [...lines, `${pending.length} pending: run \`npm run admin -- migrate\` (or start the server).`].join('\n'), exitCode: 1 };
}

const config = configOrExit();
const open = command.migrated ? openDatabase : connectDatabase;
const db = await open(config).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
let outcome: Outcome | CommandError;
try {
  outcome = await command.run(db, args);
} catch (error) {
  if (!(error instanceof CommandError)) throw error;
  outcome = error;
} finally {
  await db.close();
}
if (outcome instanceof CommandError) fail(outcome.message, outcome.exitCode);
console.log(outcome.text);
process.exitCode = outcome.exitCode;

/**
 * `node --import tsx test/support/build-database-template.ts <dataDir>`: creates and migrates an
 * embedded database in dataDir, as a first `npm start` does (server/db/open.ts), then closes it.
 * Run by database-template-setup.ts in a process of its own: vitest's module runner, which loads a
 * globalSetup, cannot load the embedded database (it resolves PGlite's files with import.meta.resolve).
 */
import { openDatabase } from '@server/db/open';

const [dataDir] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: build-database-template.ts <dataDir>');
const db = await openDatabase({ databaseUrl: null, dataDir });
await db.close();

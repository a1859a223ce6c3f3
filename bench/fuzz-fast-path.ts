/**
 * `npm run fuzz:fast-path -- [COUNT] [SEED]`: the differential fuzz of the fast path's framing
 * against Node's parser (test/support/framing-fuzz.ts) for longer than `npm test` runs it (there:
 * test/server/fast-path-framing-fuzz.test.ts). A disagreement prints its case and seed: keep the
 * case in that test's list once fixed.
 */
import fc from 'fast-check';
import { checkCase, fuzzCases, NodeParser } from '../test/support/framing-fuzz';

const [countArgument = '100000', seedArgument] = process.argv.slice(2);
const count = Number(countArgument);
const seed = seedArgument === undefined ? Date.now() % 2 ** 31 : Number(seedArgument);
if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(seed)) {
  console.error('Usage: npm run fuzz:fast-path -- [COUNT (default 100000)] [SEED]');
  process.exit(2);
}

const parser = new NodeParser();
const started = performance.now();
console.log(`Fuzzing the fast path's framing: ${count} cases, seed ${seed}`);
try {
  await fc.assert(
    fc.asyncProperty(fuzzCases, async (fuzzCase) => {
      const problem = await checkCase(parser, fuzzCase);
      if (problem !== null) throw new Error(problem);
    }),
    { numRuns: count, seed },
  );
  console.log(`${count} cases agree with Node's parser (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause instanceof Error) console.error(error.cause.message);
  process.exitCode = 1;
} finally {
  parser.close();
}

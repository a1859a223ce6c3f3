import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const workDir = mkdtempSync(join(tmpdir(), 'schema-fresh-'));

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('src/api/schema.d.ts', () => {
  it('is what `npm run gen:api` makes of openapi.yaml today', () => {
    const fresh = join(workDir, 'schema.d.ts');
    // The same CLI and options as the gen:api script, so the two outputs are comparable byte for byte.
    execFileSync(join(root, 'node_modules', '.bin', 'openapi-typescript'), ['openapi.yaml', '-o', fresh], {
      cwd: root,
      stdio: 'pipe',
    });
    const committed = readFileSync(join(root, 'src', 'api', 'schema.d.ts'), 'utf8');
    expect(committed, 'src/api/schema.d.ts is stale: run `npm run gen:api` and commit the result').toBe(readFileSync(fresh, 'utf8'));
  });
});

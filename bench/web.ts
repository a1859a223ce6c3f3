/**
 * `npm run bench:web` (not part of `npm test`): what the browser pays for the SPA.
 * - gzip JavaScript loaded by /login and by / (logged in), lazy chunks included;
 * - first contentful paint of /login next to a static HTML page of the same look, served with the
 *   same headers as the real server's pages, as a ratio (and, for reference, without them).
 * Builds first, then runs the real server in-process and Debian's headless Chromium.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../test/support/browser';
import { startServer } from '../test/support/server';
import { measureJs, type JsLoad } from './js-size';
import { measureInTurns, median, type PaintedPage } from './paint';
import { serveStaticPage } from './static-server';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const goals = { loginJsKb: 160, paintRatio: 1.5 };
/** Loads per page; the pages take turns (paint.ts). */
const paintRuns = 11;

const kb = (bytes: number) => bytes / 1024;

/** Response headers about the body or the connection, not about the page: the baseline sets its own. */
const transportHeaders = new Set([
  'content-type',
  'content-length',
  'etag',
  'last-modified',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The headers the real server sends with /login (CSP, Cross-Origin-Opener-Policy, X-Frame-Options...).
 * The baseline page is served with them too: they are the server's policy for any page, not a cost
 * of the SPA, and they are not free (Cross-Origin-Opener-Policy makes Chromium swap the renderer
 * process on navigation, tens of ms of the first paint here).
 */
async function pageHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !transportHeaders.has(name)));
}

const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

function build(): void {
  console.log('Building the SPA (vite build)...');
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build exited with ${result.status ?? result.signal}`);
}

/** A plain text table (first row = header), readable in a terminal and pasteable into docs/benchmarks.md. */
function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  console.log('');
  rows.forEach((row, index) => {
    console.log(line(row));
    if (index === 0) console.log(line(widths.map((width) => '-'.repeat(width))));
  });
}

function printFiles(title: string, load: JsLoad): void {
  console.log(`\n${title}: ${load.files.length} JS files, ${kb(load.gzipBytes).toFixed(1)} KB gzip`);
  for (const file of [...load.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${kb(file.gzipBytes).toFixed(1).padStart(7)} KB  ${file.url}`);
  }
}

async function main(): Promise<void> {
  build();
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const baseline = join(root, 'bench', 'static-login.html');
  const [staticPage, bareStaticPage] = await Promise.all([
    serveStaticPage(baseline, await pageHeaders(`${server.url}/login`)),
    serveStaticPage(baseline),
  ]);
  try {
    const account = { email: 'bench@example.com', password: 'Bench$Pass1' };
    const registered = await server.api.POST('/auth/register', { body: account });
    if (registered.error) throw new Error(`register failed: ${JSON.stringify(registered.error)}`);
    const login = await server.api.POST('/auth/login', { body: account });
    if (!login.data) throw new Error(`login failed: ${JSON.stringify(login.error)}`);

    const loginJs = await measureJs(browser, `${server.url}/login`);
    const dashboardJs = await measureJs(browser, `${server.url}/`, login.data.access_token);
    printFiles('/login', loginJs);
    printFiles('/ (logged in)', dashboardJs);

    const spa: PaintedPage = { url: `${server.url}/login`, fcps: [] };
    const stat: PaintedPage = { url: staticPage.url, fcps: [] };
    const bareStatic: PaintedPage = { url: bareStaticPage.url, fcps: [] };
    await measureInTurns(browser, [spa, stat, bareStatic], paintRuns);
    const spaPaint = median(spa.fcps);
    const staticPaint = median(stat.fcps);
    const bareStaticPaint = median(bareStatic.fcps);
    const ratio = spaPaint / staticPaint;
    const runs = (all: number[]) => all.map((ms) => ms.toFixed(0)).join(' ');
    console.log(`\nFCP /login runs (ms): ${runs(spa.fcps)}`);
    console.log(`FCP static runs (ms): ${runs(stat.fcps)}`);
    console.log(`FCP static without the server's headers, runs (ms): ${runs(bareStatic.fcps)}`);

    const loginOk = kb(loginJs.gzipBytes) <= goals.loginJsKb;
    const paintOk = ratio <= goals.paintRatio;
    printTable([
      ['measure', 'value', 'goal', 'result'],
      ['JS loaded by /login (gzip)', `${kb(loginJs.gzipBytes).toFixed(1)} KB`, `<= ${goals.loginJsKb} KB`, verdict(loginOk)],
      ['JS loaded by / (gzip)', `${kb(dashboardJs.gzipBytes).toFixed(1)} KB`, '', ''],
      [`FCP /login (median of ${paintRuns})`, `${spaPaint.toFixed(0)} ms`, '', ''],
      [`FCP static page, same headers (median of ${paintRuns})`, `${staticPaint.toFixed(0)} ms`, '', ''],
      ['paint ratio /login / static', ratio.toFixed(2), `<= ${goals.paintRatio}`, verdict(paintOk)],
      [`FCP static page, no headers (median of ${paintRuns})`, `${bareStaticPaint.toFixed(0)} ms`, '', ''],
      ['paint ratio /login / static, no headers', (spaPaint / bareStaticPaint).toFixed(2), '', 'reference'],
    ]);
    if (!loginOk || !paintOk) process.exitCode = 1;
  } finally {
    await browser.close();
    await staticPage.close();
    await bareStaticPage.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/** `npm run dev`: the API on DEV_API_PORT, and Vite's dev server (hot reload) on PORT proxying /api to it. */
import { join } from 'node:path';
import { createServer } from 'vite';
import { buildApp } from '@server/app';
import { answerBeforeClosing } from '@server/cluster/fast-path';
import { parsePort, readVar } from '@server/config-values';
import { localNodesNotice, startLocalNodes } from '@server/nodes/local-nodes';
import { configOrExit, explainStartupError, onShutdownSignal } from '@server/startup-shutdown';
import { projectRoot } from '@server/spa-build';

const config = configOrExit();
const apiPort = (() => {
  try {
    return parsePort('DEV_API_PORT', readVar(process.env, 'DEV_API_PORT') ?? '8081');
  } catch (error) {
    console.error(`Configuration error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
})();

try {
  // PUBLIC_URL defaults to PORT, i.e. Vite: links in mails and OAuth redirects go through its proxy.
  // The same local anvil nodes as `npm start` (unless UPSTREAM_* point elsewhere), so RPC calls work.
  const nodes = await startLocalNodes(config);
  const app = await buildApp(nodes.config, { distDir: null });
  // As `npm start` does (server/cluster/fast-path.ts): a request with `Connection: close` is answered, what follows it ignored.
  answerBeforeClosing(app.server);
  await app.listen({
    port: apiPort,
    host: config.host,
    listenTextResolver: (address) => `API listening at ${address} (Vite proxies /api to it)`,
  });
  // Vite's dev server exits the process on SIGTERM once it alone has closed (exit 143), which would
  // cut the app's shutdown short (the last metering batch unwritten): ours below closes all in order.
  const sigtermBefore = process.listeners('SIGTERM');
  const vite = await createServer({
    root: projectRoot,
    configFile: join(projectRoot, 'vite.config.ts'),
    server: { port: config.port, host: config.host, strictPort: true },
  });
  await vite.listen();
  for (const listener of process.listeners('SIGTERM')) if (!sigtermBefore.includes(listener)) process.off('SIGTERM', listener);
  onShutdownSignal(async () => {
    await vite.close();
    await app.close();
    await nodes.stop();
  }, config.mode);
  console.log(`${config.productName} (development, hot reload) is running at ${config.publicUrl}`);
  for (const line of localNodesNotice(nodes.started)) console.log(line);
} catch (error) {
  const apiPortTaken = typeof error === 'object' && error !== null && 'port' in error && error.port === apiPort;
  console.error(`Could not start: ${explainStartupError(error, apiPortTaken ? 'DEV_API_PORT' : 'PORT')}`);
  process.exit(1);
}

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { freePort } from '../test/support/free-port';

/**
 * Serves one HTML file at / on loopback: the no-JavaScript baseline page for the paint comparison.
 * `headers` are sent with it, e.g. the app's security headers (see web.ts).
 */
export async function serveStaticPage(
  file: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const html = readFileSync(file);
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
    response.end(html);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningProxy {
  readonly url: string;
  /** The master process: its workers are its children. */
  readonly pid: number;
  /** What nginx wrote to its error log so far (warnings and errors: why it answered a 502). */
  errors(): Promise<string>;
  stop(): Promise<void>;
}

const candidates = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** Debian's nginx; installed with apt-get when missing and we are root (said so), else a clear stop. */
export function findNginx(): string {
  const found = candidates.find((path) => existsSync(path));
  if (found !== undefined) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("nginx is missing: installing Debian's package (apt-get install -y nginx)...");
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status === 0 && install.status === 0) {
      const installed = candidates.find((path) => existsSync(path));
      if (installed !== undefined) return installed;
    }
  }
  throw new Error('nginx is not installed: run `sudo apt-get install nginx` (the benchmark compares the gateway with it).');
}

/** nginx's main configuration around `http` (what goes inside `http { }`), its files in `dir`. */
function nginxConfig(dir: string, http: string): string {
  return `
worker_processes auto;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
${http}
}
`;
}

/** A plain reverse proxy with a keep-alive upstream: the speed a proxy reaches on this machine. */
function benchProxy(port: number, upstreamPort: number): string {
  return `
  # nginx closes a client's connection after 1000 requests by default: autocannon then times each
  # later answer on that connection from the request before it (its queue keeps the unanswered one),
  # so nginx's latencies would read several times too long, and reconnects cost it throughput.
  keepalive_requests 100000000;
  upstream node { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://node;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
`;
}

function waitForPort(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tryOnce = () => {
      if (child.exitCode !== null) {
        reject(new Error(`nginx exited with ${child.exitCode}`));
        return;
      }
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}`));
        else setTimeout(tryOnce, 50);
      });
    };
    tryOnce();
  });
}

export function startNginx(port: number, upstreamPort: number): Promise<RunningProxy> {
  return startNginxWith(port, benchProxy(port, upstreamPort));
}

/** nginx with `http` inside its `http { }` block, once it listens on `port` (which `http` must listen on). */
export async function startNginxWith(port: number, http: string): Promise<RunningProxy> {
  const binary = findNginx();
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  const configFile = join(dir, 'nginx.conf');
  await writeFile(configFile, nginxConfig(dir, http));
  const child = spawn(binary, ['-p', dir, '-c', configFile, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForPort(port, child);
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid ?? 0,
    errors: () => readFile(join(dir, 'error.log'), 'utf8').catch(() => ''),
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          // QUIT: graceful stop of the master and its workers.
          child.kill('SIGQUIT');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

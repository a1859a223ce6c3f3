/**
 * The open-loop load generator, run in its own process by bench/open-loop.ts: requests leave at
 * fixed times (rate per second, for a duration), whatever the answers are doing, so a stall of the
 * target shows as the latency of every request caught in it instead of pausing the load (what a
 * closed-loop tool such as autocannon does, hiding the tail). URLs are taken in turn (one per key).
 *
 * Input: one JSON argument (OpenLoopRun). Output: one JSON line (OpenLoopSample) on stdout.
 * Latency is measured from the moment the request was written to the moment its whole answer was
 * read; how late the generator's own timer was against the schedule is reported apart (`lateMaxUs`),
 * so a run where the generator itself stalled can be told from one where the target did.
 */
import { Agent, request } from 'node:http';
import type { OpenLoopRun, OpenLoopSample } from './open-loop';

function parseRun(text: string | undefined): OpenLoopRun {
  const value: unknown = JSON.parse(text ?? '');
  if (typeof value !== 'object' || value === null) throw new Error('expected the run as a JSON object');
  const urls = Reflect.get(value, 'urls');
  const body = Reflect.get(value, 'body');
  const rate = Reflect.get(value, 'rate');
  const seconds = Reflect.get(value, 'seconds');
  if (!Array.isArray(urls) || urls.length === 0 || !urls.every((url) => typeof url === 'string')) throw new Error('urls: a list of URLs');
  if (typeof body !== 'string' || typeof rate !== 'number' || typeof seconds !== 'number' || rate <= 0 || seconds <= 0) {
    throw new Error('body, rate and seconds are required');
  }
  return { urls, body, rate, seconds };
}

const run = parseRun(process.argv[2]);
const payload = Buffer.from(run.body);
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
const total = Math.round(run.rate * run.seconds);
const intervalMs = 1000 / run.rate;
const latenciesUs = new Float64Array(total);
let answered = 0;
let failures = 0;
let settled = 0;
let lateMaxUs = 0;
let firstFailure: string | null = null;

function fail(why: string): void {
  failures += 1;
  firstFailure ??= why;
  settle();
}

function settle(): void {
  settled += 1;
  if (settled === total) finish();
}

function send(index: number): void {
  const url = run.urls[index % run.urls.length] ?? '';
  const sentAt = performance.now();
  const outgoing = request(url, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': payload.length },
  });
  outgoing.once('response', (incoming) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => {
      const elapsedUs = (performance.now() - sentAt) * 1000;
      const text = Buffer.concat(chunks).toString('utf8');
      if (incoming.statusCode !== 200 || !text.includes('"result"')) {
        fail(`${incoming.statusCode}: ${text.slice(0, 200)}`);
        return;
      }
      latenciesUs[answered] = elapsedUs;
      answered += 1;
      settle();
    });
    incoming.once('error', (error) => fail(error.message));
  });
  outgoing.once('error', (error) => fail(error.message));
  outgoing.end(payload);
}

const startAt = performance.now() + 20;
let next = 0;

function tick(): void {
  const now = performance.now();
  while (next < total && startAt + next * intervalMs <= now) {
    lateMaxUs = Math.max(lateMaxUs, (now - (startAt + next * intervalMs)) * 1000);
    send(next);
    next += 1;
  }
  if (next < total) setTimeout(tick, Math.max(0, startAt + next * intervalMs - performance.now()));
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function finish(): void {
  agent.destroy();
  const sorted = latenciesUs.slice(0, answered).sort();
  const sample: OpenLoopSample = {
    sent: total,
    answered,
    failures,
    firstFailure,
    p50Us: percentile(sorted, 50),
    p95Us: percentile(sorted, 95),
    p99Us: percentile(sorted, 99),
    p999Us: percentile(sorted, 99.9),
    maxUs: sorted[sorted.length - 1] ?? Number.NaN,
    lateMaxUs,
  };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
}

setTimeout(tick, Math.max(0, startAt - performance.now()));

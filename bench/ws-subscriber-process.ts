/**
 * A process of its own holding one group's subscribers (bench/gateway-websocket.ts with
 * BENCH_WS_PROCESSES=1): each group's handling of its own messages then delays only that group.
 * Times are sent as epoch ms (performance.timeOrigin + performance.now()); the parent compares
 * clocks with it first (`clock`) and moves them onto its own.
 */
import { performance } from 'node:perf_hooks';
import type { ChildCommand, ChildReport } from './ws-subscriber-protocol';
import { type Subscriber, subscribeNewHeads } from './ws-subscriber';

const subscribers: Subscriber[] = [];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const report = (message: ChildReport) => process.send?.(message);

async function handle(command: ChildCommand): Promise<void> {
  switch (command.type) {
    case 'open': {
      const opened = await Promise.allSettled(command.urls.map((url) => subscribeNewHeads(url)));
      const failed = opened.find((result) => result.status === 'rejected');
      for (const result of opened) if (result.status === 'fulfilled') subscribers.push(result.value);
      report(failed === undefined ? { type: 'opened' } : { type: 'failed', message: String(failed.reason) });
      return;
    }
    case 'clock':
      report({ type: 'clock', now: performance.timeOrigin + performance.now() });
      return;
    case 'collect': {
      const until = performance.now() + command.drainMs;
      while (performance.now() < until && subscribers.some((subscriber) => (subscriber.blocks.at(-1) ?? -1) < command.last))
        await pause(50);
      report({
        type: 'heard',
        heard: subscribers.map((subscriber) => ({
          blocks: [...subscriber.blocks],
          times: subscriber.times.map((time) => performance.timeOrigin + time),
          lost: subscriber.lostWith(),
        })),
      });
      return;
    }
    case 'close':
      await Promise.all(subscribers.map((subscriber) => subscriber.close()));
      process.exit(0);
  }
}

process.on('message', (command: ChildCommand) => {
  handle(command).catch((error: unknown) => report({ type: 'failed', message: String(error) }));
});

import { type ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ChildCommand, ChildReport } from './ws-subscriber-protocol';
import type { Subscriber } from './ws-subscriber';

const childFile = fileURLToPath(new URL('./ws-subscriber-process.ts', import.meta.url));

/** A group's subscribers in a process of their own (bench/ws-subscriber-process.ts). */
export interface SubscriberProcess {
  readonly pid: number;
  open(urls: readonly string[]): Promise<void>;
  /** What each subscriber heard, its times moved onto this process's performance.now(). */
  collect(last: number, drainMs: number): Promise<Subscriber[]>;
  close(): Promise<void>;
}

export function startSubscriberProcess(): SubscriberProcess {
  const child: ChildProcess = fork(childFile, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T extends ChildReport['type']>(command: ChildCommand, answer: T): Promise<Extract<ChildReport, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (report: ChildReport) => {
        if (report.type === 'failed') reject(new Error(report.message));
        else if (report.type === answer) resolve(report as Extract<ChildReport, { type: T }>);
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
      child.send(command);
    });
  const epochNow = () => performance.timeOrigin + performance.now();
  /** The child's clock minus ours (ms): the best of a few round trips, its reading taken as at their middle. */
  async function offset(): Promise<number> {
    let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
    for (let round = 0; round < 10; round += 1) {
      const sent = epochNow();
      const { now } = await ask({ type: 'clock' }, 'clock');
      const back = epochNow();
      if (back - sent < best.rtt) best = { rtt: back - sent, offset: now - (sent + back) / 2 };
    }
    return best.offset;
  }
  return {
    pid: child.pid ?? 0,
    async open(urls) {
      await ask({ type: 'open', urls }, 'opened');
    },
    async collect(last, drainMs) {
      const shift = (await offset()) + performance.timeOrigin;
      const { heard } = await ask({ type: 'collect', last, drainMs }, 'heard');
      return heard.map((one) => ({
        blocks: one.blocks,
        times: one.times.map((time) => time - shift),
        lostWith: () => one.lost,
        close: async () => undefined,
      }));
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'close' } satisfies ChildCommand);
      }),
  };
}

import { describe, expect, it } from 'vitest';
import { GateFullError, WorkGate } from '@server/auth/work-gate';

/** A task that runs until the test lets it finish. */
function heldTask() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish };
}

describe('WorkGate', () => {
  it('runs `concurrency` tasks at once, queues `maxWaiting` more, refuses the rest at once', async () => {
    const gate = new WorkGate(2, 3);
    const held = Array.from({ length: 5 }, heldTask);
    const runs = held.map(({ task }) => gate.run(task));
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFullError);

    held[0]?.finish();
    await runs[0];
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    for (const { finish } of held) finish();
    await Promise.all(runs);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    await expect(gate.run(async () => 'again')).resolves.toBe('again');
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('starts queued tasks in order', async () => {
    const gate = new WorkGate(1, 10);
    const order: number[] = [];
    const first = heldTask();
    const running = gate.run(first.task);
    const queued = [1, 2, 3].map((n) => gate.run(async () => order.push(n)));
    first.finish();
    await Promise.all([running, ...queued]);
    expect(order).toEqual([1, 2, 3]);
  });
});

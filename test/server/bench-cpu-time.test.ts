import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { canMeasureCpu, cpuNanoseconds, processTree } from '../../bench/cpu-time';

// The gateway benchmark's CPU accounting (bench/cpu-time.ts), against real processes.
describe.runIf(canMeasureCpu())('CPU time of a process tree', () => {
  it('finds a child below its parent, and counts the CPU the child burns', { timeout: 30_000 }, async () => {
    // The child burns 300 ms of CPU of its own (however slow the machine), says so, and lives until killed (a dead one is not counted).
    const burn =
      'while (process.cpuUsage().user + process.cpuUsage().system < 300_000); console.log("done"); setInterval(() => {}, 60_000);';
    const child = spawn(process.execPath, ['-e', burn], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const pid = child.pid ?? 0;
      const before = cpuNanoseconds(process.pid);
      expect(processTree(process.pid)).toContain(pid);
      expect(processTree(pid)[0]).toBe(pid);
      await once(child.stdout, 'data');
      expect(cpuNanoseconds(process.pid) - before).toBeGreaterThan(200_000_000);
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });

  it('counts nothing for a process that is not there', () => {
    expect(cpuNanoseconds(2 ** 22 + 1)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { logLine } from '@server/log/logger-options';
import { formatLogLine } from '@server/log/readable-line';

describe('the local server log', () => {
  it('prints a pino JSON line as time, level and message', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.parse('2030-01-15T10:11:12Z'),
      msg: 'Development outbox: open http://x/reset-password/abc',
    });
    expect(formatLogLine(line)).toBe('10:11:12 INFO  Development outbox: open http://x/reset-password/abc\n');
  });

  it('adds the stack of a logged error', () => {
    const line = JSON.stringify({ level: 50, time: 0, msg: 'request failed', err: { stack: 'Error: boom\n    at x' } });
    expect(formatLogLine(line)).toBe('00:00:00 ERROR request failed\nError: boom\n    at x\n');
  });

  it('passes anything else through unchanged', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text\n');
  });
});

describe('a log line as each mode writes it', () => {
  const line = `${JSON.stringify({ level: 30, time: 0, msg: 'Route GET:/api/v1/mainnet/rpk_abc123 not found' })}\n`;

  it('is masked JSON in production', () => {
    expect(logLine('production', line)).toBe(
      `${JSON.stringify({ level: 30, time: 0, msg: 'Route GET:/api/v1/mainnet/[redacted] not found' })}\n`,
    );
  });

  it('is the readable line locally, where the development outbox prints its links on purpose', () => {
    const outbox = JSON.stringify({ level: 30, time: 0, msg: 'Development outbox: open http://x/reset-password/abc' });
    expect(logLine('local', outbox)).toBe('00:00:00 INFO  Development outbox: open http://x/reset-password/abc\n');
  });
});

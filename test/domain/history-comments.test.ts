import { describe, expect, it } from 'vitest';

/**
 * Comments say what the code does, not the issue that brought it: an issue number in the tree sends a
 * reader to a tracker to understand the code in front of them. This reads every source of ours as text.
 */
const sources = import.meta.glob<string>(
  [
    '/src/**/*.{ts,tsx}',
    '/machines/**/*.ts',
    '/server/**/*.ts',
    '/test/**/*.{ts,tsx}',
    '/bench/**/*.ts',
    '/scripts/**/*.{ts,mjs}',
    '/lint/*.grit',
    '/vite.config.ts',
    '!/src/api/schema.d.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Lines naming an issue by its number ("issue 24", "Issue 22 §3"). */
const issueLines = (source: string) => source.split('\n').filter((line) => /\bissue \d/i.test(line));

describe('comments', () => {
  it('reads the tree', () => {
    expect(Object.keys(sources)).toContain('/server/gateway/gateway.ts');
  });

  it.each(Object.entries(sources))('%s names no issue number', (_, source) => {
    expect(issueLines(source)).toEqual([]);
  });
});

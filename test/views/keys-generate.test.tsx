import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCanGenerate } from '@machines/key-generator';
import { queryClient } from '@/app/query-client';
import { generateBlockedReason, keyLimitMessage, keysUsedText } from '@/domain/key-display';
import { type Executors, describePath } from '../machines/flow-model';
import { CallFailed } from '@/domain/call-failure';
import { type KeyGeneratorModelEvent, keyGeneratorFlow, keyGeneratorPaths } from '../machines/models/key-generator.model';
import { freePlan, renderKeysPage, seedPlan, serverKey } from './keys-harness';

afterEach(() => queryClient.clear());

const settle = (change: () => void) =>
  act(async () => {
    change();
    await new Promise((resolve) => setImmediate(resolve));
  });

const generateButton = () => screen.getByRole('button', { name: /^(Generate new key|Generating\.\.\.)$/, hidden: true });
/** The failure's text when the list fails for a user with a key of their own (test/views/app-harness testUser). */
const KEY_LIST_FAILED = 'Your API keys could not be loaded: your default key is shown meanwhile.';
const keysOf = (count: number) => Array.from({ length: count }, (_, i) => serverKey(i + 1));

describe('Generate key, walking the machine paths', () => {
  for (const path of keyGeneratorPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { server, createKey } = await renderKeysPage(keysOf(1));
      let shown: { count: number | null; maxKey: number | null } = { count: 1, maxKey: freePlan.maxKey };

      await keyGeneratorFlow.run(
        path,
        {
          // The count and the plan's limit come from the server: arrange them, then press Generate.
          // A null count: the list fails (from scratch, so no earlier list stays in the cache).
          'keys.generate': async ({ count, maxKey }) => {
            server.keys = keysOf(count ?? 1);
            server.listFails = count === null;
            seedPlan({ ...freePlan, maxKey });
            await settle(() => void queryClient.resetQueries({ queryKey: ['get', '/apiKeys'] }));
            await screen.findByText(count === null ? KEY_LIST_FAILED : keysUsedText(count, maxKey));
            shown = { count, maxKey };
            await user.click(generateButton());
          },
          'keys.error.clear': () => user.click(screen.getByRole('button', { name: 'Close' })),
          'xstate.done.actor.createKey': ({ output }) => {
            // Generate is only ever enabled with a known count.
            const count = (shown.count ?? 0) + 1;
            server.keys = keysOf(count);
            shown = { ...shown, count };
            return settle(() => createKey.resolve(output));
          },
          'xstate.error.actor.createKey': ({ error }) => settle(() => createKey.reject(error)),
        } satisfies Executors<KeyGeneratorModelEvent>,
        async (expected) => {
          const { count, maxKey } = shown;
          // SPEC.md "/keys": 'x/y keys used'; the list refreshed after a creation. No counter when the list failed.
          if (count === null) {
            await screen.findByText(KEY_LIST_FAILED);
            expect(screen.queryByText(/keys used$/)).toBeNull();
          } else {
            await screen.findByText(keysUsedText(count, maxKey));
          }
          const generating = expected.matches('generating');
          expect(generateButton().textContent).toContain(generating ? 'Generating...' : 'Generate new key');
          expect(generateButton()).toHaveProperty('disabled', !selectCanGenerate(expected, count, maxKey));
          // SPEC.md §5: the limit's message while Generate is disabled by it; the wait for the list while it failed.
          const blocked = generateBlockedReason(count, maxKey);
          expect(screen.queryByText(/^(You have reached the maximum limit|A new key can be generated)/)?.textContent ?? null).toBe(blocked);
          if (count === null) expect(generateButton()).toHaveProperty('disabled', true);
          const errorAlert = screen.queryAllByRole('alert').find((alert) => !alert.textContent?.includes(KEY_LIST_FAILED));
          expect(errorAlert?.textContent ?? null).toBe(expected.context.error);
          if (generating) expect(createKey.pending).toBe(1);
        },
      );
    });
  }
});

describe('Generate key', () => {
  it("shows SPEC.md §8's text when the server refuses at the limit (429)", async () => {
    const user = userEvent.setup({ delay: null });
    const { createKey } = await renderKeysPage(keysOf(2));
    await user.click(generateButton());
    await settle(() => createKey.reject(new CallFailed({ kind: 'refused', status: 429, message: 'Too Many Requests' })));
    expect(screen.getByRole('alert').textContent).toBe('You have reached your maximum API key limit.');
  });

  it('is disabled at the limit with the message, and names the limit', async () => {
    await renderKeysPage(keysOf(3));
    expect(screen.getByText('3/3 keys used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate new key' })).toHaveProperty('disabled', true);
    expect(screen.getByText(keyLimitMessage(3)).textContent).toBe('You have reached the maximum limit of 3 API keys for your plan.');
    expect(screen.getByRole('button', { name: 'Generate new key' }).getAttribute('aria-describedby')).toBe(
      screen.getByText(keyLimitMessage(3)).id,
    );
  });

  it("reads 'x/Unlimited keys used' and is never disabled by count on an unlimited plan", async () => {
    await renderKeysPage(keysOf(4), { plan: { ...freePlan, name: 'Enterprise', maxKey: null } });
    expect(screen.getByText('4/Unlimited keys used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate new key' })).toHaveProperty('disabled', false);
  });
});

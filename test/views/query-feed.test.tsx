import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { type AnyEventObject, createActor, setup } from 'xstate';
import { queryFeed } from '@/api/query-feed';

const KEY = ['get', '/things'] as const;

/** A machine that records what its feed sends it. */
function watch(queryClient: QueryClient) {
  const received: unknown[] = [];
  const machine = setup({
    types: { events: {} as AnyEventObject },
    actors: { feed: queryFeed(queryClient, KEY, (things: string[]) => ({ type: 'things.loaded', things })) },
  }).createMachine({
    invoke: { src: 'feed' },
    on: { 'things.loaded': { actions: ({ event }) => received.push(event.things) } },
  });
  const actor = createActor(machine).start();
  return { actor, received };
}

/** TanStack Query tells its observers on a later task. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('queryFeed', () => {
  it('sends the answer in the cache when it starts, then each new one, and nothing for an equal one', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, ['a']);
    const { actor, received } = watch(queryClient);
    expect(received).toEqual([['a']]);
    queryClient.setQueryData(KEY, ['a', 'b']);
    await settled();
    expect(received).toEqual([['a'], ['a', 'b']]);
    queryClient.setQueryData(KEY, ['a', 'b']);
    await settled();
    expect(received).toHaveLength(2);
    actor.stop();
    queryClient.setQueryData(KEY, ['c']);
    await settled();
    expect(received).toHaveLength(2);
  });

  it('waits for a first answer without fetching one itself', async () => {
    const queryClient = new QueryClient();
    const { received } = watch(queryClient);
    await settled();
    expect(received).toEqual([]);
    expect(queryClient.getQueryState(KEY)?.fetchStatus ?? 'idle').toBe('idle');
    queryClient.setQueryData(KEY, ['first']);
    await settled();
    expect(received).toEqual([['first']]);
  });
});

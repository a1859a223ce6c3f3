import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { requestLogMachine } from '@machines/request-log';
import * as log from '@machines/request-log.selectors';
import type { PageQuery, RequestLogPage, SwitchRequest } from '@machines/request-log.types';
import { CallFailed } from '@/domain/call-failure';
import { REQUEST_LOG_LOAD_FALLBACK, REQUEST_LOG_SWITCH_FALLBACK } from '@/domain/failure-message';
import { LOG_OFF, NO_LOGGED_CALLS, NO_MATCHING_CALLS } from '@/domain/request-log';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import {
  LOG_KEYS,
  LOG_REFUSAL,
  type RequestLogModelEvent,
  firstPage,
  lastPage,
  requestLogFlow,
  requestLogPaths,
} from './models/request-log.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startRequestLog() {
  const fetchPage = pendingCall<RequestLogPage, PageQuery>('fetchPage');
  const saveSwitch = pendingCall<{ enabled: boolean }, SwitchRequest>('saveSwitch');
  const actor = createActor(requestLogMachine.provide({ actors: { fetchPage: fetchPage.logic, saveSwitch: saveSwitch.logic } }), {
    input: { keyId: LOG_KEYS[0].id },
  }).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  return { actor, fetchPage, saveSwitch, settle };
}

describeModel('request log machine', requestLogMachine, [{ paths: requestLogPaths }], async (path) => {
  const { actor, fetchPage, saveSwitch, settle } = startRequestLog();
  const send = (event: RequestLogModelEvent & { type: `log.${string}` }) => actor.send(event);

  await requestLogFlow.run(
    path,
    {
      'log.key': send,
      'log.method': send,
      'log.outcome': send,
      'log.more': send,
      'log.retry': send,
      'log.switch': send,
      'log.confirm': send,
      'log.cancel': send,
      'xstate.done.actor.fetchPage': ({ output }) => settle(() => fetchPage.resolve(output)),
      'xstate.error.actor.fetchPage': ({ error }) => settle(() => fetchPage.reject(error)),
      'xstate.done.actor.fetchMore': ({ output }) => settle(() => fetchPage.resolve(output)),
      'xstate.error.actor.fetchMore': ({ error }) => settle(() => fetchPage.reject(error)),
      'xstate.done.actor.saveSwitch': ({ output }) => settle(() => saveSwitch.resolve(output)),
      'xstate.error.actor.saveSwitch': ({ error }) => settle(() => saveSwitch.reject(error)),
    } satisfies Executors<RequestLogModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const { filters, entries, nextCursor, enabled } = snapshot.context;
      // One page asked for while loading (the first, for the filters of now; an earlier one was stopped) or loading more (the next).
      const fetching = snapshot.matches('loading') || snapshot.matches({ shown: 'loadingMore' });
      expect(fetchPage.pending).toBe(fetching ? 1 : 0);
      if (snapshot.matches('loading')) expect(fetchPage.inputs.at(-1)).toEqual({ ...filters, cursor: null });
      if (snapshot.matches({ shown: 'loadingMore' })) expect(fetchPage.inputs.at(-1)).toEqual({ ...filters, cursor: nextCursor });
      // The switch is saved for the key shown, to the other position.
      expect(saveSwitch.pending).toBe(snapshot.matches('saving') ? 1 : 0);
      if (snapshot.matches('saving')) expect(saveSwitch.inputs.at(-1)).toEqual({ keyId: filters.keyId, enabled: enabled !== true });
      // A fresh first page never shows what other filters listed.
      if (snapshot.matches('loading')) expect(entries).toEqual([]);
      // A log that is off holds nothing.
      if (enabled === false) expect(entries).toEqual([]);
      expect(log.selectView(snapshot)).toBe(snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'shown');
      expect(log.selectCanLoadMore(snapshot)).toBe(snapshot.matches({ shown: 'idle' }) && nextCursor !== null);
      expect(log.selectCanSwitch(snapshot)).toBe(snapshot.matches({ shown: 'idle' }));
      expect(log.selectConfirmingOff(snapshot)).toBe(snapshot.matches({ shown: 'confirmingOff' }));
      expect(log.selectFiltersLocked(snapshot)).toBe(snapshot.matches('saving'));
      if (snapshot.matches('failed')) expect(log.selectError(snapshot)).not.toBeNull();
      expect(log.selectEmptyText(snapshot)).toBe(
        enabled === false ? LOG_OFF : filters.method !== null || filters.outcome !== null ? NO_MATCHING_CALLS : NO_LOGGED_CALLS,
      );
    },
  );
});

describe('request log machine', () => {
  it('appends the next page to the first, then has no more', async () => {
    const { actor, fetchPage, settle } = startRequestLog();
    await settle(() => fetchPage.resolve(firstPage));
    expect(log.selectAnnouncement(actor.getSnapshot())).toBe('Showing 3 calls; more are available.');
    actor.send({ type: 'log.more' });
    expect(log.selectAnnouncement(actor.getSnapshot())).toBe('Loading more calls...');
    await settle(() => fetchPage.resolve(lastPage));
    expect(log.selectEntries(actor.getSnapshot())).toEqual([...firstPage.entries, ...lastPage.entries]);
    expect(log.selectHasMore(actor.getSnapshot())).toBe(false);
    expect(log.selectAnnouncement(actor.getSnapshot())).toBe('Showing 5 calls, all of the last 24 hours.');
    expect(fetchPage.inputs).toEqual([
      { keyId: 11, method: null, outcome: null, cursor: null },
      { keyId: 11, method: null, outcome: null, cursor: firstPage.nextCursor },
    ]);
  });

  it("says why in the screen's words: the server's refusal, or the fallback", async () => {
    const { actor, fetchPage, saveSwitch, settle } = startRequestLog();
    await settle(() => fetchPage.reject(new CallFailed({ kind: 'refused', status: 403, message: LOG_REFUSAL })));
    expect(log.selectError(actor.getSnapshot())).toBe(LOG_REFUSAL);
    actor.send({ type: 'log.retry' });
    await settle(() => fetchPage.resolve(firstPage));
    actor.send({ type: 'log.more' });
    await settle(() => fetchPage.reject(new CallFailed({ kind: 'no-answer' })));
    expect(log.selectError(actor.getSnapshot())).toBe(REQUEST_LOG_LOAD_FALLBACK);
    // What was shown stays, and Load more tries again.
    expect(log.selectEntries(actor.getSnapshot())).toEqual(firstPage.entries);
    expect(log.selectCanLoadMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'log.switch' });
    actor.send({ type: 'log.confirm' });
    await settle(() => saveSwitch.reject(new CallFailed({ kind: 'no-answer' })));
    expect(log.selectError(actor.getSnapshot())).toBe(REQUEST_LOG_SWITCH_FALLBACK);
    expect(log.selectEnabled(actor.getSnapshot())).toBe(true);
  });

  it('ignores a filter that changes nothing, and a key change while the switch is saved', async () => {
    const { actor, fetchPage, settle } = startRequestLog();
    await settle(() => fetchPage.resolve(offPageWithNothing()));
    actor.send({ type: 'log.method', method: null });
    expect(fetchPage.inputs).toHaveLength(1);
    actor.send({ type: 'log.switch' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    actor.send({ type: 'log.key', keyId: 12 });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(actor.getSnapshot().context.filters.keyId).toBe(11);
  });
});

function offPageWithNothing(): RequestLogPage {
  return { enabled: false, nextCursor: null, entries: [] };
}

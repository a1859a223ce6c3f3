import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { auditLogMachine } from '@machines/audit-log';
import * as log from '@machines/audit-log.selectors';
import type { AuditLogPage, AuditPageQuery } from '@machines/audit-log.types';
import { CallFailed } from '@/domain/call-failure';
import { AUDIT_LOG_LOAD_FALLBACK } from '@/domain/failure-message';
import { NO_AUDIT_ENTRIES, NO_MATCHING_AUDIT_ENTRIES } from '@/domain/audit-log-view';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { AUDIT_REFUSAL, type AuditLogModelEvent, auditLogFlow, auditLogPaths, firstPage, lastPage } from './models/audit-log.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startAuditLog() {
  const fetchPage = pendingCall<AuditLogPage, AuditPageQuery>('fetchPage');
  const actor = createActor(auditLogMachine.provide({ actors: { fetchPage: fetchPage.logic } })).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  return { actor, fetchPage, settle };
}

describeModel('audit log machine', auditLogMachine, [{ paths: auditLogPaths }], async (path) => {
  const { actor, fetchPage, settle } = startAuditLog();
  const send = (event: AuditLogModelEvent & { type: `audit.${string}` }) => actor.send(event);

  await auditLogFlow.run(
    path,
    {
      'audit.group': send,
      'audit.from': send,
      'audit.to': send,
      'audit.more': send,
      'audit.retry': send,
      'xstate.done.actor.fetchPage': ({ output }) => settle(() => fetchPage.resolve(output)),
      'xstate.error.actor.fetchPage': ({ error }) => settle(() => fetchPage.reject(error)),
      'xstate.done.actor.fetchMore': ({ output }) => settle(() => fetchPage.resolve(output)),
      'xstate.error.actor.fetchMore': ({ error }) => settle(() => fetchPage.reject(error)),
    } satisfies Executors<AuditLogModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const { filters, entries, nextCursor } = snapshot.context;
      // One page asked for while loading (the first, for the filters of now) or loading more (the next).
      const fetching = snapshot.matches('loading') || snapshot.matches({ shown: 'loadingMore' });
      expect(fetchPage.pending).toBe(fetching ? 1 : 0);
      if (snapshot.matches('loading')) expect(fetchPage.inputs.at(-1)).toEqual({ ...filters, cursor: null });
      if (snapshot.matches({ shown: 'loadingMore' })) expect(fetchPage.inputs.at(-1)).toEqual({ ...filters, cursor: nextCursor });
      if (snapshot.matches('loading')) expect(entries).toEqual([]);
      expect(log.selectView(snapshot)).toBe(snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'shown');
      expect(log.selectCanLoadMore(snapshot)).toBe(snapshot.matches({ shown: 'idle' }) && nextCursor !== null);
      if (snapshot.matches('failed')) expect(log.selectError(snapshot)).not.toBeNull();
      const unfiltered = filters.group === null && filters.from === null && filters.to === null;
      expect(log.selectEmptyText(snapshot)).toBe(unfiltered ? NO_AUDIT_ENTRIES : NO_MATCHING_AUDIT_ENTRIES);
    },
  );
});

describe('audit log machine', () => {
  it('appends the next page to the first, then has no more', async () => {
    const { actor, fetchPage, settle } = startAuditLog();
    await settle(() => fetchPage.resolve(firstPage));
    actor.send({ type: 'audit.more' });
    expect(log.selectLoadingMore(actor.getSnapshot())).toBe(true);
    await settle(() => fetchPage.resolve(lastPage));
    expect(log.selectEntries(actor.getSnapshot())).toEqual([...firstPage.entries, ...lastPage.entries]);
    expect(log.selectHasMore(actor.getSnapshot())).toBe(false);
    expect(fetchPage.inputs).toEqual([
      { group: null, from: null, to: null, cursor: null },
      { group: null, from: null, to: null, cursor: firstPage.nextCursor },
    ]);
  });

  it("says why in the screen's words: the server's refusal, or the fallback, and keeps what was shown", async () => {
    const { actor, fetchPage, settle } = startAuditLog();
    await settle(() => fetchPage.reject(new CallFailed({ kind: 'refused', status: 400, message: AUDIT_REFUSAL })));
    expect(log.selectError(actor.getSnapshot())).toBe(AUDIT_REFUSAL);
    actor.send({ type: 'audit.retry' });
    await settle(() => fetchPage.resolve(firstPage));
    actor.send({ type: 'audit.more' });
    await settle(() => fetchPage.reject(new CallFailed({ kind: 'no-answer' })));
    expect(log.selectError(actor.getSnapshot())).toBe(AUDIT_LOG_LOAD_FALLBACK);
    expect(log.selectEntries(actor.getSnapshot())).toEqual(firstPage.entries);
    expect(log.selectCanLoadMore(actor.getSnapshot())).toBe(true);
  });

  it('ignores a filter that changes nothing, and a first day after the last', async () => {
    const { actor, fetchPage, settle } = startAuditLog();
    await settle(() => fetchPage.resolve(firstPage));
    actor.send({ type: 'audit.group', group: null });
    actor.send({ type: 'audit.to', day: '2030-01-10' });
    expect(fetchPage.inputs).toHaveLength(2);
    actor.send({ type: 'audit.from', day: '2030-01-11' });
    actor.send({ type: 'audit.from', day: 'not a day' });
    expect(fetchPage.inputs).toHaveLength(2);
    expect(log.selectFilters(actor.getSnapshot())).toEqual({ group: null, from: null, to: '2030-01-10' });
  });
});

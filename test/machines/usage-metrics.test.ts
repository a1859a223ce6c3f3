import { expect } from 'vitest';
import { createActor } from 'xstate';
import { usageMetricsMachine } from '@machines/usage-metrics';
import { selectError, selectFilters, selectMethodChoices, selectUpdating, selectView } from '@machines/usage-metrics.selectors';
import type { UsageSeries } from '@machines/usage-metrics.types';
import { hasCalls, type MetricsFilters } from '@/domain/usage-metrics';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type UsageMetricsModelEvent, usageMetricsFlow, usageMetricsPaths } from './models/usage-metrics.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

describeModel('usage metrics machine', usageMetricsMachine, [{ paths: usageMetricsPaths }], async (path) => {
  const fetchSeries = pendingCall<UsageSeries, MetricsFilters>('fetchSeries');
  const actor = createActor(usageMetricsMachine.provide({ actors: { fetchSeries: fetchSeries.logic } }), { input: {} }).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  const send = (event: UsageMetricsModelEvent & { type: `metrics.${string}` }) => actor.send(event);

  await usageMetricsFlow.run(
    path,
    {
      'metrics.range': send,
      'metrics.key': send,
      'metrics.network': send,
      'metrics.method': send,
      'metrics.retry': send,
      'xstate.done.actor.fetchSeries': ({ output }) => settle(() => fetchSeries.resolve(output)),
      'xstate.error.actor.fetchSeries': ({ error }) => settle(() => fetchSeries.reject(error)),
    } satisfies Executors<UsageMetricsModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // One fetch in flight while loading, for the filters of now (an earlier one was stopped); none otherwise.
      expect(fetchSeries.pending).toBe(snapshot.matches('loading') ? 1 : 0);
      if (snapshot.matches('loading')) expect(fetchSeries.inputs.at(-1)).toEqual(selectFilters(snapshot));
      const { series } = snapshot.context;
      const view = selectView(snapshot);
      if (snapshot.matches('failed')) expect(view).toBe('failed');
      else if (series === null) expect(view).toBe('loading');
      else expect(view).toBe(hasCalls(series.points) ? 'charts' : 'empty');
      expect(selectError(snapshot) !== null).toBe(snapshot.matches('failed'));
      expect(selectUpdating(snapshot)).toBe(snapshot.matches('loading') && series !== null);
      // The chosen method is always among the choices once an answer listed methods.
      const { method } = selectFilters(snapshot);
      if (method !== null && snapshot.matches('shown')) expect(selectMethodChoices(snapshot)).toContain(method);
    },
  );
});

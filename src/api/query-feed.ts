import { type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { type AnyEventObject, fromCallback } from 'xstate';

/**
 * Server data as events for a machine: a callback actor that watches one query of the cache and
 * sends its parent `toEvent(data)` for the answer there when it starts and for every new one after
 * (a refetch on focus, a save written into the cache). The query cache owns the data; the machine
 * that invokes this receives it as it changes, with no view in between pushing props at it.
 *
 * It only watches (`enabled: false`): fetching stays with the screen's query hook for that key.
 */
export function queryFeed<TData>(queryClient: QueryClient, queryKey: QueryKey, toEvent: (data: TData) => AnyEventObject) {
  return fromCallback<AnyEventObject>(({ sendBack }) => {
    const observer = new QueryObserver<TData>(queryClient, { queryKey, enabled: false });
    let last = observer.getCurrentResult().data;
    if (last !== undefined) sendBack(toEvent(last));
    return observer.subscribe(({ data }) => {
      // The cache keeps an equal answer's reference: an unchanged refetch sends nothing.
      if (data === undefined || data === last) return;
      last = data;
      sendBack(toEvent(data));
    });
  });
}

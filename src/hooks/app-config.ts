import { useEffect, useSyncExternalStore } from 'react';
import { type Actor, createActor, fromPromise } from 'xstate';
import { type AppConfig, type AppConfigSnapshot, appConfigMachine, selectConfig, selectFailed } from '@machines/app-config';
import { api, bodyOf } from '@/api/client';
import { type InspectObserver, useInspection } from './inspection';

export type { AppConfig } from '@machines/app-config';

/** What a screen knows of the configuration: not yet (data undefined), the configuration, or that it failed. */
export interface AppConfigState {
  data: AppConfig | undefined;
  isError: boolean;
}

/*
 * The public screens need only this one call, so it is served by an actor of its own
 * (machines/app-config.ts) rather than by the TanStack Query cache: that library then loads with
 * the guarded area alone, which keeps /login within its JavaScript budget (≤ 160 KB gzip).
 */
const fetchConfig = fromPromise<AppConfig, void>(async ({ signal }) => {
  // The client rejects every failed call; an empty success is a bad answer, as on every call.
  return bodyOf(await api.GET('/config', { signal }));
});

const notLoaded: AppConfigState = { data: undefined, isError: false };
const listeners = new Set<() => void>();
// Started by the first screen that asks, so that it reports to the app's inspection observer.
let actor: Actor<typeof appConfigMachine> | undefined;
let seeded: AppConfig | null = null;
let seededState = notLoaded;
// useSyncExternalStore needs the same object for the same snapshot.
let lastSnapshot: AppConfigSnapshot | undefined;
let lastState = notLoaded;

function start(config: AppConfig | null, inspect: InspectObserver | undefined): Actor<typeof appConfigMachine> {
  const next = createActor(appConfigMachine.provide({ actors: { fetchConfig } }), { input: { config }, inspect });
  next.subscribe(() => {
    for (const listener of listeners) listener();
  });
  return next.start();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function current(): AppConfigState {
  const snapshot = actor?.getSnapshot();
  if (snapshot === undefined) return seededState;
  if (snapshot !== lastSnapshot) {
    lastSnapshot = snapshot;
    lastState = { data: selectConfig(snapshot) ?? undefined, isError: selectFailed(snapshot) };
  }
  return lastState;
}

/** Asks for the configuration: the one request of the visit, or again after a failure. */
function loadAppConfig(inspect: InspectObserver | undefined): void {
  actor ??= start(seeded, inspect);
  // Loaded is final: the actor is done and takes no more events.
  if (actor.getSnapshot().status === 'active') actor.send({ type: 'config.load' });
}

/** Sets the configuration as if GET /config had answered (the DOM tests, which run without a server). */
export function setAppConfig(config: AppConfig | undefined): void {
  actor?.stop();
  actor = undefined;
  seeded = config ?? null;
  seededState = config ? { data: config, isError: false } : notLoaded;
  for (const listener of listeners) listener();
}

/**
 * The configuration with its loading state. Prerendering and hydration see it not loaded, as an
 * anonymous first visit does (src/prerender.tsx), so the server markup and the first client render match.
 */
export function useAppConfigQuery(): AppConfigState {
  const inspect = useInspection();
  useEffect(() => loadAppConfig(inspect), [inspect]);
  return useSyncExternalStore(subscribe, current, () => notLoaded);
}

/**
 * The configuration, or undefined until it arrives (or when it could not be loaded): callers
 * render without it meanwhile (bare page titles, the /docs fallback link), never a blank screen.
 */
export function useAppConfig(): AppConfigState['data'] {
  return useAppConfigQuery().data;
}

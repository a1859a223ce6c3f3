import { useEffect } from 'react';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type AppConfig, type AppConfigEvent, appConfigMachine, selectConfig, selectFailed } from '@machines/app-config';
import { api, bodyOf } from '@/api/client';

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

/** The config machine over GET /config; tests provide their own `fetchConfig` on top. */
export const appConfigLogic = appConfigMachine.provide({ actors: { fetchConfig } });

/**
 * The one app-wide config actor, started by the shell (AppConfigProvider in app-config-provider.tsx)
 * with the app's inspection observer. Screens read it through the hooks below.
 */
export const AppConfigActor = createActorContext(appConfigLogic);

const load: AppConfigEvent = { type: 'config.load' };

/**
 * The configuration with its loading state; a screen that shows it asks for it (the one request of
 * the visit, or again after a failure). Prerendering and hydration see it not loaded, as an anonymous
 * first visit does (src/prerender.tsx): the actor starts only in the browser, after the first render.
 */
export function useAppConfigQuery(): AppConfigState {
  const config = AppConfigActor.useActorRef();
  // Loaded is final (the actor takes no more events) and a load under way takes no second one.
  useEffect(() => {
    if (config.getSnapshot().can(load)) config.send(load);
  }, [config]);
  const data = AppConfigActor.useSelector(selectConfig) ?? undefined;
  const isError = AppConfigActor.useSelector(selectFailed);
  return { data, isError };
}

/**
 * The configuration, or undefined until it arrives (or when it could not be loaded): callers
 * render without it meanwhile (bare page titles, the /docs fallback link), never a blank screen.
 */
export function useAppConfig(): AppConfigState['data'] {
  return useAppConfigQuery().data;
}

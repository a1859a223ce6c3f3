import type { InspectObserver } from '@/hooks/inspection';

/**
 * The Stately inspector for every actor of the app, only in development and only when the URL has
 * `?inspect`. The dynamic import sits behind `import.meta.env.DEV`, which the production build
 * replaces with false, so the inspector never reaches a production chunk.
 */
export async function startInspector(): Promise<InspectObserver | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

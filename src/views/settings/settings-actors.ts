import { type PromiseActorLogic, fromPromise } from 'xstate';
import { logDemoAction } from '@/api/demo-actions';
import { type CopyActors, clipboardActors } from '@/hooks/use-copy-feedback';
import type { AutoscalingSettings } from '@/domain/autoscaling';

/**
 * What the settings screen does instead of calls (SPEC.md "Settings (demo)", §7: autoscaling save
 * and the plan upgrade make no calls). Each is given to its machine as an actor, so that wiring
 * one to an API later replaces it here, not in the views.
 */
export interface SettingsActors {
  /** The project name editor's save: answers the stored name. */
  saveProjectName: PromiseActorLogic<{ name: string }, { projectId: string; name: string }>;
  saveAutoscaling: PromiseActorLogic<void, AutoscalingSettings>;
  /** The invite card's upgrade button: it only logs. */
  upgradeForInvites: (projectId: string) => void;
  clipboard: CopyActors;
}

const storageKey = (projectId: string) => `projectName:${projectId}`;

/**
 * The demo keeps a renamed project's name in this browser (localStorage, per project) until an API
 * stores it, so it survives leaving the screen and reloading; any other browser shows the default.
 */
export function storedProjectName(projectId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(projectId));
  } catch {
    return null;
  }
}

export const demoSettingsActors: SettingsActors = {
  saveProjectName: fromPromise(async ({ input }) => {
    logDemoAction('saveProjectName', input);
    try {
      window.localStorage.setItem(storageKey(input.projectId), input.name);
    } catch {
      // Storage refused (private mode, quota): the name still holds for this visit of the screen.
    }
    return { name: input.name };
  }),
  saveAutoscaling: fromPromise(async ({ input }) => {
    logDemoAction('saveAutoscaling', input);
  }),
  upgradeForInvites: (projectId) => logDemoAction('upgradeForInvites', { projectId }),
  clipboard: clipboardActors,
};

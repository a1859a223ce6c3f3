import { type PromiseActorLogic, fromPromise } from 'xstate';
import { api, bodyOf } from '@/api/client';
import { logDemoAction } from '@/api/demo-actions';
import { type CopyActors, clipboardActors } from '@/hooks/use-copy-feedback';
import type { AutoscalingSettings } from '@/domain/autoscaling';
import { type AlertSettings, normalizedThresholds } from '@/domain/usage-alerts';

/**
 * What the settings screen's machines do. The project name and autoscaling are the server's (PATCH
 * /project, PUT /project/autoscaling); the plan upgrade makes no call (SPEC.md "Settings (demo)", §7)
 * and only logs.
 * Each is given to its machine as an actor, so that wiring one to an API replaces it here, not in the views.
 */
export interface SettingsActors {
  /** The project name editor's save: answers the stored name. */
  saveProjectName: PromiseActorLogic<{ name: string }, { projectId: string; name: string }>;
  /** The autoscaling card's save: answers the stored settings (a free plan's 403 rejects with its text). */
  saveAutoscaling: PromiseActorLogic<AutoscalingSettings, AutoscalingSettings>;
  /** The invite card's upgrade button: it only logs. */
  upgradeForInvites: (projectId: string) => void;
  clipboard: CopyActors;
  /** The usage alerts card: GET and PUT /users/alerts. */
  loadAlertSettings: PromiseActorLogic<AlertSettings, void>;
  saveAlertSettings: PromiseActorLogic<AlertSettings, AlertSettings>;
}

export const settingsActors: SettingsActors = {
  /**
   * PATCH /project: the server renames the signed-in user's one project (the ID is the session's,
   * not sent); a refusal rejects with a CallFailed carrying the server's text.
   */
  saveProjectName: fromPromise(async ({ input, signal }) => {
    const { name } = bodyOf(await api.PATCH('/project', { body: { name: input.name }, signal }));
    return { name };
  }),
  saveAutoscaling: fromPromise(async ({ input, signal }) =>
    bodyOf(await api.PUT('/project/autoscaling', { body: { enabled: input.enabled, percent: input.percent }, signal })),
  ),
  upgradeForInvites: (projectId) => logDemoAction('upgradeForInvites', { projectId }),
  clipboard: clipboardActors,
  loadAlertSettings: fromPromise(async ({ signal }) => alertSettingsOf(bodyOf(await api.GET('/users/alerts', { signal })))),
  saveAlertSettings: fromPromise(async ({ input, signal }) =>
    alertSettingsOf(
      bodyOf(
        await api.PUT('/users/alerts', { body: { creditThresholds: [...input.creditThresholds], errorRate: input.errorRate }, signal }),
      ),
    ),
  ),
};

/** The API's settings as the card's rules hold them (thresholds it does not know dropped). */
function alertSettingsOf(body: { creditThresholds: number[]; errorRate: boolean }): AlertSettings {
  return { creditThresholds: normalizedThresholds(body.creditThresholds), errorRate: body.errorRate };
}

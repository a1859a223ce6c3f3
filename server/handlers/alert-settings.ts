import { normalizedThresholds } from '@/domain/usage-alerts';
import { unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { findAlertSettings, saveAlertSettings } from '@server/repos/usage-alerts';
import { inProject, type Services } from '@server/handlers/services';
import { changedFields } from '@/domain/audit-log';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { projectTarget } from '@server/audit/targets';
import { lockProject } from '@server/repos/project';

export function createAlertSettingsHandlers({ db, clock }: Services): Pick<OperationHandlers, 'getAlertSettings' | 'putAlertSettings'> {
  return {
    getAlertSettings: async (input) => {
      const settings = await findAlertSettings(db, inProject(input).projectId);
      if (settings === null) throw unauthorized('the account no longer exists');
      return { status: 200, body: { creditThresholds: [...settings.creditThresholds], errorRate: settings.errorRate } };
    },

    /** Stored in threshold order; the schema has refused anything but 50, 80 and 100, once each. A change is recorded in the audit log. */
    putAlertSettings: async (input) => {
      const auth = inProject(input);
      const settings = { creditThresholds: normalizedThresholds(input.body.creditThresholds), errorRate: input.body.errorRate };
      await db.transaction(async (tx) => {
        const project = await lockProject(tx, auth.projectId);
        const before = await findAlertSettings(tx, auth.projectId);
        if (project === undefined || before === null || !(await saveAlertSettings(tx, auth.projectId, settings))) {
          throw unauthorized('the account no longer exists');
        }
        const changes = changedFields({ ...before }, { ...settings });
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'alerts.updated',
            target: projectTarget(auth.projectId, project.name),
            changes,
          });
        }
      });
      return { status: 200, body: { creditThresholds: [...settings.creditThresholds], errorRate: settings.errorRate } };
    },
  };
}

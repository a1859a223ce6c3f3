import { normalizedThresholds } from '@/domain/usage-alerts';
import { unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { findAlertSettings, saveAlertSettings } from '@server/repos/usage-alerts';
import { signedIn, type Services } from '@server/handlers/services';

export function createAlertSettingsHandlers({ db }: Services): Pick<OperationHandlers, 'getAlertSettings' | 'putAlertSettings'> {
  return {
    getAlertSettings: async (input) => {
      const settings = await findAlertSettings(db, signedIn(input).userId);
      if (settings === null) throw unauthorized('the account no longer exists');
      return { status: 200, body: { creditThresholds: [...settings.creditThresholds], errorRate: settings.errorRate } };
    },

    /** Stored in threshold order; the schema has refused anything but 50, 80 and 100, once each. */
    putAlertSettings: async (input) => {
      const settings = { creditThresholds: normalizedThresholds(input.body.creditThresholds), errorRate: input.body.errorRate };
      if (!(await saveAlertSettings(db, signedIn(input).userId, settings))) throw unauthorized('the account no longer exists');
      return { status: 200, body: { creditThresholds: [...settings.creditThresholds], errorRate: settings.errorRate } };
    },
  };
}

import type { OperationHandlers } from '@server/openapi/handler-types';
import { createAccessControlHandlers } from '@server/handlers/access-control';
import { createAlertSettingsHandlers } from '@server/handlers/alert-settings';
import { createApiKeyHandlers } from '@server/handlers/api-keys';
import { createAuditLogHandlers } from '@server/handlers/audit-log';
import { createConfigHandlers } from '@server/handlers/app-config';
import { createEmailVerificationHandlers } from '@server/handlers/email-verification';
import { createGoogleHandlers } from '@server/handlers/google';
import { createHealthHandlers } from '@server/handlers/health';
import { createKeyRulesHandlers } from '@server/handlers/key-rules';
import { createInviteHandlers } from '@server/handlers/invites';
import { createLegalHandlers } from '@server/handlers/legal';
import { createLoginHandlers } from '@server/handlers/login';
import { createMemberHandlers } from '@server/handlers/members';
import { createPasswordResetHandlers } from '@server/handlers/password-reset';
import { createPaymentHandlers } from '@server/handlers/payments';
import { createPlanHandlers } from '@server/handlers/plans';
import { createProjectHandlers } from '@server/handlers/project';
import { createRegisterHandlers } from '@server/handlers/register';
import { createRequestLogHandlers } from '@server/handlers/request-log';
import { createSessionHandlers } from '@server/handlers/session';
import type { Services } from '@server/handlers/services';
import { createStatusHandlers } from '@server/handlers/status';
import { createTokenExchangeHandlers } from '@server/handlers/token-exchange';
import { createUsageHandlers } from '@server/handlers/usage';

/** Every operation of openapi.yaml but the gateway's: the type makes a missing one a compile error. */
export function createHandlers(services: Services): OperationHandlers {
  return {
    ...createHealthHandlers(services),
    ...createConfigHandlers(services),
    ...createLegalHandlers(services),
    ...createStatusHandlers(services),
    ...createRegisterHandlers(services),
    ...createLoginHandlers(services),
    ...createSessionHandlers(services),
    ...createPasswordResetHandlers(services),
    ...createEmailVerificationHandlers(services),
    ...createTokenExchangeHandlers(services),
    ...createGoogleHandlers(services),
    ...createPlanHandlers(services),
    ...createApiKeyHandlers(services),
    ...createKeyRulesHandlers(services),
    ...createAccessControlHandlers(services),
    ...createProjectHandlers(services),
    ...createPaymentHandlers(services.payments, services.clock),
    ...createUsageHandlers(services),
    ...createRequestLogHandlers(services),
    ...createAlertSettingsHandlers(services),
    ...createAuditLogHandlers(services),
    ...createMemberHandlers(services),
    ...createInviteHandlers(services),
  };
}

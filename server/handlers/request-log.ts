import type { components } from '@/api/schema';
import { notFound } from '@server/http/errors';
import { pageOf, readCursor } from '@server/http/page-cursor';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { keyNotFound } from '@server/handlers/api-keys';
import { requireEntitlement } from '@server/handlers/entitlement';
import { REQUEST_LOG_KEPT_MS, REQUEST_LOG_PER_KEY } from '@server/metering/request-log';
import { type ListedCall, listRequestLog, requestLogEnabled, setRequestLog } from '@server/repos/request-log';
import { inProject, type Services } from '@server/handlers/services';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { keyTarget } from '@server/audit/targets';

type RequestLogEntry = components['schemas']['RequestLogEntry'];

/** What the request log answers on Free. */
export const LOG_NEEDS_PAID_PLAN = 'The request log is available on paid plans.';

function toEntry(call: ListedCall): RequestLogEntry {
  return {
    at: call.at.toISOString(),
    network: call.network,
    transport: call.transport,
    method: call.method,
    calls: call.calls,
    outcome: call.outcome,
    accessRefusal: call.accessRefusal,
    status: call.status,
    latencyMs: call.latencyMs,
    credits: call.credits,
    requestBytes: call.requestBytes,
    answerBytes: call.answerBytes,
    clientAddress: call.clientAddress,
    origin: call.origin,
    request: call.request,
    requestTruncated: call.requestTruncated,
  };
}

export function createRequestLogHandlers({ db, clock, keyCache }: Services): Pick<OperationHandlers, 'getRequestLog' | 'putRequestLog'> {
  return {
    /** A page of the key's last 24 hours, newest first; what the gateway still holds is written first. */
    getRequestLog: async (input) => {
      const { projectId: userId } = inProject(input);
      await requireEntitlement(db, userId, 'requestLog', LOG_NEEDS_PAID_PLAN);
      const enabled = await requestLogEnabled(db, userId, input.params.id);
      if (enabled === null) throw notFound(keyNotFound);
      await input.request.server.metering.flush();
      const limit = input.query.limit ?? 50;
      // One more than the page: whether there is a next one, without a count.
      const calls = await listRequestLog(db, {
        keyId: input.params.id,
        after: readCursor(input.query.cursor),
        since: new Date(clock.now().getTime() - REQUEST_LOG_KEPT_MS),
        method: input.query.method ?? null,
        outcome: input.query.outcome ?? null,
        limit: limit + 1,
        perKey: REQUEST_LOG_PER_KEY,
      });
      const { page, nextCursor } = pageOf(calls, limit);
      return { status: 200, body: { enabled, entries: page.map(toEntry), nextCursor } };
    },

    /** Off deletes the key's log at once; the gateway hears of the switch through its key cache. A switch that changes nothing records nothing. */
    putRequestLog: async (input) => {
      const auth = inProject(input);
      await requireEntitlement(db, auth.projectId, 'requestLog', LOG_NEEDS_PAID_PLAN);
      const { enabled } = input.body;
      const key = await db.transaction(async (tx) => {
        const switched = await setRequestLog(tx, auth.projectId, input.params.id, enabled);
        if (switched === null) throw notFound(keyNotFound);
        if (switched.wasEnabled !== enabled) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'key.request_log_switched',
            target: keyTarget(switched),
            changes: { requestLog: { before: switched.wasEnabled, after: enabled } },
          });
        }
        return switched;
      });
      keyCache.invalidateKey(key.apiKey);
      return { status: 200, body: { enabled: input.body.enabled } };
    },
  };
}

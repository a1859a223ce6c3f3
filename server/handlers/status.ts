import type { components } from '@/api/schema';
import type { StatusReport } from '@server/gateway/fleet/status-report';
import type { OperationHandlers } from '@server/openapi/handler-types';
import type { Services } from '@server/handlers/services';

type StatusBody = components['schemas']['StatusReport'];

/**
 * The report as the contract spells it, field by field: whatever else the source's objects carry
 * (a node's URL may hold a key) never reaches a visitor.
 */
export function statusBody(report: StatusReport): StatusBody {
  return {
    generatedAt: report.generatedAt,
    windowMinutes: report.windowMinutes,
    networks: report.networks.map((network) => ({
      name: network.name,
      label: network.label,
      chainId: network.chainId,
      state: network.state,
      headBlock: network.headBlock,
      nodesHealthy: network.nodesHealthy,
      nodesConfigured: network.nodesConfigured,
      latencyP50Ms: network.latencyP50Ms,
      errorRate: network.errorRate,
    })),
    incidents: report.incidents.map((incident) => ({
      network: incident.network,
      kind: incident.kind,
      node: incident.node,
      reason: incident.reason,
      startedAt: incident.startedAt,
      endedAt: incident.endedAt,
    })),
  };
}

/**
 * GET /api/status: public, signed in or not (the /status page). The report is made for each
 * request (from what this replica's fleet follows) and never kept by a browser or proxy.
 */
export function createStatusHandlers({ status }: Pick<Services, 'status'>): Pick<OperationHandlers, 'getStatus'> {
  return {
    getStatus: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, body: statusBody(status.status()) };
    },
  };
}

import { cycleStart } from './cycle-date';
import { latencyLabel } from './request-log';

/**
 * How the /status page says GET /api/status's report (server/gateway/fleet/status-report.ts) in
 * words: a state never by colour alone, '—' for a figure the report does not have.
 */

export type NetworkState = 'operational' | 'degraded' | 'down';
export type IncidentKind = 'network_down' | 'node_out';

/** What a missing figure shows. */
export const NO_FIGURE = '—';

const stateLabels: Readonly<Record<NetworkState, string>> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};

/** A network's state as its badge says it. */
export const stateLabel = (state: NetworkState): string => stateLabels[state];

/** The worst state of the networks: down before degraded before operational; null without networks. */
export function overallState(states: readonly NetworkState[]): NetworkState | null {
  if (states.length === 0) return null;
  if (states.includes('down')) return 'down';
  return states.includes('degraded') ? 'degraded' : 'operational';
}

const overallLines: Readonly<Record<NetworkState, string>> = {
  operational: 'All networks are operational.',
  degraded: 'Some networks are degraded.',
  down: 'Some networks are down.',
};

/** The line over the networks, from their worst state. */
export function overallLine(states: readonly NetworkState[]): string {
  const worst = overallState(states);
  return worst === null ? 'No networks are configured.' : overallLines[worst];
}

const blocks = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The head block with thousands separators: '19,000,123'. */
export const headBlockLabel = (block: number | null): string => (block === null ? NO_FIGURE : blocks.format(block));

/** '2 of 3 nodes serving'; '1 of 1 node serving'. */
export const nodesServingLabel = (healthy: number, configured: number): string =>
  `${healthy} of ${configured} ${configured === 1 ? 'node' : 'nodes'} serving`;

/** The median answer time: '38 ms' (the request log's figure, written the same way). */
export const latencyP50Label = (ms: number | null): string => latencyLabel(ms);

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });
/** The smallest rate the percentage shows above 0 (0.01%). */
const SMALLEST_SHOWN_RATE = 0.0001;

/** Failed calls over all calls as a percentage: '1.2%', '0%'; a rate above 0 never reads as '0%'. */
export function errorRateLabel(rate: number | null): string {
  if (rate === null) return NO_FIGURE;
  if (rate > 0 && rate < SMALLEST_SHOWN_RATE) return `<${percent.format(SMALLEST_SHOWN_RATE)}`;
  return percent.format(rate);
}

const kindLabels: Readonly<Record<IncidentKind, string>> = {
  network_down: 'Network down',
  node_out: 'Node out of rotation',
};

/** An incident's kind in words. */
export const incidentKindLabel = (kind: IncidentKind): string => kindLabels[kind];

/** An instant of the report (made, an incident's start or end), to the minute in UTC: '2026-11-27 11:58 UTC'. */
export const utcMinuteLabel = (iso: string): string => cycleStart(iso);

/** When an incident ended, or 'ongoing' while it lasts. */
export const incidentEndLabel = (endedAt: string | null): string => (endedAt === null ? 'ongoing' : utcMinuteLabel(endedAt));

/** When an incident lasted: '2026-11-27 11:00 UTC – 2026-11-27 11:03 UTC', or '2026-11-27 11:58 UTC – ongoing'. */
export const incidentPeriodLabel = (startedAt: string, endedAt: string | null): string =>
  `${utcMinuteLabel(startedAt)} – ${incidentEndLabel(endedAt)}`;

/** A network's label by its name, as the report's networks give it; the name itself for one it does not list. */
export function networkLabelOf(networks: ReadonlyArray<{ name: string; label: string }>, name: string): string {
  return networks.find((network) => network.name === name)?.label ?? name;
}

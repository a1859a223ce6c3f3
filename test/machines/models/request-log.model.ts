import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { requestLogMachine } from '@machines/request-log';
import type { RequestLogEntry, RequestLogPage } from '@machines/request-log.types';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type RequestLogModelEvent =
  | EventFromLogic<typeof requestLogMachine>
  | DoneEvent<'fetchPage', RequestLogPage>
  | ErrorEvent<'fetchPage'>
  | DoneEvent<'fetchMore', RequestLogPage>
  | ErrorEvent<'fetchMore'>
  | DoneEvent<'saveSwitch', { enabled: boolean }>
  | ErrorEvent<'saveSwitch'>;

/** The user's keys: the log opens on the first. */
export const LOG_KEYS = [
  { id: 11, name: 'Default Key', apiKey: 'key_default', createdAt: '2025-02-07T10:00:00.000Z' },
  { id: 12, name: 'Backend key', apiKey: 'key_backend', createdAt: '2025-02-08T10:00:00.000Z' },
] as const;

const entry = (overrides: Partial<RequestLogEntry>): RequestLogEntry => ({
  at: '2025-03-03T12:00:03.000Z',
  network: 'mainnet',
  transport: 'http',
  method: 'eth_blockNumber',
  calls: 1,
  outcome: 'answered',
  accessRefusal: null,
  status: 200,
  latencyMs: 12,
  credits: 20,
  requestBytes: 47,
  answerBytes: 41,
  clientAddress: '203.0.113.0/24',
  origin: null,
  request: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
  requestTruncated: false,
  ...overrides,
});

/** A single call that can be run again, a refused one, and a batch. */
export const firstPage: RequestLogPage = {
  enabled: true,
  nextCursor: '1741003201000_42',
  entries: [
    entry({
      method: 'eth_getBalance',
      network: 'devnet',
      request: '{"jsonrpc":"2.0","id":7,"method":"eth_getBalance","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","latest"]}',
      origin: 'https://app.example.com',
      latencyMs: 1234,
      answerBytes: null,
    }),
    entry({
      at: '2025-03-03T12:00:02.000Z',
      method: 'admin_peers',
      outcome: 'refused_method',
      status: 403,
      latencyMs: null,
      credits: 0,
      answerBytes: 120,
      request: '{"jsonrpc":"2.0","id":2,"method":"admin_peers","params":[]}',
    }),
    entry({
      at: '2025-03-03T12:00:01.000Z',
      method: 'eth_chainId',
      transport: 'websocket',
      calls: 3,
      credits: 60,
      request:
        '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"eth_blockNumber"},{"jsonrpc":"2.0","id":3,"method":"net_version"}]',
    }),
  ],
};

/** The last page: a call cut at 2 KB, and a WebSocket message refused by the key's Allowed IPs. */
export const lastPage: RequestLogPage = {
  enabled: true,
  nextCursor: null,
  entries: [
    entry({
      at: '2025-03-03T11:59:00.000Z',
      method: 'eth_call',
      outcome: 'upstream_error',
      status: 502,
      requestBytes: 5000,
      request: `{"jsonrpc":"2.0","id":9,"method":"eth_call","params":[{"data":"0x${'ab'.repeat(900)}`,
      requestTruncated: true,
    }),
    entry({
      at: '2025-03-03T11:58:00.000Z',
      transport: 'websocket',
      outcome: 'refused_allow_list',
      accessRefusal: 'ips',
      status: 403,
      latencyMs: null,
      credits: 0,
      answerBytes: 150,
    }),
  ],
};

export const emptyPage: RequestLogPage = { enabled: true, nextCursor: null, entries: [] };
export const offPage: RequestLogPage = { enabled: false, nextCursor: null, entries: [] };

export const LOG_REFUSAL = 'The request log is available on paid plans.';

export const requestLogFixtures: RequestLogModelEvent[] = [
  { type: 'log.key', keyId: LOG_KEYS[1].id },
  { type: 'log.method', method: 'eth_getBalance' },
  { type: 'log.outcome', outcome: 'upstream_error' },
  { type: 'xstate.done.actor.fetchPage', output: firstPage },
  { type: 'xstate.done.actor.fetchPage', output: emptyPage },
  { type: 'xstate.done.actor.fetchPage', output: offPage },
  { type: 'xstate.error.actor.fetchPage', error: new CallFailed({ kind: 'no-answer' }) },
  { type: 'xstate.error.actor.fetchPage', error: new CallFailed({ kind: 'refused', status: 403, message: LOG_REFUSAL }) },
  { type: 'xstate.done.actor.fetchMore', output: lastPage },
  { type: 'xstate.error.actor.fetchMore', error: new CallFailed({ kind: 'no-answer' }) },
  { type: 'xstate.done.actor.saveSwitch', output: { enabled: true } },
  { type: 'xstate.done.actor.saveSwitch', output: { enabled: false } },
  { type: 'xstate.error.actor.saveSwitch', error: new CallFailed({ kind: 'refused', status: 500, message: null }) },
];

const isFilterEvent = (event: EventObject) => ['log.key', 'log.method', 'log.outcome'].includes(event.type);
const defaultFilters = (state: AnyMachineSnapshot) => {
  const { keyId, method, outcome } = state.context.filters;
  return keyId === LOG_KEYS[0].id && method === null && outcome === null;
};

/**
 * The filters are independent, so their product is not walked: a path changes one filter. The
 * switch's answer is what was asked (the API stores what it is told). Every transition is still taken.
 */
function walked(state: AnyMachineSnapshot, event: EventObject): boolean {
  if (isFilterEvent(event)) return defaultFilters(state);
  if (event.type === 'xstate.done.actor.saveSwitch') {
    const output = 'output' in event ? event.output : null;
    const stored = typeof output === 'object' && output !== null && 'enabled' in output ? output.enabled : null;
    return stored === (state.context.enabled !== true);
  }
  return true;
}

export const requestLogFlow = createFlowModel(requestLogMachine, {
  fixtures: requestLogFixtures,
  input: { keyId: LOG_KEYS[0].id },
  filterEvents: walked,
});
export const requestLogPaths = requestLogFlow.paths();

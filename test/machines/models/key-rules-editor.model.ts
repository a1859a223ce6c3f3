import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { keyRulesEditorMachine } from '@machines/key-rules-editor';
import type { LoadedKeyRules } from '@machines/key-rules-editor.types';
import { CallFailed } from '@/domain/call-failure';
import type { KeyRules } from '@/domain/key-rules';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type KeyRulesEditorModelEvent =
  | EventFromLogic<typeof keyRulesEditorMachine>
  | DoneEvent<'loadKeyRules', LoadedKeyRules>
  | ErrorEvent<'loadKeyRules'>
  | DoneEvent<'saveKeyRules', KeyRules>
  | ErrorEvent<'saveKeyRules'>;

export const KEY_ID = '7';
export const CONTRACT = `0x${'ab'.repeat(20)}`;
/** Written with the checksum's capitals: stored in lower case. */
export const NEW_CONTRACT = `0x${'Cd'.repeat(20)}`;

/** What opening reads: the key has its own IP list and one contract; the project has a domain and a CIDR. */
export const LOADED: LoadedKeyRules = {
  rules: {
    domains: null,
    ips: ['203.0.113.7'],
    cidrs: null,
    allowNoOrigin: null,
    methods: [],
    contracts: [CONTRACT],
    creditsPerDay: null,
    creditsPerCycle: null,
  },
  project: { domains: ['app.example.com'], ips: [], cidrs: ['10.0.0.0/8'], allowNoOrigin: false },
};
/** What the server answers to a save (the rules as stored). */
export const SAVED: KeyRules = {
  domains: ['example.com'],
  ips: [],
  cidrs: null,
  allowNoOrigin: true,
  methods: ['eth_call'],
  contracts: [],
  creditsPerDay: null,
  creditsPerCycle: null,
};
export const LOAD_FAILURE = 'API key not found';
export const SAVE_FAILURE = 'contracts: 0x12: Please enter a contract address: 0x followed by 40 hexadecimal digits';

export const keyRulesEditorFixtures: KeyRulesEditorModelEvent[] = [
  { type: 'xstate.done.actor.loadKeyRules', output: LOADED },
  { type: 'xstate.error.actor.loadKeyRules', error: new CallFailed({ kind: 'refused', status: 404, message: LOAD_FAILURE }) },
  { type: 'rules.own.set', kind: 'domains', own: true },
  { type: 'rules.own.set', kind: 'ips', own: false },
  { type: 'rules.origin.set', choice: 'accept' },
  { type: 'rules.draft', kind: 'domains', value: 'example.com' },
  { type: 'rules.draft', kind: 'domains', value: 'localhost' },
  { type: 'rules.add', kind: 'domains' },
  { type: 'rules.remove', kind: 'ips', value: '203.0.113.7' },
  { type: 'rules.draft', kind: 'methods', value: 'eth_call' },
  { type: 'rules.add', kind: 'methods' },
  { type: 'rules.draft', kind: 'contracts', value: NEW_CONTRACT },
  { type: 'rules.add', kind: 'contracts' },
  { type: 'rules.remove', kind: 'contracts', value: CONTRACT },
  { type: 'rules.cap.set', period: 'day', value: '5,000' },
  { type: 'rules.cap.set', period: 'day', value: 'lots' },
  { type: 'rules.cap.set', period: 'cycle', value: '100000' },
  { type: 'xstate.done.actor.saveKeyRules', output: SAVED },
  { type: 'xstate.error.actor.saveKeyRules', error: new CallFailed({ kind: 'refused', status: 400, message: SAVE_FAILURE }) },
];

type Kind = 'domains' | 'ips' | 'methods' | 'contracts';
const kindOf = (event: EventObject): Kind | null => ('kind' in event && typeof event.kind === 'string' ? (event.kind as Kind) : null);

/**
 * The lists are independent, so their product is not walked: each variant edits some of them
 * (the project's kinds and the Origin choice, or the key's call lists); every transition is still
 * taken by one of them.
 */
function editing(kinds: ReadonlySet<Kind | null>, withOrigin: boolean, withCaps = false) {
  return (state: AnyMachineSnapshot, event: EventObject) => {
    if (event.type === 'rules.origin.set') return withOrigin;
    // A cap is typed once per period (retyping is walked in the machine's own tests).
    if (event.type === 'rules.cap.set')
      return withCaps && 'period' in event && (event.period === 'day' ? state.context.caps.day : state.context.caps.cycle) === '';
    const kind = kindOf(event);
    if (kind === null) return true;
    // A value is typed into an empty field only (retyping is walked in the machine's own tests).
    return kinds.has(kind) && (event.type !== 'rules.draft' || state.context.drafts[kind] === '');
  };
}

const flowOf = (kinds: Kind[], withOrigin: boolean, withCaps = false) =>
  createFlowModel(keyRulesEditorMachine, {
    fixtures: keyRulesEditorFixtures,
    input: { id: KEY_ID },
    filterEvents: editing(new Set(kinds), withOrigin, withCaps),
  });

export const keyRulesEditorFlows = {
  accessLists: flowOf(['domains', 'ips'], true),
  callLists: flowOf(['methods', 'contracts'], false),
  spendCaps: flowOf([], false, true),
};

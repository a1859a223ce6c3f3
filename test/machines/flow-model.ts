import { TestModel, getStateNodes as descendantsOf, type StatePath } from 'xstate/graph';
import {
  getNextSnapshot,
  getStateNodes as activeNodesOf,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InputFrom,
} from 'xstate';

/**
 * Model-based testing of machines that invoke actors and wait on timers.
 *
 * `createTestModel` from xstate/graph refuses such machines ("Invocations on test machines are not
 * supported"), yet its traversal is a walk over the machine's pure `transition`, where an actor's
 * result (`xstate.done.actor.*`, `xstate.error.actor.*`) and a timer (`xstate.after.*`) are events
 * like any other. So this builds the TestModel createTestModel would build — same state matcher,
 * fixtures merged with each state's own events — minus the check, and adds paths through every
 * transition of the chart. The tests' executors turn those events into the real thing: settle a
 * pending call, let a (shortened or fake-clock) delay run out.
 *
 * Only xstate's public API: snapshots are read through `value` and `getStateNodes` (never `_nodes`),
 * a state's events through each active node's `ownEvents`.
 */

/** An invoked actor finished (its `id` in the chart). */
export type DoneEvent<Id extends string, Output> = { type: `xstate.done.actor.${Id}`; output: Output };
/** An invoked actor failed. */
export type ErrorEvent<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };
/** A named delay ran out in the state with this id (`machineId.state`). */
export type AfterEvent<Delay extends string, StateId extends string> = { type: `xstate.after.${Delay}.${StateId}` };

/**
 * An Error for fixtures. xstate/graph tells events apart (and drops paths it thinks are prefixes of
 * others) by their JSON, where a plain Error is `{}`: two different failures would count as one.
 */
export function fixtureError(message: string): Error {
  return Object.assign(new Error(message), { toJSON: () => ({ message }) });
}

/**
 * One driver per event type; `satisfies Executors<E>` makes a new event without a driver a compile
 * error. Drivers are declared as methods (bivariant parameters) so that the runner can hand each
 * one the step's event after looking it up by type, without a cast.
 */
export type Executors<E extends EventObject> = {
  [K in E['type']]: { drive(event: Extract<E, { type: K }>): unknown }['drive'];
};

type Driver = (event: EventObject) => unknown;

export interface FlowModelOptions<M extends AnyStateMachine, E extends EventObject> {
  /** Events with their payloads; several per type give several branches. Payload-free events may be left out. */
  fixtures: readonly E[];
  input?: InputFrom<M>;
  /** Leaves out events a driver cannot produce (e.g. a screen that only shows part of a machine). */
  filterEvents?: (state: AnyMachineSnapshot, event: EventObject) => boolean;
}

/** The state nodes a snapshot is in: the root, every active compound or parallel node and the leaves. */
function activeNodes(state: AnyMachineSnapshot): ReadonlySet<AnyStateNode> {
  return new Set(activeNodesOf(state.machine.root, state.value));
}

/** The event types some active state node has a transition for (what xstate would not ignore). */
function ownEventTypes(state: AnyMachineSnapshot): string[] {
  return [...new Set([...activeNodes(state)].flatMap((node) => node.ownEvents))];
}

/** Paths carry the machine's snapshots; xstate/graph types them loosely (any context). */
export type FlowPath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * A vertex is a state value with its context. (xstate/graph's default also keys vertices by the
 * incoming transition, which doubles every state behind a self-transition; `paths()` covers the
 * transitions explicitly instead.)
 */
function serializeState(state: AnyMachineSnapshot) {
  return JSON.stringify({ value: state.value, context: state.context });
}

export function createFlowModel<M extends AnyStateMachine, E extends EventObject>(
  machine: M,
  { fixtures, input, filterEvents = () => true }: FlowModelOptions<M, E>,
) {
  const eventsIn = (state: AnyMachineSnapshot): EventObject[] =>
    ownEventTypes(state)
      .flatMap((type): EventObject[] => {
        const withPayload = fixtures.filter((event) => event.type === type);
        return withPayload.length > 0 ? withPayload : [{ type }];
      })
      .filter((event) => filterEvents(state, event));
  const logic: AnyStateMachine = machine;
  const model = new TestModel<AnyMachineSnapshot, EventObject, InputFrom<M> | undefined>(logic, {
    input,
    serializeState,
    stateMatcher: (state, key) => state.matches(key),
    events: eventsIn,
  });

  /**
   * The shortest path to every distinct state, then, for each transition of the chart those do not
   * take (e.g. "dismiss the error", which leads back to a state already reached), the shortest
   * path that takes it.
   */
  function paths(): FlowPath[] {
    const chosen: FlowPath[] = model.getShortestPaths();
    const toEveryState = model.getShortestPaths({ allowDuplicatePaths: true }).sort((a, b) => a.weight - b.weight);
    for (const missing of transitionsOf(machine)) {
      if (takes(chosen, missing)) continue;
      const extended = toEveryState
        .filter((path) => activeNodes(path.state).has(missing.source))
        .flatMap((path) =>
          eventsIn(path.state)
            .filter((event) => event.type === missing.eventType)
            .map((event): FlowPath => {
              const state = getNextSnapshot(logic, path.state, event);
              return { state, steps: [...path.steps, { state, event }], weight: path.weight + 1 };
            }),
        )
        .filter((path) => takes([path], missing))
        // Prefer a step that changes something (dismissing an error that is shown, not an empty one).
        .sort((a, b) => Number(hasEffect(b)) - Number(hasEffect(a)))[0];
      if (extended) chosen.push(extended);
    }
    return chosen;
  }

  /** Runs a path with typed drivers; each step's event is one of E (fixtures or the chart's own payload-free events). */
  function run(path: FlowPath, executors: Executors<E>, checkState: (expected: AnyMachineSnapshot) => Promise<void> | void) {
    // Each driver gets the events of its own type: the model only produces fixtures of E and the chart's own types.
    const drivers = new Map<string, Driver>(Object.entries(executors));
    const events = Object.fromEntries(
      path.steps
        .map((step) => step.event.type)
        .filter((type) => type !== 'xstate.init')
        .map((type) => {
          const drive = drivers.get(type);
          if (!drive) throw new Error(`No executor for event "${type}"`);
          return [
            type,
            async (step: { event: EventObject }) => {
              await drive(step.event);
            },
          ];
        }),
    );
    return model.testPath(path, { states: { '*': checkState }, events });
  }

  return { model, paths, run };
}

/** Whether the last step of a path changed the state or its context. */
function hasEffect(path: FlowPath): boolean {
  const [before, after] = path.steps.slice(-2).map((step) => step.state);
  return !!before && !!after && serializeState(before) !== serializeState(after);
}

/** A readable test name: the events after the initial state, and where they lead. */
export function describePath(path: { steps: Array<{ event: EventObject }>; state: AnyMachineSnapshot }): string {
  const events = path.steps.slice(1).map(({ event }) => {
    const { type, ...payload } = event;
    const short = type.replace(/^xstate\.(done|error)\.actor\.(.*)$/, '$2 $1').replace(/^xstate\.after\.([^.]+)\..*$/, '$1 elapsed');
    const json = JSON.stringify(payload);
    const detail = json === '{}' ? '' : ` ${json.length > 60 ? `${json.slice(0, 59)}…` : json}`;
    return `${short}${detail}`;
  });
  return `${events.join(' → ') || '(start)'} ⇒ ${JSON.stringify(path.state.value)}`;
}

interface ChartTransition {
  source: AnyStateNode;
  eventType: string;
  targets: readonly AnyStateNode[];
}

/** Every event transition of the chart (eventless `always` branches are not steps of a path). */
function transitionsOf(machine: AnyStateMachine): ChartTransition[] {
  return [machine.root, ...descendantsOf(machine.root)].flatMap((source) =>
    [...source.transitions].flatMap(([eventType, candidates]) =>
      candidates.map((candidate) => ({ source, eventType, targets: candidate.target ?? [] })),
    ),
  );
}

const describeTransition = ({ source, eventType, targets }: ChartTransition) =>
  `${source.id} --${eventType}--> ${targets.map((t) => t.id).join(',') || '(self)'}`;

function takes(paths: ReadonlyArray<FlowPath>, transition: ChartTransition): boolean {
  return paths.some((path) =>
    path.steps.some((step, i) => {
      const from = path.steps[i - 1]?.state;
      return (
        i > 0 &&
        step.event.type === transition.eventType &&
        !!from &&
        activeNodes(from).has(transition.source) &&
        transition.targets.every((target) => activeNodes(step.state).has(target))
      );
    }),
  );
}

/**
 * Leaf states no path visits. Transient states (left at once through `always`) are never rested
 * in: the targets of their branches are leaf states checked here instead.
 */
export function unreachedStates(machine: AnyStateMachine, paths: ReadonlyArray<FlowPath>): string[] {
  const visited = paths.flatMap((path) => path.steps.map((step) => step.state));
  return descendantsOf(machine.root)
    .filter((node) => (node.type === 'atomic' || node.type === 'final') && !node.always?.length)
    .filter((node) => !visited.some((state) => activeNodes(state).has(node)))
    .map((node) => node.id);
}

/** Transitions of the chart (per source, event and target) no path takes. */
export function unexercisedTransitions(machine: AnyStateMachine, paths: ReadonlyArray<FlowPath>): string[] {
  return transitionsOf(machine)
    .filter((transition) => !takes(paths, transition))
    .map(describeTransition);
}

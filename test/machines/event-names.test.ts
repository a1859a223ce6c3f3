import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, StateMachine } from 'xstate';

/**
 * An event type is dotted lower-case words, subject first and verb last: 'key.delete.cancel', 'form.name.set'.
 * A transition may also listen to a family of them ('key.*').
 */
const EVENT_TYPE = /^[a-z]+(\.[a-z]+)*(\.\*)?$/;

/** Events xstate raises itself (actor outputs and errors, delays, final states): named by xstate, after our ids. */
const isXstateEvent = (type: string) => type.startsWith('xstate.');

const isNamedBadly = (type: string) => !isXstateEvent(type) && !EVENT_TYPE.test(type);

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.ts', { eager: true });

const machinesIn = (module: Record<string, unknown>) =>
  Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);

/** Every machine exported from machines/. */
const machines = Object.values(machineModules).flatMap(machinesIn);

/** The event types a state node and its descendants take (every `on` key, forbidden transitions included). */
function eventsOf(node: AnyStateNode): string[] {
  return [...Object.keys(node.on), ...Object.values(node.states).flatMap(eventsOf)];
}

/** machines/ as text: the event objects a machine declares, sends to its parent or to other actors. */
const machineSources = import.meta.glob<string>('../../machines/*.ts', { query: '?raw', import: 'default', eager: true });

/** The dotted `type: '…'` literals of a source: event objects (actions and guards are named by single words). */
const eventTypesIn = (source: string) => [...source.matchAll(/\btype: '([\w-]+(?:\.[\w*-]+)+)'/g)].map(([, type]) => type ?? '');

describe('event names', () => {
  it.each(Object.entries(machineModules).filter(([path]) => !/\.(types|selectors|states)\.ts$/.test(path)))(
    '%s exports its machine',
    (_, module) => {
      expect(machinesIn(module)).toHaveLength(1);
    },
  );

  it.each(machines.map((machine) => [machine.id, machine] as const))('%s takes only dotted lower-case event types', (_, machine) => {
    expect(eventsOf(machine.root).filter(isNamedBadly)).toEqual([]);
  });

  it.each(Object.entries(machineSources))('%s declares and sends only dotted lower-case event types', (_, source) => {
    expect(eventTypesIn(source).filter(isNamedBadly)).toEqual([]);
  });

  it.each([
    ['key.delete.cancel', false],
    ['auth.token.received', false],
    ['key.*', false],
    ['xstate.done.actor.renameKey', false],
    ['key.cancelDelete', true],
    ['Key.delete', true],
    ['key_delete', true],
    ['key.', true],
  ])('%s is named badly: %s', (type, bad) => {
    expect(isNamedBadly(type)).toBe(bad);
  });
});

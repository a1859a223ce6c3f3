import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { type FlowPath, describePath, unexercisedTransitions, unreachedStates } from './flow-model';

/** One way of starting the machine (an input) and the paths generated from it. */
export interface ModelVariant {
  /** Shown as a nested describe when the machine is walked from several starts. */
  name?: string;
  paths: readonly FlowPath[];
}

/**
 * The model-based tests of one machine: one `it` per generated path of every variant, each run by
 * `walk`, then the meta-tests that the paths together reach every state and take every transition.
 */
export function describeModel<V extends ModelVariant>(
  title: string,
  machine: AnyStateMachine,
  variants: readonly V[],
  walk: (path: FlowPath, variant: V) => Promise<void>,
): void {
  describe(title, () => {
    for (const variant of variants) {
      const eachPath = () => {
        for (const path of variant.paths) it(describePath(path), () => walk(path, variant));
      };
      if (variant.name === undefined) eachPath();
      else describe(variant.name, eachPath);
    }

    describe('coverage', () => {
      const allPaths = variants.flatMap((variant) => variant.paths);
      it('reaches every state', () => {
        expect(unreachedStates(machine, allPaths)).toEqual([]);
      });
      it('takes every transition', () => {
        expect(unexercisedTransitions(machine, allPaths)).toEqual([]);
      });
    });
  });
}

import { createContext, useContext } from 'react';
import { useActorRef } from '@xstate/react';
import type {
  Actor,
  ActorOptions,
  AnyActorLogic,
  ConditionalRequired,
  InspectionEvent,
  IsNotNever,
  Observer,
  RequiredActorOptionsKeys,
} from 'xstate';

/** Where the app's actors report what they do: the Stately inspector in development, a test's collector. */
export type InspectObserver = Observer<InspectionEvent>;

const InspectionContext = createContext<InspectObserver | undefined>(undefined);

/** Provided once by the shell; every actor the app starts reports to this observer (none by default). */
export const InspectionProvider = InspectionContext.Provider;

/** The app's inspection observer, for actors created outside `useFlowActor` (the app-wide session). */
export function useInspection(): InspectObserver | undefined {
  return useContext(InspectionContext);
}

/**
 * A flow's actor for a view: `useActorRef` with the app's inspection observer, so every machine
 * shows in the Stately inspector. Views create actors only through this hook.
 */
export function useFlowActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...[options]: ConditionalRequired<
    [options?: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }],
    IsNotNever<RequiredActorOptionsKeys<TLogic>>
  >
): Actor<TLogic> {
  const inspect = useInspection();
  return useActorRef(logic, { ...options, inspect });
}

import type { ActorOptions, AnyActorLogic } from 'xstate';
import { rpcTestCalls } from '@/api/rpc-calls';
import { subscriptionSocketActors } from '@/api/subscription-socket';
import { type CopyActors, clipboardActors } from '@/hooks/use-copy-feedback';

/** The effects of /rpc-testing's machines; the real gateway call, WebSocket and clipboard unless a test brings its own. */
export interface RpcTestingActors {
  rpc: typeof rpcTestCalls;
  subscription: typeof subscriptionSocketActors;
  clipboard: CopyActors;
}

export const rpcTestingActors: RpcTestingActors = { rpc: rpcTestCalls, subscription: subscriptionSocketActors, clipboard: clipboardActors };

/** The subscription's clock and tries to reconnect: the real ones unless a test brings a simulated clock and fewer tries. */
export interface SubscriptionTiming {
  clock?: ActorOptions<AnyActorLogic>['clock'];
  reconnectAttempts?: number;
}

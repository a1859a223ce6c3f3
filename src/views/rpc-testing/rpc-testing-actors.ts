import { rpcTestCalls } from '@/api/rpc-calls';
import { type CopyActors, clipboardActors } from '@/hooks/use-copy-feedback';

/** The effects of /rpc-testing's machines; the real gateway call and clipboard unless a test brings its own. */
export interface RpcTestingActors {
  rpc: typeof rpcTestCalls;
  clipboard: CopyActors;
}

export const rpcTestingActors: RpcTestingActors = { rpc: rpcTestCalls, clipboard: clipboardActors };

import { type PublicMethod, type RpcMethodGroup, PUBLIC_METHODS, RPC_METHOD_REGISTRY } from './rpc-method-registry';

/**
 * The Ethereum JSON-RPC methods the RPC testing playground offers (SPEC.md "/rpc-testing": about 48):
 * the methods of the registry (src/domain/rpc-method-registry.ts) that have an example, in its order,
 * so the playground cannot offer a method the gateway refuses. Methods without params send `[]`
 * (SPEC.md §3).
 */

export interface RpcMethod {
  readonly name: PublicMethod;
  readonly group: RpcMethodGroup;
  /** Params that work as they are; `[]` when the method takes none. */
  readonly params: readonly unknown[];
}

export const RPC_METHODS: readonly RpcMethod[] = PUBLIC_METHODS.flatMap((name) => {
  const { group, example } = RPC_METHOD_REGISTRY[name];
  return example === null ? [] : [{ name, group, params: example }];
});

/** The method of that name, or undefined when the playground does not list it. */
export function findRpcMethod(name: string): RpcMethod | undefined {
  return RPC_METHODS.find((candidate) => candidate.name === name);
}

import { maskKey } from './key-display';

/**
 * Which of the user's API keys the RPC playground calls with (SPEC.md "/rpc-testing"): the key a
 * link names when the user has it, otherwise the first; shown by name and masked value, never in full.
 */

/** A key the playground may use: its id as the key list spells it, its name and its secret value. */
export interface PlaygroundKey {
  id: string;
  name: string;
  key: string;
}

/** The key to start with: the one named by `keyId` when it is among `keys`, else the first; null without keys. */
export function startingKeyId(keys: readonly PlaygroundKey[], keyId: string | null | undefined): string | null {
  const named = keys.find((key) => key.id === keyId);
  return (named ?? keys[0])?.id ?? null;
}

/** The key with this id, or null. */
export function keyWithId(keys: readonly PlaygroundKey[], keyId: string | null): PlaygroundKey | null {
  return keys.find((key) => key.id === keyId) ?? null;
}

/** 'Backend (key_ab••••••••••••wxyz)': how a key reads in the playground's choice. */
export function keyChoiceText(key: PlaygroundKey): string {
  return `${key.name} (${maskKey(key.key)})`;
}

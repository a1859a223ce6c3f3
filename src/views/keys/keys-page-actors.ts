import type { QueryClient } from '@tanstack/react-query';
import { keyGeneratorCalls, keyLifecycleCalls, keyRowCalls } from '@/api/key-calls';
import { type KeyRulesActors, keyRulesActors } from '@/api/key-rules-calls';
import { type CopyActors, clipboardActors } from '@/hooks/use-copy-feedback';

/** The effects of /keys' machines; the real calls and clipboard unless a test brings its own. */
export interface KeysPageActors {
  generator: typeof keyGeneratorCalls;
  keyRow: typeof keyRowCalls;
  /** A key's roll and expiry dialogs. */
  keyLifecycle: typeof keyLifecycleCalls;
  /** A key's rules dialog; it reads the project's lists through the query cache. */
  keyRules: (queryClient: QueryClient) => KeyRulesActors;
  clipboard: CopyActors;
}

export const keysPageActors: KeysPageActors = {
  generator: keyGeneratorCalls,
  keyRow: keyRowCalls,
  keyLifecycle: keyLifecycleCalls,
  keyRules: keyRulesActors,
  clipboard: clipboardActors,
};

import { keyGeneratorCalls, keyRowCalls } from '@/api/key-calls';
import { type CopyActors, clipboardActors } from '@/hooks/use-copy-feedback';

/** The effects of /keys' machines; the real calls and clipboard unless a test brings its own. */
export interface KeysPageActors {
  generator: typeof keyGeneratorCalls;
  keyRow: typeof keyRowCalls;
  clipboard: CopyActors;
}

export const keysPageActors: KeysPageActors = {
  generator: keyGeneratorCalls,
  keyRow: keyRowCalls,
  clipboard: clipboardActors,
};

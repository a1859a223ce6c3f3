import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import type { LegalDocumentName } from '@/domain/paths';

export type LegalDocument = components['schemas']['LegalDocument'];

export type LegalDocumentEvent = { type: 'legal.retry' };

interface LegalDocumentContext {
  document: LegalDocumentName;
  text: LegalDocument | null;
  error: string | null;
}

/**
 * The terms or the privacy policy (GET /legal/{document}), shown on a public page.
 *
 * - `loading` fetches the document the page was opened for (its input).
 * - `failed` keeps the SPEC.md §8-style text of the failure; `legal.retry` fetches again.
 * - `loaded` is final: the text does not change while the server runs (it is read at start-up).
 */
export const legalDocumentMachine = setup({
  types: {
    context: {} as LegalDocumentContext,
    events: {} as LegalDocumentEvent,
    input: {} as { document: LegalDocumentName },
  },
  actors: {
    fetchDocument: fromPromise<LegalDocument, { document: LegalDocumentName }>(async () => {
      throw new Error('fetchDocument actor not provided');
    }),
  },
}).createMachine({
  id: 'legalDocument',
  context: ({ input }) => ({ document: input.document, text: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchDocument',
        src: 'fetchDocument',
        input: ({ context }) => ({ document: context.document }),
        onDone: { target: 'loaded', actions: assign({ text: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage('loadLegalDocument', failureIn(event.error)) }),
        },
      },
    },
    failed: {
      on: { 'legal.retry': { target: 'loading' } },
    },
    loaded: {
      type: 'final',
    },
  },
});

export type LegalDocumentSnapshot = SnapshotFrom<typeof legalDocumentMachine>;

/** The document once it arrived, else null. */
export const selectText = (s: LegalDocumentSnapshot) => s.context.text;
/** What failed, while the page offers Retry; else null. */
export const selectError = (s: LegalDocumentSnapshot) => (s.matches('failed') ? s.context.error : null);
export const selectIsLoading = (s: LegalDocumentSnapshot) => s.matches('loading');

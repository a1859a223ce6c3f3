import { expect } from 'vitest';
import { createActor } from 'xstate';
import { type LegalDocument, legalDocumentMachine, selectError, selectText } from '@machines/legal-document';
import type { LegalDocumentName } from '@/domain/paths';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type LegalDocumentModelEvent, legalDocumentFlow, legalDocumentPaths } from './models/legal-document.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

describeModel('legal document machine', legalDocumentMachine, [{ paths: legalDocumentPaths }], async (path) => {
  const fetchDocument = pendingCall<LegalDocument, { document: LegalDocumentName }>('fetchDocument');
  const actor = createActor(legalDocumentMachine.provide({ actors: { fetchDocument: fetchDocument.logic } }), {
    input: { document: 'terms' },
  }).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };

  await legalDocumentFlow.run(
    path,
    {
      'legal.retry': (event) => actor.send(event),
      'xstate.done.actor.fetchDocument': ({ output }) => settle(() => fetchDocument.resolve(output)),
      'xstate.error.actor.fetchDocument': ({ error }) => settle(() => fetchDocument.reject(error)),
    } satisfies Executors<LegalDocumentModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // One request while loading, for the document the page was opened for; none otherwise.
      expect(fetchDocument.pending).toBe(snapshot.matches('loading') ? 1 : 0);
      expect(fetchDocument.inputs.every((input) => input.document === 'terms')).toBe(true);
      // The error shows only while failed; the text only once loaded.
      expect(selectError(snapshot) !== null).toBe(snapshot.matches('failed'));
      expect(selectText(snapshot) !== null).toBe(snapshot.matches('loaded'));
    },
  );
});

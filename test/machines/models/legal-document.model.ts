import type { EventFromLogic } from 'xstate';
import { type LegalDocument, legalDocumentMachine } from '@machines/legal-document';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type LegalDocumentModelEvent =
  | EventFromLogic<typeof legalDocumentMachine>
  | DoneEvent<'fetchDocument', LegalDocument>
  | ErrorEvent<'fetchDocument'>;

export const sampleTerms: LegalDocument = {
  title: 'Terms of Service',
  updatedAt: '2026-11-24',
  sections: [
    { blocks: [{ kind: 'paragraph', text: 'These are the terms.' }] },
    { heading: 'Your account', blocks: [{ kind: 'list', items: ['Keep your keys secret.', 'One account per person.'] }] },
  ],
};

/** The text, no answer at all, and a refusal with the server's message. */
export const legalDocumentFixtures: LegalDocumentModelEvent[] = [
  { type: 'xstate.done.actor.fetchDocument', output: sampleTerms },
  { type: 'xstate.error.actor.fetchDocument', error: new CallFailed({ kind: 'no-answer' }) },
  {
    type: 'xstate.error.actor.fetchDocument',
    error: new CallFailed({ kind: 'refused', status: 429, message: 'Too many requests. Please try again in a minute.' }),
  },
];

export const legalDocumentFlow = createFlowModel(legalDocumentMachine, { fixtures: legalDocumentFixtures, input: { document: 'terms' } });
export const legalDocumentPaths = legalDocumentFlow.paths();

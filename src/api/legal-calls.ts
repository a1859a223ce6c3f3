import { fromPromise } from 'xstate';
import type { components } from '@/api/schema';
import { api, bodyOf } from '@/api/client';
import type { LegalDocumentName } from '@/domain/paths';

type LegalDocument = components['schemas']['LegalDocument'];

/** GET /legal/{document}: the terms or the privacy policy, public (no session token is sent). */
export async function fetchLegalDocument({ document }: { document: LegalDocumentName }, signal?: AbortSignal): Promise<LegalDocument> {
  return bodyOf(await api.GET('/legal/{document}', { params: { path: { document } }, signal }));
}

/** For `legalDocumentMachine.provide({ actors: ... })`. */
export const legalDocumentCalls = {
  fetchDocument: fromPromise<LegalDocument, { document: LegalDocumentName }>(({ input, signal }) => fetchLegalDocument(input, signal)),
};

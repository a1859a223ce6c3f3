import type { OperationHandlers } from '@server/openapi/handler-types';
import type { Services } from '@server/handlers/services';
import { notFound } from '@server/http/errors';
import { legalDocuments, type LegalDocumentName } from '@server/legal/legal-file';

const isLegalDocument = (name: string): name is LegalDocumentName => legalDocuments.some((known) => known === name);

/** The terms and the privacy policy, public: the sign-in screens link to them (SPEC.md "/login"). */
export function createLegalHandlers({ config }: Services): Pick<OperationHandlers, 'getLegalDocument'> {
  return {
    getLegalDocument: async ({ params }) => {
      if (!isLegalDocument(params.document)) throw notFound(`There is no document named "${params.document}".`);
      return { status: 200, body: config.legal[params.document] };
    },
  };
}

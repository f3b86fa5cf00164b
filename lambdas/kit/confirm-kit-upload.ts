import { confirmKitUploadRoute } from '../../domain/api/filing-kit.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { verifyOutorganteSignature } from '../documents/signed-pdf.js';
import { confirmKitUpload } from './kit-confirm-service.js';
import type { KitDeps } from './kit-service.js';
import type { SignedPdfVerifier } from './signed-pdf-seam.js';

const deps = {
  db: tableFromEnvironment(),
  documents: documentsFromEnvironment(),
  clock: systemClock,
  // A procuração or declaração 'Assinado pelo gov.br' is verified against the customer (or the company's partner).
  verifySignedPdf: verifyOutorganteSignature,
} satisfies KitDeps & { verifySignedPdf: SignedPdfVerifier };

export const handler = apiHandler(confirmKitUploadRoute, async ({ caller, params, body }) => ({
  body: await confirmKitUpload(deps, caller, params.uploadId, body),
}));

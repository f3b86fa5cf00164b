import { confirmKitUploadRoute } from '../../domain/api/filing-kit.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { confirmKitUpload, type KitDeps } from './kit-service.js';

// The gov.br verification (branch `poa`, lambdas/documents/signed-pdf.ts) plugs in here as `verifySignedPdf`.
const deps: KitDeps = { db: tableFromEnvironment(), documents: documentsFromEnvironment(), clock: systemClock };

export const handler = apiHandler(confirmKitUploadRoute, async ({ caller, params, body }) => ({
  body: await confirmKitUpload(deps, caller, params.uploadId, body),
}));

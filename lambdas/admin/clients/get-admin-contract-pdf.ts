import { getAdminContractPdfRoute } from '../../../domain/api/admin-clients.js';
import { clientContractPdf } from '../../contracts/contract-pdf-service.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { documentsFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';

const deps = { db: tableFromEnvironment(), documents: documentsFromEnvironment() };

/** The case file's 'PDF do contrato': a short-lived link to a client's signed contract. */
export const handler = apiHandler(getAdminContractPdfRoute, async ({ params }) => ({
  body: await clientContractPdf(deps, params.id, params.contractId),
}));

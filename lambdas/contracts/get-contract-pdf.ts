import { getContractPdfRoute } from '../../domain/api/contracts.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { ownContractPdf } from './contract-pdf-service.js';

const deps = { db: tableFromEnvironment(), documents: documentsFromEnvironment() };

export const handler = apiHandler(getContractPdfRoute, async ({ caller, params }) => ({
  body: await ownContractPdf(deps, caller, params.contractId),
}));

import { downloadContractByLinkRoute } from '../../domain/api/contracts.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { contractLinkKeyFromEnvironment } from './contract-link.js';
import { contractPdfByLink, type ContractPdfDeps } from './contract-pdf-service.js';

const deps: ContractPdfDeps = {
  db: tableFromEnvironment(),
  documents: documentsFromEnvironment(),
  clock: systemClock,
  contractLinkKey: contractLinkKeyFromEnvironment(),
};

export const handler = apiHandler(downloadContractByLinkRoute, async ({ params }) => ({
  body: await contractPdfByLink(deps, params.token),
}));

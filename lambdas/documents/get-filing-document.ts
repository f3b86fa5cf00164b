import { getFilingDocumentRoute } from '../../domain/api/filing-documents.js';
import { systemClock } from '../shared/clock.js';
import { companyIdentity } from '../shared/company.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { ownFilingDocument } from './filing-documents-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock, company: companyIdentity };

export const handler = apiHandler(getFilingDocumentRoute, async ({ caller, params }) => ({
  body: await ownFilingDocument(deps, caller, params.kind),
}));

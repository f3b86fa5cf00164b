import { listAdminChargesRoute } from '../../../domain/api/admin-finance.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { listAdminCharges } from './admin-finance-service.js';

const deps = { db: tableFromEnvironment() };

/** /admin/financeiro: one page of charges (all, by status, or a search by protocol or client name). */
export const handler = apiHandler(listAdminChargesRoute, async ({ body: filters }) => ({
  body: await listAdminCharges(deps, filters),
}));

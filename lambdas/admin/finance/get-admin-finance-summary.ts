import { getAdminFinanceSummaryRoute } from '../../../domain/api/admin-finance.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { getFinanceSummary } from './finance-summary-service.js';

const deps = { db: tableFromEnvironment() };

/** /admin/financeiro: Recebido, Estornado and Pendente of a period, with its daily receipts. */
export const handler = apiHandler(getAdminFinanceSummaryRoute, async ({ query }) => ({
  body: await getFinanceSummary(deps, { from: query.from, to: query.to }),
}));

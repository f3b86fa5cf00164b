import { getAdminReconciliationRoute } from '../../../domain/api/admin-reconciliation.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { getAdminReconciliation } from './admin-reconciliation-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

/** 'Divergências' on /admin/financeiro: the last reconciliation with Asaas and what it could not repair. */
export const handler = apiHandler(getAdminReconciliationRoute, async ({ query }) => ({
  body: await getAdminReconciliation(deps, query),
}));

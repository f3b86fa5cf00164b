import { verifyAdminChargeRoute } from '../../../domain/api/admin-finance.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import { verifyAdminCharge, type AdminFinanceDeps } from './admin-finance-service.js';

const deps: AdminFinanceDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  asaas: asaasFromEnvironment(),
  workflow: workflowFromEnvironment(),
};

/** The admin's payment verification against Asaas (a fresh read), audited. */
export const handler = apiHandler(verifyAdminChargeRoute, async ({ caller, params }) => ({
  body: await verifyAdminCharge(deps, caller, params),
}));

import { markAdminChargePaidRoute } from '../../../domain/api/admin-finance.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { workflowFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import type { ChargeStatusDeps } from '../../payments/charge-status-service.js';
import { markAdminChargePaid } from './admin-finance-service.js';

const deps: ChargeStatusDeps = { db: tableFromEnvironment(), clock: systemClock, workflow: workflowFromEnvironment() };

/** 'Marcar pago': the manual payment recorded, CONFIRMED through the webhook's confirmation path, audited. */
export const handler = apiHandler(markAdminChargePaidRoute, async ({ caller, params, body }) => ({
  body: { charge: await markAdminChargePaid(deps, caller, params, body) },
}));

import { recordManualRefundRoute } from '../../../domain/api/admin-finance.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { recordChargeManualRefund } from './admin-refunds-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

/** 'Registrar estorno manual': a cancelled contract's money returned outside Asaas, recorded and audited. */
export const handler = apiHandler(recordManualRefundRoute, async ({ caller, params, body }) => ({
  body: { charge: await recordChargeManualRefund(deps, caller, params, body) },
}));

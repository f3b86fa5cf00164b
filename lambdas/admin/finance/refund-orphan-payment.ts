import { refundOrphanPaymentRoute } from '../../../domain/api/admin-finance.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { asaasFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import { refundOrphanPayment } from './admin-refunds-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock, asaas: asaasFromEnvironment() };

/** A payment for no charge of ours, sent back to its payer at Asaas, audited. */
export const handler = apiHandler(refundOrphanPaymentRoute, async ({ caller, params, body }) => ({
  body: { payment: await refundOrphanPayment(deps, caller, params.asaasId, body.motivo) },
}));

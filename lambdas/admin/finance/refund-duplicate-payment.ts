import { refundDuplicatePaymentRoute } from '../../../domain/api/admin-finance.js';
import type { SettlementDeps } from '../../payments/charge-settlement-service.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import { refundDuplicatePayment } from './admin-refunds-service.js';

const deps: SettlementDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  asaas: asaasFromEnvironment(),
  workflow: workflowFromEnvironment(),
};

/** 'Estornar pagamento extra': the second payment of a contract sent back at Asaas, audited. */
export const handler = apiHandler(refundDuplicatePaymentRoute, async ({ caller, params }) => ({
  body: { charge: await refundDuplicatePayment(deps, caller, params) },
}));

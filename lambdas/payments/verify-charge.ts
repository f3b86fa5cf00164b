import { verifyChargeRoute } from '../../domain/api/payments.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { verifyContractCharge, type VerifyChargeDeps } from './verify-charge-service.js';

const deps: VerifyChargeDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  asaas: asaasFromEnvironment(),
  workflow: workflowFromEnvironment(),
};

export const handler = apiHandler(verifyChargeRoute, async ({ caller, params }) => ({
  body: await verifyContractCharge(deps, caller, params.contractId),
}));

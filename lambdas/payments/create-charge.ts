import { createChargeRoute } from '../../domain/api/payments.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { createChargeForContract, type CreateChargeDeps } from './create-charge-service.js';

const deps: CreateChargeDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  asaas: asaasFromEnvironment(),
  workflow: workflowFromEnvironment(),
};

export const handler = apiHandler(createChargeRoute, async ({ caller, params }) => {
  const result = await createChargeForContract(deps, caller, params.contractId);
  return { status: result.pending ? 202 : 200, body: result };
});

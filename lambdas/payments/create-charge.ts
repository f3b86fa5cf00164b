import { createChargeRoute } from '../../domain/api/payments.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { createChargeForContract, type CreateChargeDeps } from './create-charge-service.js';
import { withCountedAsaasReads } from './asaas-read-budget.js';

const db = tableFromEnvironment();
const deps: CreateChargeDeps = {
  db,
  clock: systemClock,
  // Its reads of Asaas count in the global budget the verifications share (docs/decisions.md, Asaas's request quota).
  asaas: withCountedAsaasReads(asaasFromEnvironment(), { db, clock: systemClock }),
  workflow: workflowFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
};

export const handler = apiHandler(createChargeRoute, async ({ caller, params, body }) => {
  const result = await createChargeForContract(deps, caller, params.contractId, body);
  return { status: result.pending ? 202 : 200, body: result };
});

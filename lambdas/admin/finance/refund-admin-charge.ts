import { refundAdminChargeRoute } from '../../../domain/api/admin-finance.js';
import type { SettlementDeps } from '../../payments/charge-settlement-service.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import { refundAdminCharge } from './admin-refunds-service.js';

const deps: SettlementDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  asaas: asaasFromEnvironment(),
  workflow: workflowFromEnvironment(),
};

/** 'Estornar': the paid charge refunded at Asaas, its contract cancelled and its process closed, audited. */
export const handler = apiHandler(refundAdminChargeRoute, async ({ caller, params, body }) => {
  const { row, settlement } = await refundAdminCharge(deps, caller, params, body.motivo);
  return {
    body: { charge: row, settlement: { outcome: settlement.outcome, reason: 'reason' in settlement ? settlement.reason : null } },
  };
});

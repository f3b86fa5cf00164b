import { refundAdminChargeRoute } from '../../../domain/api/admin-finance.js';
import type { SettlementDeps } from '../../payments/charge-settlement-service.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import {
  asaasFromEnvironment,
  asaasInvoicesFromEnvironment,
  workflowFromEnvironment,
} from '../../shared/environment.js';
import { companyIdentity } from '../../shared/company.js';
import { cancelChargeInvoice } from '../../payments/invoice-service.js';
import { apiHandler } from '../../shared/http.js';
import { recordChargeManualRefund, refundAdminCharge, refundDuplicatePayment } from './admin-refunds-service.js';
import { withCountedAsaasReads } from '../../payments/asaas-read-budget.js';

const db = tableFromEnvironment();
const deps: SettlementDeps = {
  db,
  clock: systemClock,
  // Its reads of Asaas count in the global budget the verifications share (docs/decisions.md, Asaas's request quota).
  asaas: withCountedAsaasReads(asaasFromEnvironment(), { db, clock: systemClock }),
  workflow: workflowFromEnvironment(),
  // A refunded payment's nota fiscal is cancelled (docs/decisions.md, A nota fiscal for every payment).
  cancelInvoice: (ref) =>
    cancelChargeInvoice(
      { db, clock: systemClock, invoices: asaasInvoicesFromEnvironment(), fiscal: () => companyIdentity().fiscal },
      ref,
    ),
};

/**
 * 'Estornar' (the paid charge refunded at Asaas, its contract cancelled and its process closed), 'Registrar estorno
 * manual' and 'Estornar pagamento extra', each audited.
 */
export const handler = apiHandler(refundAdminChargeRoute, async ({ caller, params, body }) => {
  if (body.tipo === 'manual') {
    const input = { valor: body.valor!, data: body.data!, motivo: body.motivo };
    return { body: { charge: await recordChargeManualRefund(deps, caller, params, input), settlement: null } };
  }
  if (body.tipo === 'duplicidade') {
    return { body: { charge: await refundDuplicatePayment(deps, caller, params, body.motivo), settlement: null } };
  }
  const { row, settlement } = await refundAdminCharge(deps, caller, params, body.motivo);
  const reason = settlement.outcome === 'refused' ? settlement.reason : null;
  return { body: { charge: row, settlement: { outcome: settlement.outcome, reason } } };
});

import { cancelContractRoute } from '../../domain/api/contracts.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import {
  asaasFromEnvironment,
  asaasInvoicesFromEnvironment,
  emailFromEnvironment,
  workflowFromEnvironment,
} from '../shared/environment.js';
import { companyIdentity } from '../shared/company.js';
import { cancelChargeInvoice } from '../payments/invoice-service.js';
import { apiHandler } from '../shared/http.js';
import { withdrawContract, type WithdrawalDeps } from './withdrawal-service.js';
import { withCountedAsaasReads } from '../payments/asaas-read-budget.js';

const db = tableFromEnvironment();
const deps: WithdrawalDeps = {
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
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
};

/** The customer's withdrawal: the contract cancelled, its process closed, its money sent back. */
export const handler = apiHandler(cancelContractRoute, async ({ caller, params }) => {
  // The contract's schema leaves the QR image (~10 KB) out: it is of no use to a cancelled contract's screen.
  const { contract, charge, settlement } = await withdrawContract(deps, caller, params.contractId);
  return { body: { contract, charge, settlement } };
});

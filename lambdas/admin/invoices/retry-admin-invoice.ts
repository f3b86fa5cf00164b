import { retryAdminInvoiceRoute } from '../../../domain/api/admin-invoices.js';
import { systemClock } from '../../shared/clock.js';
import { companyIdentity } from '../../shared/company.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { asaasInvoicesFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import type { InvoiceDeps } from '../../payments/invoice-service.js';
import { retryAdminInvoice } from './admin-invoices-service.js';

const deps: InvoiceDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  invoices: asaasInvoicesFromEnvironment(),
  fiscal: () => companyIdentity().fiscal,
};

/** An admin's 'Tentar novamente' on a nota fiscal with a problem, audited. */
export const handler = apiHandler(retryAdminInvoiceRoute, async ({ caller, params }) => ({
  body: { invoice: await retryAdminInvoice(deps, caller, params) },
}));

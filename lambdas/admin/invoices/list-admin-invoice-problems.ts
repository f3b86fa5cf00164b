import { listAdminInvoiceProblemsRoute } from '../../../domain/api/admin-invoices.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { invoiceProblemRows } from './admin-invoices-service.js';

const db = tableFromEnvironment();

/** 'Notas fiscais com problema' on /admin/financeiro. */
export const handler = apiHandler(listAdminInvoiceProblemsRoute, async () => ({
  body: { items: await invoiceProblemRows(db) },
}));

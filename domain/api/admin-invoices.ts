import * as z from 'zod';
import { invoiceSchema } from '../schemas/invoice.js';
import { defineRoute } from './route.js';

/** A nota an admin must act on (pattern 93), with its contract's protocol for the row. */
export const adminInvoiceRowSchema = invoiceSchema.extend({
  user_id: z.string(),
  protocolo: z.string().nullable(),
});
export type AdminInvoiceRow = z.infer<typeof adminInvoiceRowSchema>;

/** 'Notas fiscais com problema' on /admin/financeiro: the errors and denied cancellations, oldest first. */
export const listAdminInvoiceProblemsRoute = defineRoute({
  id: 'ListAdminInvoiceProblems',
  method: 'GET',
  path: '/admin/invoices/problems',
  access: 'admin',
  response: z.object({ items: z.array(adminInvoiceRowSchema) }),
});

/** 'Tentar novamente': the nota scheduled, issued or cancelled again at Asaas, audited. */
export const retryAdminInvoiceRoute = defineRoute({
  id: 'RetryAdminInvoice',
  method: 'POST',
  path: '/admin/invoices/{userId}/{contractId}/{chargeId}/retry',
  access: 'admin',
  params: z.object({
    userId: z.string().min(1).max(128),
    contractId: z.string().min(1).max(64),
    chargeId: z.string().min(1).max(64),
  }),
  response: z.object({ invoice: adminInvoiceRowSchema }),
});

import * as z from 'zod';
import type { FiscalSettings } from '../invoice.js';

/** A stage's fiscal settings (domain/invoice.ts), as the `fiscal` section of its company configuration file. */
export const fiscalSettingsSchema = z.strictObject({
  municipalServiceCode: z.string().trim().min(1).max(30),
  municipalServiceName: z.string().trim().min(1).max(250),
  /** ISS is 2 % to 5 % by law (LC 116/2003, art. 8º-A and 8º). */
  issRate: z.number().min(2).max(5),
  retainIss: z.boolean(),
  serviceDescription: z.string().trim().min(10).max(1000),
}) satisfies z.ZodType<FiscalSettings>;

const isoDate = z.string();

/**
 * The nota fiscal of one paid charge (pattern 91), as the customer's collection and the admin list return it. `falha`:
 * why the product could not get Asaas to act (unreachable, or its refusal), for the admins; `tentativa`: the admins'
 * retries so far, so each failure is alerted once.
 */
export const invoiceSchema = z.object({
  charge_id: z.string(),
  contrato_id: z.string(),
  status: z.string(),
  asaas_invoice_id: z.string().nullish(),
  asaas_payment_id: z.string().nullish(),
  numero: z.string().nullish(),
  pdf_url: z.string().nullish(),
  xml_url: z.string().nullish(),
  valor: z.number().nullish(),
  /** Asaas's words about the status (the prefeitura's error message, a denial's reason). */
  status_description: z.string().nullish(),
  falha: z.string().nullish(),
  /** A refund asked the nota's cancellation (kept until Asaas cancels it). */
  cancelamento_pedido_em: isoDate.nullish(),
  tentativa: z.number().int().nonnegative().nullish(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Invoice = z.infer<typeof invoiceSchema>;

import * as z from 'zod';
import { adminClientChargeSchema } from '../schemas/admin-clients.js';
import { adminListQuerySchema } from './admin-processes.js';
import { defineRoute } from './route.js';

/**
 * A charge row of /admin/financeiro: the charge (without its QR image, ~10 KB that no admin screen shows) with its
 * contract (protocol, value, date) and client (spec 02 §7).
 */
export const adminChargeRowSchema = adminClientChargeSchema.extend({
  user_id: z.string(),
  protocolo: z.string().nullable(),
  valor: z.number().nullable(),
  contrato_created_at: z.string().nullable(),
  nome_cliente: z.string().nullable(),
  email_cliente: z.string().nullable(),
  whatsapp_cliente: z.string().nullable(),
});
export type AdminChargeRow = z.infer<typeof adminChargeRowSchema>;

/** /admin/financeiro: charges newest first or by status (a provider status, upper case), or a search; one page. */
export const listAdminChargesRoute = defineRoute({
  id: 'ListAdminCharges',
  method: 'GET',
  path: '/admin/charges',
  access: 'admin',
  query: adminListQuerySchema.extend({
    status: z
      .string()
      .trim()
      .regex(/^[A-Za-z_]{1,40}$/)
      .transform((s) => s.toUpperCase())
      .optional(),
  }),
  response: z.object({ items: z.array(adminChargeRowSchema), cursor: z.string().nullable() }),
});

const adminChargeParams = z.object({
  userId: z.string().min(1).max(128),
  contractId: z.string().min(1).max(64),
  chargeId: z.string().min(1).max(64),
});

/** 'Marcar pago': forces CONFIRMED through the webhook's own confirmation path (docs/decisions.md). */
export const markAdminChargePaidRoute = defineRoute({
  id: 'MarkAdminChargePaid',
  method: 'POST',
  path: '/admin/charges/{userId}/{contractId}/{chargeId}/mark-paid',
  access: 'admin',
  params: adminChargeParams,
  response: z.object({ charge: adminChargeRowSchema }),
});

/** The payment verification action: reads the payment at Asaas (fresh) and applies its status. */
export const verifyAdminChargeRoute = defineRoute({
  id: 'VerifyAdminCharge',
  method: 'POST',
  path: '/admin/charges/{userId}/{contractId}/{chargeId}/verification',
  access: 'admin',
  params: adminChargeParams,
  response: z.object({ pago: z.boolean(), charge: adminChargeRowSchema }),
});

import * as z from 'zod';
import { emailDeliverySchema } from '../email-delivery.js';
import { SETTLEMENT_PLANS } from '../withdrawal.js';
import {
  chargeSchema,
  contractSchema,
  courtCaseSchema,
  courtMovementSchema,
  processSchema,
  profileSchema,
  statusHistorySchema,
} from './entities.js';
import { kitItemSchema } from './filing-kit.js';
import { invoiceSchema } from './invoice.js';

/** GET /me/dashboard: the customer's whole item collection, read in one query (dashboard, contract, history). */
export const dashboardSchema = z.object({
  email: z.string(),
  profile: profileSchema.nullable(),
  contracts: z.array(contractSchema),
  charges: z.array(chargeSchema),
  processes: z.array(processSchema),
  /** Every status change of the customer's processes, newest first (/app/historico). */
  history: z.array(statusHistorySchema),
  /** The court movements of the customer's filed cases, oldest first (the case timeline). */
  movements: z.array(courtMovementSchema).default([]),
  /** What DataJud last said about each filed case ('aguardando o tribunal' until it knows it). */
  courtCases: z.array(courtCaseSchema).default([]),
  /** The filing kit's items of the customer's contracts: the next step and the history read them. */
  kit: z.array(kitItemSchema).optional(),
  /** The notas fiscais of the customer's payments, one per paid charge ('Nota fiscal' on the payment and history). */
  invoices: z.array(invoiceSchema).optional(),
  /** The contracts the server would cancel now ('Cancelar contrato'), with the window's last instant. */
  withdrawals: z.array(
    z.object({
      contractId: z.string(),
      until: z.string(),
      /** What cancelling does with the contract's money (`settlementPlan`): the dialog says it, the server does it. */
      settlement: z.enum(SETTLEMENT_PLANS),
    }),
  ),
  /** Set when SES stopped mail to `email` (a permanent bounce or a complaint): the dashboard asks for another address. */
  emailDelivery: emailDeliverySchema.nullable().optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

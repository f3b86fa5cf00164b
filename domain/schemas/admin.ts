import * as z from 'zod';
import { PROCESS_STATUSES } from '../process-status.js';

const count = z.number().int().nonnegative();

/** Every admin figure (spec 02 §2 Admin, §9), kept by the writes that change them. */
export const adminSummarySchema = z.object({
  clients: z.object({ total: count, withContract: count, withoutContract: count }),
  processes: z.object({ total: count, byStatus: z.record(z.enum(PROCESS_STATUSES), count) }),
  /** `paid`: RECEIVED, CONFIRMED and RECEIVED_IN_CASH; `pending`: the PENDING_CHARGE_STATUSES of `byStatus`. */
  charges: z.object({ total: count, paid: count, pending: count, byStatus: z.record(z.string(), count) }),
  referrals: z.object({ total: count, byStatus: z.record(z.string(), count) }),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

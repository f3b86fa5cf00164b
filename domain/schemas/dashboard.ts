import * as z from 'zod';
import { chargeSchema, contractSchema, processSchema, profileSchema } from './entities.js';

/** GET /me/dashboard: the customer's whole item collection, read in one query. */
export const dashboardSchema = z.object({
  email: z.string(),
  profile: profileSchema.nullable(),
  contracts: z.array(contractSchema),
  charges: z.array(chargeSchema),
  processes: z.array(processSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

import * as z from 'zod';
import { REFERRAL_STATUSES, referralSchema } from '../schemas/entities.js';
import { adminListQuerySchema } from './admin-processes.js';
import { defineRoute } from './route.js';

/**
 * A referral row of /admin/indicacoes: the referral with its referrer's name and e-mail, copied onto the item when it
 * was written (docs/data-model.md, copies instead of joins), so a page is one Query.
 */
export const adminReferralRowSchema = referralSchema.extend({
  referrer_user_id: z.string(),
  referrer_nome: z.string().nullable(),
  referrer_email: z.string().nullable(),
});
export type AdminReferralRow = z.infer<typeof adminReferralRowSchema>;

/**
 * /admin/indicacoes: referrals newest first, or those in one status (gsi2), one page with a cursor; or a search by the
 * referred e-mail or the referrer's name or e-mail (one page, no cursor). The summary comes from GET /admin/summary.
 */
export const listAdminReferralsRoute = defineRoute({
  id: 'ListAdminReferrals',
  method: 'POST',
  path: '/admin/referrals/search',
  access: 'admin',
  body: adminListQuerySchema.extend({ status: z.enum(REFERRAL_STATUSES).optional() }),
  response: z.object({ items: z.array(adminReferralRowSchema), cursor: z.string().nullable() }),
});

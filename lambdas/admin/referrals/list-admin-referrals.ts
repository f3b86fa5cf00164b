import { listAdminReferralsRoute } from '../../../domain/api/admin-referrals.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { listAdminReferrals, type AdminReferralsDeps } from './admin-referrals-service.js';

const deps: AdminReferralsDeps = { db: tableFromEnvironment() };

/** /admin/indicacoes: one page of referrals (all, by status, or a search by e-mail or the referrer's name). */
export const handler = apiHandler(listAdminReferralsRoute, async ({ body: filters }) => ({
  body: await listAdminReferrals(deps, filters),
}));

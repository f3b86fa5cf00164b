import { getReferralsRoute } from '../../domain/api/referrals.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { getOwnReferrals } from './referral-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = apiHandler(getReferralsRoute, async ({ caller }) => ({
  body: await getOwnReferrals(deps, caller),
}));

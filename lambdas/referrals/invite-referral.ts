import { inviteReferralRoute } from '../../domain/api/referrals.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { inviteFriend, type InviteDeps } from './referral-service.js';

const deps: InviteDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  sendEmail: emailFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
};

export const handler = apiHandler(inviteReferralRoute, async ({ caller, body }) => ({
  status: 201,
  body: await inviteFriend(deps, caller, body.email),
}));

import { unsubscribeInvitesRoute } from '../../domain/api/invite-unsubscribe.js';
import { RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS, rateLimitAddress } from '../../domain/rate-limits.js';
import { systemClock } from '../shared/clock.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { requesterIp } from '../shared/requester.js';
import { unsubscribeFromInvites } from './unsubscribe-invites-service.js';

const db = tableFromEnvironment();

/** The invitation's one-click unsubscribe: counted per address (guessing codes is bounded), then recorded. */
export const handler = apiHandler(unsubscribeInvitesRoute, async (request) => {
  const now = systemClock();
  await enforceRateLimits(
    db,
    now,
    [{ rule: RATE_LIMITS.inviteUnsubscribesByAddress, subject: rateLimitAddress(requesterIp(request)) }],
    RATE_LIMIT_MESSAGES.tooManyRequests,
  );
  await unsubscribeFromInvites(db, request.params.inviteCode, now);
  return { body: { unsubscribed: true as const } };
});

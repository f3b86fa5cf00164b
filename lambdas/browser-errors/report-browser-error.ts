import { reportBrowserErrorRoute } from '../../domain/api/browser-errors.js';
import { BROWSER_ERROR_MAX_BODY_BYTES, BROWSER_ERROR_MESSAGES } from '../../domain/browser-errors.js';
import { RATE_LIMITS, rateLimitAddress } from '../../domain/rate-limits.js';
import { systemClock } from '../shared/clock.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import { tableFromEnvironment } from '../shared/db.js';
import { ValidationError } from '../shared/errors.js';
import { apiHandler, type ApiEvent } from '../shared/http.js';
import { requesterIp } from '../shared/requester.js';
import { cleanBrowserError, logBrowserError } from './browser-error-service.js';

const db = tableFromEnvironment();

/** Reports are tiny: anything bigger is refused before it is parsed. */
function refuseLargeBodies(event: ApiEvent): void {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw, 'utf8');
  if (bytes > BROWSER_ERROR_MAX_BODY_BYTES) throw new ValidationError(BROWSER_ERROR_MESSAGES.bodyTooLarge);
}

/**
 * A browser's error, cleaned of anything personal and logged; counted per address first (a blocked address cannot use
 * up everyone's allowance), then against the global cap. The address only keys a short-lived hashed counter.
 */
export const handler = apiHandler(
  reportBrowserErrorRoute,
  async (request) => {
    await enforceRateLimits(
      db,
      systemClock(),
      [
        { rule: RATE_LIMITS.browserErrorsByAddress, subject: rateLimitAddress(requesterIp(request)) },
        { rule: RATE_LIMITS.browserErrorsGlobal, subject: 'all' },
      ],
      BROWSER_ERROR_MESSAGES.tooManyRequests,
    );
    logBrowserError(cleanBrowserError(request.body, request.headers['user-agent']));
    return { status: 202, body: { accepted: true as const } };
  },
  { authorize: refuseLargeBodies },
);

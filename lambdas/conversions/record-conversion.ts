import { CONVERSION_MAX_BODY_BYTES, recordConversionRoute } from '../../domain/api/conversions.js';
import { CONVERSION_RATE_LIMIT } from '../../domain/conversion-events.js';
import { CONVERSION_MESSAGES } from '../../domain/messages.js';
import { rateLimitAddress } from '../../domain/rate-limits.js';
import { viewerAddressIp } from '../../domain/signature-evidence.js';
import { systemClock } from '../shared/clock.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import { tableFromEnvironment } from '../shared/db.js';
import { conversionsFromEnvironment } from '../shared/environment.js';
import { ValidationError } from '../shared/errors.js';
import { apiHandler, type ApiEvent } from '../shared/http.js';
import { conversionFromRequest, sendToAll } from './conversion-service.js';

const db = tableFromEnvironment();
const providers = conversionsFromEnvironment();
const clock = systemClock;

/** Tracking bodies are tiny: anything bigger is refused before it is parsed. */
function refuseLargeBodies(event: ApiEvent): void {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw, 'utf8');
  if (bytes > CONVERSION_MAX_BODY_BYTES) throw new ValidationError(CONVERSION_MESSAGES.bodyTooLarge);
}

/**
 * facebook-conversions + google-ads-conversions: the browser's event, with the viewer's address (CloudFront's header,
 * trusted because the API only answers CloudFront) and user agent added here, fanned out to every ad platform. 202
 * whatever the platforms answer; their failures are logged.
 */
export const handler = apiHandler(
  recordConversionRoute,
  async ({ body, headers, event }) => {
    const now = clock();
    const ip = viewerAddressIp(headers['cloudfront-viewer-address']) ?? event.requestContext.http.sourceIp;
    await enforceRateLimits(
      db,
      now,
      [{ rule: CONVERSION_RATE_LIMIT, subject: rateLimitAddress(ip) }],
      CONVERSION_MESSAGES.tooManyRequests,
    );
    await sendToAll(providers, conversionFromRequest(body, { ip, userAgent: headers['user-agent'], now }));
    return { status: 202, body: { accepted: true as const } };
  },
  { authorize: refuseLargeBodies },
);

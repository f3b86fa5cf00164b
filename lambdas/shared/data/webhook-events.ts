import { keys } from './keys.js';
import { claimMarker, type Db } from './table.js';

const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Pattern 10: providers deliver at least once and keep the event id; the first delivery wins.
 * Returns false for a repeat.
 */
export async function recordWebhookEventOnce(
  db: Db,
  provider: string,
  eventId: string,
  receivedAt: Date,
): Promise<boolean> {
  return claimMarker(db, keys.webhookEvent(provider, eventId), {
    type: 'WEBHOOK_EVENT',
    received_at: receivedAt.toISOString(),
    expiresAt: Math.floor(receivedAt.getTime() / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
  });
}

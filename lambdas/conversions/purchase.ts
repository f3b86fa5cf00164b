import { CONTRACT_PRICE } from '../../domain/pricing.js';
import { hashEmail, type ConversionsProvider } from '../providers/conversions.js';
import type { Clock } from '../shared/clock.js';
import { claimPurchaseConversion } from '../shared/data/markers.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { sendToAll, type FanOutOutcome } from './conversion-service.js';

/** How long the once-marker of a purchase lives: far beyond any retry of the step that sends it. */
const MARKER_DAYS = 90;

export type PurchaseConversionDeps = {
  db: Db;
  providers: readonly ConversionsProvider[];
  clock: Clock;
  /** The SPA's URL: the purchase is reported as happening on its payment page. */
  appUrl: string;
};

export type PurchaseConversionInput = { chargeId: string; email: string | null; value?: number };

/**
 * The purchase conversion of a paid charge, sent by the server only (the browser can never claim one): value R$ 399,
 * BRL, the charge id as transaction id, the payer's hashed e-mail. At most once per charge: a marker is claimed before
 * sending, so a retried or repeated step sends nothing (the platforms also deduplicate on the event and order ids).
 * Never throws: a failure is logged and the payment goes on.
 */
export async function sendPurchaseConversion(
  deps: PurchaseConversionDeps,
  input: PurchaseConversionInput,
): Promise<'already-sent' | Partial<FanOutOutcome> | 'failed'> {
  try {
    const now = deps.clock();
    const first = await claimPurchaseConversion(deps.db, input.chargeId, {
      now,
      ttlSeconds: MARKER_DAYS * 24 * 60 * 60,
    });
    if (!first) return 'already-sent';
    return await sendToAll(deps.providers, {
      event: 'purchase',
      eventId: `purchase-${input.chargeId}`,
      time: now,
      sourceUrl: `${deps.appUrl.replace(/\/+$/, '')}/app/pagamento`,
      origin: 'system',
      value: input.value ?? CONTRACT_PRICE,
      transactionId: input.chargeId,
      user: input.email ? { hashedEmail: hashEmail(input.email) } : {},
    });
  } catch (error) {
    logger.warn('Purchase conversion not sent', { chargeId: input.chargeId, reason: (error as Error).message });
    return 'failed';
  }
}

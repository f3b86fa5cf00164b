import type { ConversionRequest } from '../../domain/api/conversions.js';
import { CONTRACT_PRICE } from '../../domain/pricing.js';
import {
  hashEmail,
  type Conversion,
  type ConversionResult,
  type ConversionsProvider,
} from '../providers/conversions.js';
import { logger } from '../shared/logger.js';

/** What the server knows about the request beyond its body: CloudFront's viewer address and the user agent. */
export type RequestContext = { ip?: string; userAgent?: string; now: Date };

/** Google's click id from the page's query string (`?gclid=…`), when the visit came from an ad. */
export function gclidOf(pageUrl: string): string | undefined {
  try {
    const gclid = new URL(pageUrl).searchParams.get('gclid') ?? '';
    return /^[\w-]{1,512}$/.test(gclid) ? gclid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A browser's event as the ad platforms get it: the value is the server's (a checkout is the contract's price; other
 * events carry none), the e-mail is hashed here and goes nowhere in clear.
 */
export function conversionFromRequest(body: ConversionRequest, context: RequestContext): Conversion {
  return {
    event: body.event,
    eventId: body.event_id,
    time: context.now,
    sourceUrl: body.page_url,
    origin: 'website',
    ...(body.event === 'checkout' ? { value: CONTRACT_PRICE } : {}),
    user: {
      ...(body.email ? { hashedEmail: hashEmail(body.email) } : {}),
      ...(context.ip ? { ip: context.ip } : {}),
      ...(context.userAgent ? { userAgent: context.userAgent.slice(0, 512) } : {}),
      ...(body.fbp ? { fbp: body.fbp } : {}),
      ...(body.fbc ? { fbc: body.fbc } : {}),
      ...(gclidOf(body.page_url) ? { gclid: gclidOf(body.page_url) } : {}),
    },
  };
}

export type FanOutOutcome = Record<ConversionsProvider['name'], ConversionResult | 'failed'>;

/**
 * Sends one conversion to every platform at once. Never throws: a platform that fails is logged (with the event and
 * the reason, never the person's data) and the others go on.
 */
export async function sendToAll(
  providers: readonly ConversionsProvider[],
  conversion: Conversion,
): Promise<Partial<FanOutOutcome>> {
  const results = await Promise.allSettled(providers.map((provider) => provider.send(conversion)));
  const outcome: Partial<FanOutOutcome> = {};
  results.forEach((result, index) => {
    const provider = providers[index]!;
    if (result.status === 'fulfilled') {
      outcome[provider.name] = result.value;
      return;
    }
    outcome[provider.name] = 'failed';
    const error = result.reason as Error & { status?: number; detail?: unknown };
    logger.warn('Conversion not delivered', {
      provider: provider.name,
      event: conversion.event,
      eventId: conversion.eventId,
      reason: error.message,
      status: error.status,
      detail: error.detail,
    });
  });
  return outcome;
}

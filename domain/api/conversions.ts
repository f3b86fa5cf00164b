import * as z from 'zod';
import { EMAIL_MAX_LENGTH } from '../auth.js';
import {
  BROWSER_CONVERSION_EVENTS,
  CONVERSIONS_PATH,
  EVENTS_WITH_EMAIL,
  type ConversionEvent,
} from '../conversion-events.js';
import { CONVERSION_MESSAGES } from '../messages.js';
import { defineRoute } from './route.js';

/** The largest body the route reads: the fields below fit in a fraction of it. */
export const CONVERSION_MAX_BODY_BYTES = 4096;

/**
 * A marketing event the browser reports. Only the events a visitor causes on the site; the value, the currency, the
 * IP and the user agent are the server's to add, never the browser's to claim. Unknown fields are refused.
 */
export const conversionRequestSchema = z
  .strictObject({
    event: z.enum(BROWSER_CONVERSION_EVENTS, { error: CONVERSION_MESSAGES.invalidEvent }),
    /** Generated in the browser for each event; the pixel sends the same id, so Meta deduplicates the pair. */
    event_id: z.uuid({ error: CONVERSION_MESSAGES.invalidEventId }),
    page_url: z
      .url({ protocol: /^https?$/, error: CONVERSION_MESSAGES.invalidPageUrl })
      .max(2048, { error: CONVERSION_MESSAGES.invalidPageUrl }),
    /** Meta's browser id and click id cookies (`_fbp`, `_fbc`), as the pixel wrote them. */
    fbp: z.string().trim().min(1).max(256).optional(),
    fbc: z.string().trim().min(1).max(512).optional(),
    email: z
      .email({ error: CONVERSION_MESSAGES.invalidEmail })
      .max(EMAIL_MAX_LENGTH, { error: CONVERSION_MESSAGES.invalidEmail })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email !== undefined && !EVENTS_WITH_EMAIL.includes(value.event as ConversionEvent)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: CONVERSION_MESSAGES.emailNotAllowed });
    }
  });
export type ConversionRequest = z.infer<typeof conversionRequestSchema>;

/**
 * facebook-conversions and google-ads-conversions (spec 01 §7) in one public route: the server adds what it can trust
 * and fans the event out. Answered 202 whatever the providers say: tracking never fails what the visitor is doing.
 */
export const recordConversionRoute = defineRoute({
  id: 'RecordConversion',
  method: 'POST',
  path: CONVERSIONS_PATH,
  access: 'public',
  body: conversionRequestSchema,
  response: z.object({ accepted: z.literal(true) }),
});

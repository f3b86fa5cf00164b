import { API_BASE_PATH } from '@domain/api/base-path.js';
import {
  CONVERSIONS_PATH,
  EVENTS_WITH_EMAIL,
  TRACKING_CURRENCY,
  type BrowserConversionEvent,
} from '@domain/conversion-events.js';
import { CONTRACT_PRICE } from '@domain/pricing.js';
import { pixelConsent, trackPixelEvent } from './pixel';

/**
 * Marketing events of the site (spec 01 §7): each goes to our server (which adds what it can trust and fans it out to
 * the ad platforms) and to the pixel when it is loaded, under one event id so Meta counts the pair once. Tracking
 * never blocks or breaks what the visitor is doing: nothing here throws or is awaited, failures are only logged.
 * Public-page code: plain constants and fetch only (no zod, no API client).
 */
export type ConversionEventName = BrowserConversionEvent;

export type ConversionData = {
  /** sign_up and login only; the server hashes it before it goes anywhere. */
  email?: string;
};

/** The visitor clicked a start button (landing page): the lead event. */
export function recordLead(): void {
  recordConversion('lead');
}

/**
 * Start buttons carry `data-lead`; one document listener records their lead event, so it works on a prerendered page
 * before React has taken over, and after, without a handler on every button.
 */
export function recordLeadsOfStartButtons(): void {
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-lead]')) recordLead();
  });
}

export type ConversionContext = { eventId: string; pageUrl: string; cookies: string; now: number };

/** The route's body (domain/api/conversions.ts): only what the contract takes; the e-mail only where it may go. */
export function conversionRequestBody(
  event: ConversionEventName,
  data: ConversionData,
  context: ConversionContext,
): Record<string, string> {
  const fbp = cookie(context.cookies, '_fbp');
  const fbc = cookie(context.cookies, '_fbc') ?? fbcFromUrl(context.pageUrl, context.now);
  const email = data.email?.trim();
  return {
    event,
    event_id: context.eventId,
    // The contract's limits: an ad's long query string must not cost the event.
    page_url: context.pageUrl.slice(0, 2048),
    ...(fbp ? { fbp: fbp.slice(0, 256) } : {}),
    ...(fbc ? { fbc: fbc.slice(0, 512) } : {}),
    ...(email && EVENTS_WITH_EMAIL.includes(event) ? { email } : {}),
  };
}

export function recordConversion(event: ConversionEventName, data: ConversionData = {}): void {
  try {
    // The privacy policy: server-side events rest on legitimate interest, which yields to a refusal of the pixel.
    if (pixelConsent() === 'denied') return;
    const eventId = newEventId();
    const body = conversionRequestBody(event, data, {
      eventId,
      pageUrl: window.location.href,
      cookies: document.cookie,
      now: Date.now(),
    });
    // keepalive: the request outlives a navigation that follows the click (the landing's start buttons).
    void fetch(`${API_BASE_PATH}${CONVERSIONS_PATH}`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch((error: unknown) => console.warn('Conversion not recorded', event, error));
    trackPixelEvent(event, eventId, event === 'checkout' ? { value: CONTRACT_PRICE, currency: TRACKING_CURRENCY } : {});
  } catch (error) {
    console.warn('Conversion not recorded', event, error);
  }
}

function cookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Meta's click id from an ad's `?fbclid=`, in its cookie format, when the pixel has not written `_fbc` yet. */
function fbcFromUrl(pageUrl: string, now: number): string | undefined {
  try {
    const fbclid = new URL(pageUrl).searchParams.get('fbclid');
    return fbclid ? `fb.1.${now}.${fbclid}` : undefined;
  } catch {
    return undefined;
  }
}

/** A v4 UUID (the contract's event id); crypto.randomUUID exists only in secure contexts. */
function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

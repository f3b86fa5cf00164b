/**
 * Marketing conversion events (spec 01 §7 facebook-conversions, google-ads-conversions; spec 02 §6 checkout and
 * purchase). Plain constants, no zod: the public pages' tracking code imports them.
 */

/** What the browser may report. A purchase never comes from the browser: the payment workflow sends it. */
export const BROWSER_CONVERSION_EVENTS = ['lead', 'sign_up', 'login', 'checkout'] as const;
export type BrowserConversionEvent = (typeof BROWSER_CONVERSION_EVENTS)[number];
export type ConversionEvent = BrowserConversionEvent | 'purchase';

/** Events whose request may carry the person's e-mail (hashed on the server before it goes anywhere). */
export const EVENTS_WITH_EMAIL: readonly ConversionEvent[] = ['sign_up', 'login'];

/** The public route that takes the browser's events, relative to the API's base path. */
export const CONVERSIONS_PATH = '/public/conversions';

/**
 * Meta's name for each event: its standard events where one fits, a custom event for login. The pixel and the
 * Conversions API send the same name with the same event id, so Meta counts the pair once.
 */
export const META_EVENT_NAMES: Record<ConversionEvent, { name: string; standard: boolean }> = {
  lead: { name: 'Lead', standard: true },
  sign_up: { name: 'CompleteRegistration', standard: true },
  login: { name: 'Login', standard: false },
  checkout: { name: 'InitiateCheckout', standard: true },
  purchase: { name: 'Purchase', standard: true },
};

/** Tracking currency (spec 01 §9). */
export const TRACKING_CURRENCY = 'BRL';

/**
 * Per-address limit of the conversions route (counted like the other public routes' limits, pattern 43). A visitor
 * sends a handful of events; generous because many Brazilian mobile users share one carrier address (CGNAT).
 */
export const CONVERSION_RATE_LIMIT = { scope: 'CONVERSION_IP', limit: 60, windowSeconds: 10 * 60 } as const;

/**
 * The pixel's consent request (LGPD art. 7 I; the privacy policy's "Cookies e armazenamento local"). Kept here rather
 * than in messages.ts: it is shown by the public pages' tracking code, which carries as little as it can.
 */
export const PIXEL_CONSENT_MESSAGES = {
  label: 'Consentimento de cookies',
  text: 'Usamos os cookies do pixel da Meta para medir visitas e campanhas de marketing. Você aceita?',
  policyLink: 'Saiba mais',
  accept: 'Aceitar',
  refuse: 'Recusar',
} as const;

/**
 * Marketing events of the public site (spec 01 §7): the pixel's page views and the server-side conversions. Tracking
 * never blocks or breaks what the visitor is doing: failures are only logged.
 */
export type ConversionEventName = 'lead' | 'sign_up' | 'login' | 'checkout' | 'purchase';

/** The visitor clicked a start button (landing page): the lead event. */
export function recordLead(): void {
  recordConversion('lead');
}

export function recordConversion(_event: ConversionEventName): void {
  // Implemented with the conversions routes (issue 9, item 7).
}

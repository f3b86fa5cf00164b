import { CONTRACT_MESSAGES } from './messages.js';
import { printableText } from './printable-text.js';
import type { Contract } from './schemas/entities.js';

type Geo = NonNullable<Contract['geo_assinatura']>;

/** ISO 3166-1 country codes CloudFront sends, as a person reads them; others are shown as the code. */
const COUNTRY_NAMES: Record<string, string> = { BR: 'Brasil', PT: 'Portugal', US: 'Estados Unidos' };

const coordinate = (value: string | undefined, limit: number): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
};

const text = (value: string | undefined): string | null => {
  // Header values are untrusted text: cleaned as a profile is (NFC, nothing invisible, only what the PDF can print),
  // then kept to letters, digits and a few separators, and short.
  const cleaned = printableText(value ?? '')
    .replace(/[^\p{L}\p{M}\p{N} .,'-]/gu, '')
    .trim();
  return cleaned.slice(0, 80).trim() || null;
};

/**
 * Where a signature came from, read from CloudFront's viewer headers (lower-cased, as API Gateway passes them), with
 * the spec's defaults for whatever is missing: 'N/A' for city and state, 'Brasil' for the country, null coordinates.
 */
export function geoFromViewerHeaders(headers: Readonly<Record<string, string | undefined>>): Geo {
  const region = text(headers['cloudfront-viewer-country-region']);
  const country = text(headers['cloudfront-viewer-country'])?.toUpperCase() ?? null;
  // CloudFront percent-encodes non-ASCII city names (São Lourenço).
  const rawCity = headers['cloudfront-viewer-city'];
  const city = text(rawCity === undefined ? undefined : decodeURIComponentSafe(rawCity));
  return {
    cidade: city ?? CONTRACT_MESSAGES.locationUnavailable,
    estado: region ?? CONTRACT_MESSAGES.locationUnavailable,
    pais: country ? (COUNTRY_NAMES[country] ?? country) : CONTRACT_MESSAGES.defaultCountry,
    latitude: coordinate(headers['cloudfront-viewer-latitude'], 90),
    longitude: coordinate(headers['cloudfront-viewer-longitude'], 180),
  };
}

/**
 * The browser as the signature records and prints it: the User-Agent header cleaned as the profile's text is (an
 * unprintable or invisible character could not be drawn, or would hide what the line says) and cut at 300
 * characters; 'N/A' when nothing is left.
 */
export function signerUserAgent(header: string | undefined): string {
  return (
    printableText(header ?? '')
      .slice(0, 300)
      .trim() || 'N/A'
  );
}

/**
 * The viewer's IP from CloudFront-Viewer-Address, which is "ip:port" (an IPv6 address is not bracketed, so the port is
 * what follows the last colon). Behind CloudFront, API Gateway's own source IP is the edge's, not the person's.
 */
export function viewerAddressIp(header: string | undefined): string | undefined {
  const value = header?.trim() ?? '';
  const colon = value.lastIndexOf(':');
  return colon > 0 && /^\d{1,5}$/.test(value.slice(colon + 1)) ? value.slice(0, colon) : undefined;
}

/** The signer's IP (CloudFront's viewer address, else API Gateway's source IP), or the spec's default. */
export function signerIp(sourceIp: string | undefined): string {
  const ip = sourceIp?.trim();
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : CONTRACT_MESSAGES.ipUnavailable;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

import { saoPauloDateDigits } from './dates.js';

/**
 * Protocol numbers (spec: "begins with LM plus date digits"; the rest is ours, see docs/decisions.md):
 * LM + yyyyMMdd (São Paulo) + a 5-digit daily sequence from an atomic counter, e.g. LM2026112100042.
 * protocolo_completo adds a mod-11 check digit so a mistyped protocol is caught before a lookup.
 */
export const PROTOCOL_PATTERN = /^LM\d{8}\d{5}$/;

export function formatProtocol(instant: Date, dailySequence: number): string {
  if (!Number.isInteger(dailySequence) || dailySequence < 1 || dailySequence > 99_999) {
    throw new RangeError(`daily protocol sequence out of range: ${dailySequence}`);
  }
  return `LM${saoPauloDateDigits(instant)}${String(dailySequence).padStart(5, '0')}`;
}

export function protocolCheckDigit(protocolo: string): number {
  const digits = protocolo.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * ((i % 8) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** LM2026112100042 → LM2026112100042-0 */
export function fullProtocol(protocolo: string): string {
  return `${protocolo}-${protocolCheckDigit(protocolo)}`;
}

/** Accepts either form, any case and stray spaces; null when it is not a protocol. */
export function parseProtocol(value: string): string | null {
  const cleaned = value.trim().toUpperCase().replace(/\s+/g, '');
  const match = /^(LM\d{13})(?:-(\d))?$/.exec(cleaned);
  if (!match) return null;
  const [, protocolo, check] = match;
  if (check !== undefined && Number(check) !== protocolCheckDigit(protocolo!)) return null;
  return protocolo!;
}

import { saoPauloDateDigits } from './sao-paulo-calendar.js';

/**
 * Protocol numbers (spec: "begins with LM plus date digits"; the rest is ours, see docs/decisions.md, "An unguessable
 * public lookup"). A protocol is what the public lookup and Nada Consta take, so it must not be guessable:
 *
 * - Current: LM + yyyyMMdd (São Paulo) + 11 random characters of Crockford's base32 (55 bits from a CSPRNG) + one
 *   Luhn mod 32 check character, grouped for reading: `LM20261121-K7Q3-9XTD-M2PA`. The alphabet has no I, L, O or U,
 *   so nothing reads two ways; a typed I or L counts as 1 and O as 0. The check character catches any single mistyped
 *   character and most swaps of neighbours before the lookup reads anything, so `protocolo_completo` is the protocol
 *   itself.
 * - Legacy (before protocols became unguessable): LM + yyyyMMdd + a 5-digit daily sequence, `LM2026112100042`,
 *   whose `protocolo_completo` appends a mod-11 check digit (`LM2026112100042-0`). Still found in either form; never
 *   issued again.
 */
export const PROTOCOL_PATTERN = /^LM\d{8}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const LEGACY_PROTOCOL_PATTERN = /^LM\d{13}$/;

export const PROTOCOL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a protocol (5 bits each): 55 bits, see the walk arithmetic in docs/decisions.md. */
export const PROTOCOL_RANDOM_LENGTH = 11;
/** Random bytes a protocol needs from the caller's CSPRNG: 7 bytes = 56 bits, of which it keeps 55. */
export const PROTOCOL_RANDOM_BYTES = 7;

/** A new protocol of the São Paulo day of `instant`, from `bytes` of the caller's CSPRNG. */
export function protocolFromBytes(instant: Date, bytes: Uint8Array): string {
  if (bytes.length < PROTOCOL_RANDOM_BYTES) {
    throw new RangeError(`a protocol needs ${PROTOCOL_RANDOM_BYTES} random bytes`);
  }
  let value = 0n;
  for (const byte of bytes.subarray(0, PROTOCOL_RANDOM_BYTES)) value = (value << 8n) | BigInt(byte);
  let random = '';
  for (let i = 0; i < PROTOCOL_RANDOM_LENGTH; i++) {
    random += PROTOCOL_ALPHABET[Number(value & 31n)];
    value >>= 5n;
  }
  const date = saoPauloDateDigits(instant);
  return groupProtocol(date, `${random}${luhnCheckCharacter(`${date}${random}`)}`);
}

/** A legacy protocol (daily sequence). Only for tests and fixtures of data written before the random protocols. */
export function formatLegacyProtocol(instant: Date, dailySequence: number): string {
  if (!Number.isInteger(dailySequence) || dailySequence < 1 || dailySequence > 99_999) {
    throw new RangeError(`daily protocol sequence out of range: ${dailySequence}`);
  }
  return `LM${saoPauloDateDigits(instant)}${String(dailySequence).padStart(5, '0')}`;
}

/** The mod-11 check digit of a legacy protocol. */
export function protocolCheckDigit(protocolo: string): number {
  const digits = protocolo.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * ((i % 8) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** What a protocol is shown as: legacy LM2026112100042 → LM2026112100042-0; a current one carries its own check. */
export function fullProtocol(protocolo: string): string {
  return LEGACY_PROTOCOL_PATTERN.test(protocolo) ? `${protocolo}-${protocolCheckDigit(protocolo)}` : protocolo;
}

/**
 * A typed protocol → the stored one, or null when it cannot be one (then nothing is read). Any case, stray spaces and
 * dashes are forgiven, and in the random part I or L reads as 1 and O as 0.
 */
export function parseProtocol(value: string): string | null {
  if (value.length > 64) return null;
  const cleaned = value.trim().toUpperCase().replace(/\s+/g, '');
  const legacy = /^(LM\d{13})(?:-(\d))?$/.exec(cleaned);
  if (legacy) {
    const [, protocolo, check] = legacy;
    if (check !== undefined && Number(check) !== protocolCheckDigit(protocolo!)) return null;
    return protocolo!;
  }
  const current = /^LM(\d{8})([0-9A-Z]{12})$/.exec(cleaned.replace(/-/g, ''));
  if (!current) return null;
  const date = current[1]!;
  const random = current[2]!.replace(/[IL]/g, '1').replace(/O/g, '0');
  for (const character of random) if (!PROTOCOL_ALPHABET.includes(character)) return null;
  if (luhnCheckCharacter(`${date}${random.slice(0, -1)}`) !== random.slice(-1)) return null;
  return groupProtocol(date, random);
}

function groupProtocol(date: string, random: string): string {
  return `LM${date}-${random.slice(0, 4)}-${random.slice(4, 8)}-${random.slice(8, 12)}`;
}

/**
 * Luhn mod N over the protocol's alphabet (N = 32): every single-character error changes it, and so do swaps of
 * neighbours except the pair that the Luhn doubling maps onto itself (as with card numbers).
 */
function luhnCheckCharacter(characters: string): string {
  const n = PROTOCOL_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = characters.length - 1; i >= 0; i--) {
    const addend = factor * PROTOCOL_ALPHABET.indexOf(characters[i]!);
    sum += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return PROTOCOL_ALPHABET[(n - (sum % n)) % n]!;
}

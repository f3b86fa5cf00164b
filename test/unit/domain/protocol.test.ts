import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatLegacyProtocol,
  fullProtocol,
  LEGACY_PROTOCOL_PATTERN,
  parseProtocol,
  PROTOCOL_ALPHABET,
  protocolCheckDigit,
  protocolFromBytes,
  PROTOCOL_PATTERN,
} from '../../../domain/protocol.js';

const DAY = new Date('2026-11-22T02:30:00Z'); // 02:30 UTC on the 22nd is still the 21st in São Paulo (UTC-3).
const BYTES = Uint8Array.from([0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde]);

describe('protocol numbers (current: date + random part + check character)', () => {
  it('start with LM and the São Paulo date, then three groups of four readable characters', () => {
    const protocolo = protocolFromBytes(DAY, BYTES);
    expect(protocolo).toMatch(PROTOCOL_PATTERN);
    expect(protocolo.startsWith('LM20261121-')).toBe(true);
    expect(protocolo.slice(2)).not.toMatch(/[ILOU]/);
  });

  it('take their random part from the bytes: different bytes, different protocols; a short buffer is refused', () => {
    const other = Uint8Array.from(BYTES);
    other[0] = (other[0] ?? 0) ^ 1;
    expect(protocolFromBytes(DAY, other)).not.toBe(protocolFromBytes(DAY, BYTES));
    expect(() => protocolFromBytes(DAY, BYTES.subarray(0, 6))).toThrow(RangeError);
  });

  it('are not neighbours of each other: 500 fresh ones share no prefix a walk could follow', () => {
    const made = Array.from({ length: 500 }, () => protocolFromBytes(DAY, randomBytes(7)));
    expect(new Set(made).size).toBe(made.length);
    for (const protocolo of made) expect(parseProtocol(protocolo)).toBe(protocolo);
    // The first random character spreads over the whole alphabet instead of counting up.
    const firsts = new Set(made.map((p) => p.charAt(11)));
    expect(firsts.size).toBe(PROTOCOL_ALPHABET.length);
  });

  it('are shown as they are stored: the check character is part of the protocol', () => {
    const protocolo = protocolFromBytes(DAY, BYTES);
    expect(fullProtocol(protocolo)).toBe(protocolo);
  });

  it('parse in any case, without dashes, with spaces, and with I/L typed for 1 and O for 0', () => {
    const protocolo = protocolFromBytes(DAY, Uint8Array.from([0, 0, 0, 0, 0, 0, 0x21]));
    // Bytes ending 0x21 give a random part starting 1 then 1 then 0s: room for the look-alike letters.
    expect(protocolo.slice(11, 14)).toBe('110');
    const compact = protocolo.replace(/-/g, '');
    expect(parseProtocol(compact.toLowerCase())).toBe(protocolo);
    expect(parseProtocol(` ${protocolo.slice(0, 14)} ${protocolo.slice(14)} `)).toBe(protocolo);
    const lookAlikes = `${protocolo.slice(0, 11)}IlO${protocolo.slice(14)}`;
    expect(parseProtocol(lookAlikes)).toBe(protocolo);
  });

  it('reject every single mistyped character and a U, before anything is read', () => {
    const protocolo = protocolFromBytes(DAY, BYTES);
    const compact = protocolo.replace(/-/g, '');
    for (let i = 2; i < compact.length; i++) {
      const alphabet = i < 10 ? '0123456789' : PROTOCOL_ALPHABET;
      for (const character of alphabet) {
        if (character === compact[i]) continue;
        const typo = `${compact.slice(0, i)}${character}${compact.slice(i + 1)}`;
        expect(parseProtocol(typo), typo).toBeNull();
      }
    }
    expect(parseProtocol(`${compact.slice(0, -1)}U`)).toBeNull();
    expect(parseProtocol(`${compact}0`)).toBeNull();
    expect(parseProtocol(compact.slice(0, -1))).toBeNull();
  });

  it('reject nearly every swap of neighbouring characters (Luhn misses one pair per position)', () => {
    let caught = 0;
    let swaps = 0;
    for (let n = 0; n < 100; n++) {
      const compact = protocolFromBytes(DAY, randomBytes(7)).replace(/-/g, '');
      for (let i = 2; i < compact.length - 1; i++) {
        if (compact[i] === compact[i + 1]) continue;
        swaps += 1;
        const swapped = `${compact.slice(0, i)}${compact[i + 1]}${compact[i]}${compact.slice(i + 2)}`;
        if (parseProtocol(swapped) === null) caught += 1;
      }
    }
    expect(caught / swaps).toBeGreaterThan(0.99);
  });

  it('cannot be taken for a CNPJ: 14 characters, against 22 for a protocol', () => {
    expect(parseProtocol('12ABC34501DE35')).toBeNull();
    expect(parseProtocol('LMABC34501DE35')).toBeNull();
  });
});

describe('legacy protocol numbers (daily sequence, before the random ones)', () => {
  it('still start with LM and the São Paulo date, even just before UTC midnight', () => {
    expect(formatLegacyProtocol(DAY, 42)).toBe('LM2026112100042');
    expect(formatLegacyProtocol(DAY, 42)).toMatch(LEGACY_PROTOCOL_PATTERN);
    expect(formatLegacyProtocol(DAY, 42)).not.toMatch(PROTOCOL_PATTERN);
  });
  it('refuse a sequence outside 1..99999', () => {
    expect(() => formatLegacyProtocol(new Date(), 0)).toThrow(RangeError);
    expect(() => formatLegacyProtocol(new Date(), 100_000)).toThrow(RangeError);
  });
  it('parse both forms and reject a wrong check digit', () => {
    const p = 'LM2026112100042';
    const full = fullProtocol(p);
    expect(full).toBe(`${p}-${protocolCheckDigit(p)}`);
    expect(parseProtocol(` ${full.toLowerCase()} `)).toBe(p);
    expect(parseProtocol(p)).toBe(p);
    const wrong = `${p}-${(protocolCheckDigit(p) + 1) % 10}`;
    expect(parseProtocol(wrong)).toBeNull();
    expect(parseProtocol('12345678901')).toBeNull();
  });
  it('catch a single mistyped digit', () => {
    const p = 'LM2026112100042';
    const typo = 'LM2026112100043';
    expect(protocolCheckDigit(p)).not.toBe(protocolCheckDigit(typo));
  });
});

// Boundaries and weights: see also protocol-and-history-edges.test.ts.
describe('protocol check digits and parsing', () => {
  // Mod 11 with weights 2..9 from the rightmost digit, repeating; a rest of 0 or 1 gives 0.
  it.each([
    ['LM2026112100042', 0], // sum 88, rest 0
    ['LM2026010100001', 0], // sum 56, rest 1
    ['LM2026112100043', 9], // sum 90, rest 2
    ['LM2026112300042', 8], // sum 102, rest 3
    ['LM2026112100005', 6], // sum 82, rest 5
    ['LM2026112100001', 3], // sum 74, rest 8
    ['LM2026112100010', 2], // sum 75, rest 9
  ])('gives %s the check digit %i', (protocolo, digit) => {
    expect(protocolCheckDigit(protocolo)).toBe(digit);
    expect(fullProtocol(protocolo)).toBe(`${protocolo}-${digit}`);
    expect(parseProtocol(`${protocolo}-${digit}`)).toBe(protocolo);
  });

  it('refuses anything after the protocol or its check digit', () => {
    expect(parseProtocol('LM20261121000420')).toBeNull();
    expect(parseProtocol('LM2026112100042-00')).toBeNull();
    expect(parseProtocol('LM2026112100042X')).toBeNull();
    expect(parseProtocol('LM202611210004')).toBeNull();
    expect(parseProtocol('')).toBeNull();
  });
});

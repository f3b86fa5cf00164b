import { describe, expect, it } from 'vitest';
import {
  formatProtocol,
  fullProtocol,
  parseProtocol,
  protocolCheckDigit,
  PROTOCOL_PATTERN,
} from '../../../domain/protocol.js';

describe('protocol numbers', () => {
  it('start with LM and the São Paulo date, even just before UTC midnight', () => {
    // 02:30 UTC on the 22nd is still the 21st in São Paulo (UTC-3).
    expect(formatProtocol(new Date('2026-11-22T02:30:00Z'), 42)).toBe('LM2026112100042');
    expect(formatProtocol(new Date('2026-11-22T02:30:00Z'), 42)).toMatch(PROTOCOL_PATTERN);
  });
  it('refuse a sequence outside 1..99999', () => {
    expect(() => formatProtocol(new Date(), 0)).toThrow(RangeError);
    expect(() => formatProtocol(new Date(), 100_000)).toThrow(RangeError);
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

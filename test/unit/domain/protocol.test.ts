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

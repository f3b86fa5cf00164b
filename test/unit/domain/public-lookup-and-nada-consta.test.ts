import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { documentTypeOf, isValidDocument, normalizeDocument } from '../../../domain/documents.js';
import { lookupRequestSchema } from '../../../domain/lookup.js';
import { LOOKUP_INPUT_MESSAGES, LOOKUP_MESSAGES, NADA_CONSTA_MESSAGES } from '../../../domain/messages.js';
import {
  formatVerificationCode,
  nadaConstaRequestSchema,
  nadaConstaValidityLabel,
  parseVerificationCode,
  VERIFICATION_CODE_ALPHABET,
  verificationCodeFromBytes,
  verificationPath,
} from '../../../domain/nada-consta.js';
import { fullProtocol } from '../../../domain/protocol.js';
import { RATE_LIMITS, rateLimitAddress, rateWindow } from '../../../domain/rate-limits.js';

const PROTOCOL = 'LM2026112100042';

describe('lookup input', () => {
  const messageOf = (consulta: unknown) => lookupRequestSchema.safeParse({ consulta }).error?.issues[0]?.message;

  it('accepts every form a CPF, a CNPJ (also alphanumeric) or a protocol is typed in, trimmed', () => {
    for (const consulta of [
      '529.982.247-25',
      '52998224725',
      '11.222.333/0001-81',
      '12.ABC.345/01DE-35',
      '12abc34501de35',
      PROTOCOL,
      fullProtocol(PROTOCOL).toLowerCase(),
      ' 529 982 247 25 ',
    ]) {
      expect(lookupRequestSchema.parse({ consulta })).toEqual({ consulta: consulta.trim() });
    }
  });

  it('refuses empty, overlong and foreign characters with pt-BR messages', () => {
    expect(messageOf('')).toBe(LOOKUP_MESSAGES.requiredDescription);
    expect(messageOf(' \t ')).toBe(LOOKUP_MESSAGES.requiredDescription);
    expect(messageOf('1'.repeat(33))).toBe(LOOKUP_INPUT_MESSAGES.tooLong);
    for (const consulta of ['529.982.247-25;', "' OR 1=1", 'maria@example.com', '<script>', 'ção', '52998224725\n1']) {
      expect(messageOf(consulta)).toBe(LOOKUP_INPUT_MESSAGES.invalidCharacters);
    }
    expect(messageOf(42)).toBeTypeOf('string');
  });

  it('reads the official alphanumeric CNPJ example as a valid CNPJ (checked with @brazilian-utils)', () => {
    expect(isValidCnpj('12ABC34501DE35', { version: 2 })).toBe(true);
    expect(documentTypeOf('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(isValidDocument('cnpj', '12.ABC.345/01DE-35')).toBe(true);
    expect(normalizeDocument('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(isValidDocument('cnpj', '12.ABC.345/01DE-36')).toBe(false);
  });
});

describe('rate-limit windows', () => {
  const rule = { scope: 'TEST', limit: 3, windowSeconds: 600 };

  it('aligns fixed windows to their length, so every call in one window shares its counter', () => {
    const start = Date.UTC(2026, 6, 1, 12, 0, 0) / 1000;
    expect(rateWindow(rule, new Date(start * 1000))).toEqual({ start, end: start + 600 });
    expect(rateWindow(rule, new Date((start + 599) * 1000 + 999))).toEqual({ start, end: start + 600 });
    expect(rateWindow(rule, new Date((start + 600) * 1000)).start).toBe(start + 600);
    expect(rateWindow(rule, new Date((start - 1) * 1000)).start).toBe(start - 600);
  });

  it('keeps the chosen limits', () => {
    expect(RATE_LIMITS.lookupByAddress).toMatchObject({ limit: 20, windowSeconds: 600 });
    expect(RATE_LIMITS.lookupByQuery).toMatchObject({ limit: 5, windowSeconds: 600 });
    expect(RATE_LIMITS.nadaConstaByAddress).toMatchObject({ limit: 10, windowSeconds: 3600 });
    expect(RATE_LIMITS.nadaConstaByProtocol).toMatchObject({ limit: 5, windowSeconds: 3600 });
    expect(RATE_LIMITS.verificationByAddress).toMatchObject({ limit: 30, windowSeconds: 600 });
    const scopes = Object.values(RATE_LIMITS).map((limit) => limit.scope);
    expect(new Set(scopes).size).toBe(scopes.length);
    for (const scope of scopes) expect(scope).toMatch(/^[A-Z_]+$/);
  });

  it('counts an IPv4 address as is and an IPv6 address by its /64', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitAddress('2001:0DB8:ABCD:0012:ffff:1:2:3')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    for (const junk of [undefined, '', 'IP não disponível', '1:2:3', '1::2::3', '12345::1', '1:2:3:4:5:6:7:8:9']) {
      expect(rateLimitAddress(junk)).toBe('unknown');
    }
  });
});

describe('verification codes', () => {
  it('turns 8 random bytes into 12 Crockford base32 characters', () => {
    expect(verificationCodeFromBytes(new Uint8Array(8))).toBe('000000000000');
    expect(verificationCodeFromBytes(new Uint8Array(8).fill(255))).toBe('ZZZZZZZZZZZZ');
    const code = verificationCodeFromBytes(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(VERIFICATION_CODE_ALPHABET).toHaveLength(32);
    expect(() => verificationCodeFromBytes(new Uint8Array(7))).toThrow(RangeError);
  });

  it('gives distinct codes for distinct bytes', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 256; i++) codes.add(verificationCodeFromBytes(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, i])));
    expect(codes.size).toBe(256);
  });

  it('shows XXXX-XXXX-XXXX and reads any honest way of typing it back', () => {
    expect(formatVerificationCode('ABCD1234WXYZ')).toBe('ABCD-1234-WXYZ');
    expect(verificationPath('ABCD1234WXYZ')).toBe('/verificar/ABCD-1234-WXYZ');
    for (const typed of ['ABCD-1234-WXYZ', 'abcd1234wxyz', ' abcd 1234 wxyz ', 'ABCD-I234-WXYZ', 'ABCD-l234-WXYZ']) {
      expect(parseVerificationCode(typed)).toBe('ABCD1234WXYZ');
    }
    expect(parseVerificationCode('0O0O-0000-0000')).toBe('000000000000');
  });

  it('refuses what cannot be a code', () => {
    for (const value of ['', 'ABCD-1234-WXY', 'ABCD-1234-WXYZ0', 'ABCD-1234-WXYU', 'ABCD/1234/WXYZ', 'X'.repeat(41)]) {
      expect(parseVerificationCode(value)).toBeNull();
    }
  });

  it('labels validity in Portuguese', () => {
    expect(nadaConstaValidityLabel(true)).toBe('Vigente');
    expect(nadaConstaValidityLabel(false)).toBe('Não vigente');
  });
});

describe('Nada Consta request', () => {
  const valid = {
    protocolo: ` ${fullProtocol(PROTOCOL).toLowerCase()} `,
    email: ' Maria@Example.COM ',
    a: 3,
    b: 8,
    answer: 11,
  };
  const fieldsOf = (body: unknown) =>
    Object.fromEntries(
      (nadaConstaRequestSchema.safeParse(body).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]),
    );

  it('normalises the protocol and the e-mail', () => {
    expect(nadaConstaRequestSchema.parse(valid)).toEqual({
      protocolo: PROTOCOL,
      email: 'maria@example.com',
      a: 3,
      b: 8,
      answer: 11,
    });
  });

  it('checks the sum on the server, with numbers from 1 to 8', () => {
    expect(fieldsOf({ ...valid, answer: 10 })).toEqual({ answer: NADA_CONSTA_MESSAGES.invalidCheck });
    expect(fieldsOf({ ...valid, a: 9, answer: 17 })).toEqual({ a: NADA_CONSTA_MESSAGES.invalidCheck });
    expect(fieldsOf({ ...valid, a: 0, answer: 8 })).toEqual({ a: NADA_CONSTA_MESSAGES.invalidCheck });
    expect(fieldsOf({ ...valid, b: 2.5, answer: 5.5 })).toMatchObject({ b: NADA_CONSTA_MESSAGES.invalidCheck });
    expect(fieldsOf({ ...valid, answer: '11' })).toEqual({ answer: NADA_CONSTA_MESSAGES.invalidCheck });
  });

  it('asks for the protocol and the e-mail in Portuguese', () => {
    expect(fieldsOf({ ...valid, protocolo: '  ', email: '' })).toEqual({
      protocolo: NADA_CONSTA_MESSAGES.protocolRequired,
      email: NADA_CONSTA_MESSAGES.emailRequired,
    });
    expect(fieldsOf({ ...valid, protocolo: 'LM123', email: 'maria@' })).toEqual({
      protocolo: NADA_CONSTA_MESSAGES.invalidProtocol,
      email: NADA_CONSTA_MESSAGES.invalidEmail,
    });
    // A wrong check digit is caught before any lookup.
    const wrongCheck = `${PROTOCOL}-${(Number(fullProtocol(PROTOCOL).slice(-1)) + 1) % 10}`;
    expect(fieldsOf({ ...valid, protocolo: wrongCheck })).toEqual({ protocolo: NADA_CONSTA_MESSAGES.invalidProtocol });
    expect(fieldsOf({})).toMatchObject({
      protocolo: NADA_CONSTA_MESSAGES.protocolRequired,
      email: NADA_CONSTA_MESSAGES.emailRequired,
    });
  });
});

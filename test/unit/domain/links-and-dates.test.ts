import { describe, expect, it } from 'vitest';
import {
  authActionLink,
  emailChangeLink,
  magicLinkEmail,
  parseAuthActionLink,
  parseEmailChangeLink,
  parseMagicLinkFragment,
} from '../../../domain/auth-links.js';
import { formatDate, formatDateTime } from '../../../domain/dates.js';

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('e-mail change links', () => {
  it('opens the profile with the code in the fragment, Cognito’s placeholder left literal', () => {
    const link = emailChangeLink('https://app.example.com', '{####}');
    expect(link).toBe('https://app.example.com/app/perfil#acao=confirmar-email&codigo={####}');
  });
  it('reads the code from the fragment, with or without the #', () => {
    expect(parseEmailChangeLink('#acao=confirmar-email&codigo=123456')).toBe('123456');
    expect(parseEmailChangeLink('acao=confirmar-email&codigo=abc_123')).toBe('abc_123');
  });
  it('refuses other actions, a missing code and codes that are not a word', () => {
    expect(parseEmailChangeLink('#acao=confirmar&codigo=123456')).toBeNull();
    expect(parseEmailChangeLink('#acao=confirmar-email')).toBeNull();
    expect(parseEmailChangeLink('#acao=confirmar-email&codigo=12 34')).toBeNull();
    expect(parseEmailChangeLink('#acao=confirmar-email&codigo=<x>')).toBeNull();
    expect(parseEmailChangeLink('#codigo=123456')).toBeNull();
    expect(parseEmailChangeLink(`#acao=confirmar-email&codigo=${'a'.repeat(65)}`)).toBeNull();
  });
});

describe('sign-up and recovery links', () => {
  it('parses both actions, with or without the #', () => {
    const link = new URL(authActionLink('https://app.example.com', 'redefinir', 'ana@example.com', '987654'));
    expect(parseAuthActionLink(link.hash)).toEqual({ action: 'redefinir', email: 'ana@example.com', code: '987654' });
    expect(parseAuthActionLink(link.hash.slice(1))).toEqual({
      action: 'redefinir',
      email: 'ana@example.com',
      code: '987654',
    });
  });
  it('refuses an unknown action, and a link without e-mail or code', () => {
    expect(parseAuthActionLink('#acao=apagar&email=a@b.c&codigo=1')).toBeNull();
    expect(parseAuthActionLink('#acao=confirmar&codigo=1')).toBeNull();
    expect(parseAuthActionLink('#acao=confirmar&email=a@b.c')).toBeNull();
  });
});

describe('magic links', () => {
  it('reads the token from the fragment, with or without the #', () => {
    expect(parseMagicLinkFragment('#abc-_1.def')).toBe('abc-_1.def');
    expect(parseMagicLinkFragment('abc.def')).toBe('abc.def');
    expect(parseMagicLinkFragment('#abc')).toBeNull();
  });
  it('reads the e-mail of the payload (base64url, accents and all) without trusting it', () => {
    const token = `${b64url({ email: 'ana@example.com', pad: '??>>' })}.sig`;
    expect(token).toMatch(/[-_]/);
    expect(magicLinkEmail(token)).toBe('ana@example.com');
    expect(magicLinkEmail(`${b64url({ email: 'sem-arroba' })}.sig`)).toBeNull();
    expect(magicLinkEmail(`${b64url({ email: 42 })}.sig`)).toBeNull();
    expect(magicLinkEmail(`${b64url(null)}.sig`)).toBeNull();
    expect(magicLinkEmail('.sig')).toBeNull();
    expect(magicLinkEmail('!!!.sig')).toBeNull();
  });
});

describe('dates', () => {
  it('shows a dash for nothing and “Data inválida” for junk, in both formats', () => {
    for (const empty of [null, undefined, '']) {
      expect(formatDateTime(empty)).toBe('-');
      expect(formatDate(empty)).toBe('-');
    }
    expect(formatDateTime('junk')).toBe('Data inválida');
    expect(formatDate(new Date(Number.NaN))).toBe('Data inválida');
    expect(formatDate(Date.UTC(2026, 0, 1, 2, 0))).toBe('31/12/2025');
  });
});

describe('magic-link e-mail at its edges', () => {
  it('turns base64url’s “-” back into “+” before decoding', () => {
    const token = `${b64url({ email: 'ana@example.com', pad: '>>>' })}.sig`;
    expect(token.split('.')[0]).toContain('-');
    expect(magicLinkEmail(token)).toBe('ana@example.com');
  });
  it('takes only a string e-mail', () => {
    expect(magicLinkEmail(`${b64url({ email: ['@'] })}.sig`)).toBeNull();
    expect(magicLinkEmail(`${b64url({ email: { '@': 1 } })}.sig`)).toBeNull();
    expect(magicLinkEmail(`${b64url({})}.sig`)).toBeNull();
  });
});

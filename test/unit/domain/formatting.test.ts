import { describe, expect, it } from 'vitest';
import { canMarkChargePaid, chargeStatusLabel, isChargePaid } from '../../../domain/charge-status.js';
import { formatDate, formatDateTime } from '../../../domain/dates.js';
import { formatBRL } from '../../../domain/pricing.js';
import { isTimelineStepDone, statusLabel, LOOKUP_STATUS_LABELS } from '../../../domain/process-status.js';
import {
  generateInviteCode,
  generateReferralCode,
  INVITE_CODE_PATTERN,
  referralCodesFromLink,
  referralsToNextReward,
  REFERRAL_CODE_PATTERN,
  whatsappShareLink,
} from '../../../domain/referral-code.js';
import { clientSearchTokens, normalizeSearchTerm } from '../../../domain/search-tokens.js';
import { authActionLink, parseAuthActionLink } from '../../../domain/auth-links.js';

describe('money and dates (pt-BR, America/Sao_Paulo)', () => {
  it('formats reais', () => {
    expect(formatBRL(399)).toBe('R$ 399,00');
    expect(formatBRL(79.8)).toBe('R$ 79,80');
  });
  it('formats in São Paulo time, with a dash for empty and Data inválida for junk', () => {
    expect(formatDateTime('2026-11-21T02:30:00Z')).toBe('20/11/2026 23:30');
    expect(formatDate('2026-11-21T02:30:00Z')).toBe('20/11/2026');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDate('not a date')).toBe('Data inválida');
  });
});

describe('statuses', () => {
  it('marks timeline steps at or before the current status as done', () => {
    expect(isTimelineStepDone('cadastro', 'pago')).toBe(true);
    expect(isTimelineStepDone('pago', 'pago')).toBe(true);
    expect(isTimelineStepDone('peticionado', 'pago')).toBe(false);
  });
  it('shows unknown lookup statuses raw', () => {
    expect(statusLabel('em_analise', LOOKUP_STATUS_LABELS)).toBe('Em Análise');
    expect(statusLabel('algo_novo', LOOKUP_STATUS_LABELS)).toBe('algo_novo');
  });
  it('treats the three paid provider statuses as paid, case-insensitively', () => {
    expect(['received', 'CONFIRMED', 'Received_In_Cash'].every(isChargePaid)).toBe(true);
    expect(isChargePaid('PENDING')).toBe(false);
    expect(chargeStatusLabel('overdue')).toBe('Vencido');
    expect(canMarkChargePaid('CONFIRMED')).toBe(false);
    expect(canMarkChargePaid('RECEIVED_IN_CASH')).toBe(true);
  });
});

describe('referral codes', () => {
  it('are shared on WhatsApp with a wa.me link whose text carries the referral link', () => {
    const link = 'https://app.example.com.br/auth?mode=register&ref=REF-ABC123';
    const share = new URL(whatsappShareLink(link, 'Limpa Nome'));
    expect(`${share.origin}${share.pathname}`).toBe('https://wa.me/');
    expect(share.searchParams.get('text')).toBe(
      `Estou usando a Limpa Nome para pedir a baixa temporária dos meus apontamentos. Cadastre-se pelo meu link: ${link}`,
    );
  });
  it('are REF- plus 6 uppercase alphanumerics; invites add a dash and 4 more', () => {
    const code = generateReferralCode();
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(generateInviteCode(code)).toMatch(INVITE_CODE_PATTERN);
    expect(generateReferralCode(() => 0)).toBe('REF-AAAAAA');
  });
  it('are kept from an invite link only when well formed, upper-cased', () => {
    const link = (query: string) => referralCodesFromLink(new URLSearchParams(query));
    expect(link('ref=ref-ab12cd&invite=ref-ab12cd-x9z1')).toEqual({ ref: 'REF-AB12CD', invite: 'REF-AB12CD-X9Z1' });
    expect(link('ref=REF-AB12CD&invite=<script>')).toEqual({ ref: 'REF-AB12CD' });
    expect(link(`ref=${'A'.repeat(5000)}`)).toEqual({});
    expect(link('')).toEqual({});
  });
  it('count down to the next free renewal', () => {
    expect(referralsToNextReward(0)).toBe(5);
    expect(referralsToNextReward(3)).toBe(2);
    expect(referralsToNextReward(5)).toBe(5);
  });
});

describe('search tokens', () => {
  it('normalise accents and case and include e-mail and document', () => {
    expect(normalizeSearchTerm('  JOSÉ Conceição ')).toBe('jose conceicao');
    expect(
      clientSearchTokens({ nome_completo: 'José da Conceição', email: 'Jose@X.com', cpf: '529.982.247-25' }),
    ).toEqual(['jose', 'conceicao', 'jose@x.com', '52998224725']);
  });
});

describe('auth links', () => {
  it('keep Cognito’s code placeholder literal and round-trip through the SPA parser', () => {
    const link = authActionLink('https://app.example.com', 'confirmar', 'ana+1@example.com', '{####}');
    expect(link).toContain('codigo={####}');
    const parsed = parseAuthActionLink(new URL(link.replace('{####}', '123456')).hash);
    expect(parsed).toEqual({ action: 'confirmar', email: 'ana+1@example.com', code: '123456' });
    expect(parseAuthActionLink('#acao=outra&email=a&codigo=1')).toBeNull();
  });

  it('carry the code in the fragment only, so it never reaches a server or its access logs', () => {
    const url = new URL(authActionLink('https://app.example.com', 'redefinir', 'ana@example.com', '123456'));
    expect(url.pathname).toBe('/auth');
    expect(url.search).toBe('');
    expect(url.hash).toContain('codigo=123456');
  });
});

describe('charge statuses at their edges', () => {
  it('refuses “Marcar pago” for a received or confirmed charge, in any case, and allows it otherwise', () => {
    expect(canMarkChargePaid('RECEIVED')).toBe(false);
    expect(canMarkChargePaid('received')).toBe(false);
    expect(canMarkChargePaid('confirmed')).toBe(false);
    expect(canMarkChargePaid('PENDING')).toBe(true);
    expect(canMarkChargePaid('OVERDUE')).toBe(true);
    expect(canMarkChargePaid('')).toBe(true);
  });
});

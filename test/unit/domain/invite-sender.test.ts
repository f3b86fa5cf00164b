import { describe, expect, it } from 'vitest';
import { INVITE_SENDER_FALLBACK, inviteSenderName } from '../../../domain/invite-sender.js';

describe('inviteSenderName: the referrer as an invite e-mail names them', () => {
  it('keeps the first and last words of a name, accents and all', () => {
    expect(inviteSenderName('Maria da Conceição Souza')).toBe('Maria Souza');
    expect(inviteSenderName('José')).toBe('José');
    expect(inviteSenderName("  D'Ávila   Sant'Anna-Lima ")).toBe("D'Ávila Sant'Anna-Lima");
    expect(inviteSenderName('Łukasz Żółć')).toBe('Łukasz Żółć');
  });

  it('composes a decomposed accent (NFC)', () => {
    expect(inviteSenderName('Jose\u0301 Silva')).toBe('José Silva');
  });

  it('drops links, addresses, numbers, emoji and control or invisible characters', () => {
    expect(inviteSenderName('Ana https://bit.ly/x www.ganhe.com a@b.com 11999999999 😀 Lima')).toBe('Ana Lima');
    expect(inviteSenderName('Ana\u200bganhe.com Lima')).toBe('Ana Lima');
    expect(inviteSenderName('Ana\u202eamil Lima')).toBe('Ana Lima');
    expect(inviteSenderName('Ana\u0007\nLima')).toBe('Ana Lima');
  });

  it('cuts each word short', () => {
    expect([...inviteSenderName(`${'A'.repeat(60)} Silva`)].length).toBe('A'.repeat(20).length + ' Silva'.length);
  });

  it('falls back when nothing of the name is left', () => {
    expect(inviteSenderName('https://ganhe.example 123 😀')).toBe(INVITE_SENDER_FALLBACK);
    expect(inviteSenderName('')).toBe(INVITE_SENDER_FALLBACK);
  });
});

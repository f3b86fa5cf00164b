import { describe, expect, it } from 'vitest';
import { listAdminChargesRoute } from '../../../domain/api/admin-finance.js';
import { conversionRequestSchema } from '../../../domain/api/conversions.js';
import { referralInviteSchema } from '../../../domain/api/referrals.js';
import { isChargeExpired, CHARGE_STATUSES } from '../../../domain/charge-status.js';
import { CONVERSION_MESSAGES } from '../../../domain/messages.js';
import { formatVerificationCode, parseVerificationCode } from '../../../domain/nada-consta.js';
import { rateLimitAddress } from '../../../domain/rate-limits.js';
import { referralLink } from '../../../domain/referral-code.js';

/**
 * Edges of what requests bring in (addresses, codes, query and body fields) and of the links and states built from
 * them: the cases the broader tests of each module pass over, found by mutation testing (`npm run mutation`).
 */

describe('rateLimitAddress: one subject per person, whatever form the address takes', () => {
  it('expands a "::" that stands for a single group, so the /64 is the real one', () => {
    expect(rateLimitAddress('2001:db8:1:2:3:4::8')).toBe('2001:db8:1:2::/64');
    // The groups after "::" keep their places: here they reach into the /64 itself.
    expect(rateLimitAddress('1::2:3:4:5:6')).toBe('1:0:0:2::/64');
    expect(rateLimitAddress('2001:db8::abcd:12:0:0:1')).toBe('2001:db8:0:abcd::/64');
  });

  it('refuses a "::" that stands for no group at all (nine groups), and addresses with something after them', () => {
    for (const junk of [
      '1:2:3:4:5:6:7::8',
      '1:2:3:4::5:6:7:8',
      '203.0.113.7.9',
      '203.0.113.7:443',
      '::ffff:203.0.113.7.9',
      '2001:db8::1::',
    ]) {
      expect(rateLimitAddress(junk), junk).toBe('unknown');
    }
  });

  it('counts an IPv4-mapped address as its IPv4 address only when it is exactly that', () => {
    expect(rateLimitAddress('::FFFF:198.51.100.20')).toBe('198.51.100.20');
    expect(rateLimitAddress('1::ffff:198.51.100.20')).toBe('unknown');
  });
});

describe('charges whose PIX can no longer be paid', () => {
  it('are the overdue and the removed ones, and no other status', () => {
    expect(CHARGE_STATUSES.filter(isChargeExpired).sort()).toEqual(['DELETED', 'OVERDUE']);
    for (const status of ['overdue', 'deleted', '']) expect(isChargeExpired(status), status).toBe(false);
  });
});

describe('referralLink', () => {
  it('is the sign-up page with the referral code, on the given origin', () => {
    expect(referralLink('https://app.example.com', 'MARIA-7K2P')).toBe(
      'https://app.example.com/auth?mode=register&ref=MARIA-7K2P',
    );
    expect(referralLink('https://app.example.com//', 'MARIA-7K2P')).toBe(
      'https://app.example.com/auth?mode=register&ref=MARIA-7K2P',
    );
  });

  it('adds the invite code of an invitation e-mail, and encodes both', () => {
    expect(referralLink('http://127.0.0.1:5173/', 'MARIA-7K2P', 'MARIA-7K2P-0001')).toBe(
      'http://127.0.0.1:5173/auth?mode=register&ref=MARIA-7K2P&invite=MARIA-7K2P-0001',
    );
    expect(referralLink('https://a.example', 'A&B C', 'x=1')).toBe(
      'https://a.example/auth?mode=register&ref=A%26B%20C&invite=x%3D1',
    );
  });
});

describe('verification codes as typed or scanned', () => {
  it('reads a code padded with spaces and dashes up to 40 characters, and nothing longer', () => {
    const padded = (length: number) => `ABCD-1234-WXYZ${' '.repeat(length - 14)}`;
    expect(parseVerificationCode(padded(40))).toBe('ABCD1234WXYZ');
    expect(parseVerificationCode(padded(41))).toBeNull();
    expect(parseVerificationCode(`${'-'.repeat(30)}ABCD1234WXYZ`)).toBeNull();
  });

  it('formats an empty code as empty rather than failing', () => {
    expect(formatVerificationCode('')).toBe('');
    expect(formatVerificationCode('ABCDE')).toBe('ABCD-E');
  });
});

describe('request fields normalised by their contracts', () => {
  it('lower-cases the invited address, so one person is one invitation', () => {
    expect(referralInviteSchema.parse({ email: '  Amigo.Silva@Exemplo.COM.br ' })).toEqual({
      email: 'amigo.silva@exemplo.com.br',
    });
  });

  it('reads the finance filter in any case as the provider’s upper-case status', () => {
    const query = listAdminChargesRoute.body;
    expect(query.parse({ status: ' confirmed ' }).status).toBe('CONFIRMED');
    expect(query.parse({ status: 'Received_In_Cash' }).status).toBe('RECEIVED_IN_CASH');
    expect(query.safeParse({ status: 'CONFIRMED;DROP' }).success).toBe(false);
  });

  it('puts a refused conversion e-mail on the email field, so the form shows it there', () => {
    const result = conversionRequestSchema.safeParse({
      event: 'lead',
      event_id: '0b7e7c1e-5f3a-4d2b-9c1e-2a3b4c5d6e7f',
      page_url: 'https://baixa.example.com/',
      email: 'maria@example.com',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['email'], message: CONVERSION_MESSAGES.emailNotAllowed }),
    ]);
  });
});

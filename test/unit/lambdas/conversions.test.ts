import { describe, expect, it, vi } from 'vitest';
import { conversionRequestSchema } from '../../../domain/api/conversions.js';
import { CONVERSION_MESSAGES } from '../../../domain/messages.js';
import { conversionFromRequest, gclidOf, sendToAll } from '../../../lambdas/conversions/conversion-service.js';
import { hashEmail, type ConversionsProvider } from '../../../lambdas/providers/conversions.js';
import { logger } from '../../../lambdas/shared/logger.js';

const base = {
  event: 'sign_up',
  event_id: '0b7e7c1e-5f3a-4d2b-9c1e-2a3b4c5d6e7f',
  page_url: 'https://baixa.example.com/auth?mode=register&gclid=Cj0KCQ',
};
const now = new Date('2026-11-23T12:00:00Z');

describe('the conversions contract', () => {
  it('takes the four browser events with an event id and the page', () => {
    for (const event of ['lead', 'sign_up', 'login', 'checkout']) {
      expect(conversionRequestSchema.safeParse({ ...base, event }).success).toBe(true);
    }
  });

  it('refuses a purchase, unknown fields (a claimed value) and malformed ids or pages, in Portuguese', () => {
    const issues = (body: unknown) => {
      const result = conversionRequestSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ ...base, event: 'purchase' })).toEqual([`event: ${CONVERSION_MESSAGES.invalidEvent}`]);
    expect(issues({ ...base, value: 399 })).toHaveLength(1);
    expect(issues({ ...base, event_id: 'x' })).toEqual([`event_id: ${CONVERSION_MESSAGES.invalidEventId}`]);
    expect(issues({ ...base, page_url: 'javascript:alert(1)' })).toEqual([
      `page_url: ${CONVERSION_MESSAGES.invalidPageUrl}`,
    ]);
  });

  it('takes an e-mail only with sign_up and login', () => {
    expect(conversionRequestSchema.safeParse({ ...base, email: 'maria@example.com' }).success).toBe(true);
    expect(conversionRequestSchema.safeParse({ ...base, event: 'login', email: 'maria@example.com' }).success).toBe(
      true,
    );
    const lead = conversionRequestSchema.safeParse({ ...base, event: 'lead', email: 'maria@example.com' });
    expect(lead.error?.issues[0]?.message).toBe(CONVERSION_MESSAGES.emailNotAllowed);
  });
});

describe('conversionFromRequest', () => {
  it('adds the address and user agent, hashes the e-mail and picks the ad click id from the page', () => {
    const body = conversionRequestSchema.parse({ ...base, email: 'Maria@Example.com', fbp: 'fb.1.1.2' });
    const conversion = conversionFromRequest(body, { ip: '203.0.113.7', userAgent: 'Mozilla/5.0', now });
    expect(conversion).toEqual({
      event: 'sign_up',
      eventId: base.event_id,
      time: now,
      sourceUrl: base.page_url,
      origin: 'website',
      user: {
        hashedEmail: hashEmail('maria@example.com'),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
        fbp: 'fb.1.1.2',
        gclid: 'Cj0KCQ',
      },
    });
    expect(JSON.stringify(conversion)).not.toContain('example.com"');
  });

  it("values a checkout at the contract's price, and nothing else", () => {
    const checkout = conversionFromRequest(conversionRequestSchema.parse({ ...base, event: 'checkout' }), { now });
    expect(checkout.value).toBe(399);
    expect(conversionFromRequest(conversionRequestSchema.parse(base), { now }).value).toBeUndefined();
  });

  it('ignores a malformed click id', () => {
    expect(gclidOf('https://x.example/?gclid=%3Cscript%3E')).toBeUndefined();
    expect(gclidOf('not a url')).toBeUndefined();
  });
});

describe('sendToAll', () => {
  it('sends to every platform, logs a failure and never throws', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const providers: ConversionsProvider[] = [
      { name: 'meta', send: () => Promise.reject(Object.assign(new Error('refused'), { status: 400 })) },
      { name: 'google-ads', send: () => Promise.resolve('sent') },
    ];
    const conversion = conversionFromRequest(conversionRequestSchema.parse(base), { now });
    expect(await sendToAll(providers, conversion)).toEqual({ meta: 'failed', 'google-ads': 'sent' });
    expect(warn).toHaveBeenCalledWith(
      'Conversion not delivered',
      expect.objectContaining({ provider: 'meta', event: 'sign_up', reason: 'refused', status: 400 }),
    );
    warn.mockRestore();
  });
});

import { describe, expect, it } from 'vitest';
import { isPixelHost, pixelDecision, pixelIdFrom, shouldLoadPixel } from '@/lib/pixel';
import { conversionRequestBody } from '@/lib/tracking';

const context = {
  eventId: '0b7e7c1e-5f3a-4d2b-9c1e-2a3b4c5d6e7f',
  pageUrl: 'https://baixa.example.com/auth?mode=register',
  cookies: '',
  now: 1_700_000_000_000,
};

describe('should the pixel load', () => {
  it('never on localhost or 127.0.0.1, nor without a pixel id', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'app.localhost', '']) {
      expect(isPixelHost(host), host).toBe(false);
      expect(shouldLoadPixel(host, '123456789012345'), host).toBe(false);
    }
    expect(shouldLoadPixel('baixa.example.com', undefined)).toBe(false);
    expect(shouldLoadPixel('baixa.example.com', '123456789012345')).toBe(true);
  });

  it('asks for consent before loading, and stays off once it is refused', () => {
    const id = '123456789012345';
    expect(pixelDecision('baixa.example.com', id, null)).toBe('ask');
    expect(pixelDecision('baixa.example.com', id, 'granted')).toBe('load');
    expect(pixelDecision('baixa.example.com', id, 'denied')).toBe('off');
    expect(pixelDecision('127.0.0.1', id, 'granted')).toBe('off');
    expect(pixelDecision('baixa.example.com', undefined, 'granted')).toBe('off');
  });

  it('reads the id from /config.json without its schema: digits only', () => {
    expect(pixelIdFrom({ metaPixelId: '123456789012345', stage: 'prod' })).toBe('123456789012345');
    expect(pixelIdFrom({ metaPixelId: '12345"><script>' })).toBeUndefined();
    expect(pixelIdFrom({ metaPixelId: 123456789012345 })).toBeUndefined();
    expect(pixelIdFrom({})).toBeUndefined();
    expect(pixelIdFrom(null)).toBeUndefined();
  });
});

describe('conversionRequestBody', () => {
  it("carries the event, its id, the page and Meta's cookies", () => {
    const cookies = 'a=1; _fbp=fb.1.1690000000000.123456; _fbc=fb.1.1690000000000.AbC';
    expect(conversionRequestBody('lead', {}, { ...context, cookies })).toEqual({
      event: 'lead',
      event_id: context.eventId,
      page_url: context.pageUrl,
      fbp: 'fb.1.1690000000000.123456',
      fbc: 'fb.1.1690000000000.AbC',
    });
  });

  it("builds _fbc from an ad's fbclid when the pixel has not written it", () => {
    const body = conversionRequestBody('lead', {}, { ...context, pageUrl: 'https://baixa.example.com/?fbclid=IwAR0' });
    expect(body.fbc).toBe('fb.1.1700000000000.IwAR0');
  });

  it('sends the e-mail only with sign_up and login', () => {
    expect(conversionRequestBody('sign_up', { email: ' maria@example.com ' }, context).email).toBe('maria@example.com');
    expect(conversionRequestBody('login', { email: 'maria@example.com' }, context).email).toBe('maria@example.com');
    expect(conversionRequestBody('checkout', { email: 'maria@example.com' }, context)).not.toHaveProperty('email');
  });
});

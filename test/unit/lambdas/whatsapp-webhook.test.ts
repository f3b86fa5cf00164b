import { describe, expect, it } from 'vitest';
import { whatsappSignature } from '../../../lambdas/providers/whatsapp.js';
import {
  assertWhatsAppSignature,
  isWhatsAppSignatureValid,
  verifyWebhookSubscription,
} from '../../../lambdas/whatsapp/whatsapp-webhook-service.js';
import { ForbiddenError, UnauthorizedError } from '../../../lambdas/shared/errors.js';

describe('X-Hub-Signature-256', () => {
  // RFC 4231, test case 2: HMAC-SHA256 with key "Jefe".
  const RFC_BODY = Buffer.from('what do ya want for nothing?');
  const RFC_MAC = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';

  it('is the HMAC-SHA256 of the raw body with the app secret (known vector)', () => {
    expect(whatsappSignature('Jefe', RFC_BODY)).toBe(`sha256=${RFC_MAC}`);
    expect(isWhatsAppSignatureValid(RFC_BODY, `sha256=${RFC_MAC}`, 'Jefe')).toBe(true);
    expect(isWhatsAppSignatureValid(RFC_BODY, `sha256=${RFC_MAC.toUpperCase()}`, 'Jefe')).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the digest without its prefix', RFC_MAC],
    ['SHA-1 (the old X-Hub-Signature)', 'sha1=' + 'a'.repeat(40)],
    ['one digit changed', `sha256=${RFC_MAC.slice(0, -1)}4`],
    ['a short digest', `sha256=${RFC_MAC.slice(0, 32)}`],
  ])('refuses %s', (_case, header) => {
    expect(isWhatsAppSignatureValid(RFC_BODY, header, 'Jefe')).toBe(false);
    expect(() => assertWhatsAppSignature(RFC_BODY, header, 'Jefe')).toThrow(UnauthorizedError);
  });

  it('refuses the right digest under another secret, and any change of the body (a re-serialised JSON)', () => {
    const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const signature = whatsappSignature('app-secret', body);
    expect(isWhatsAppSignatureValid(body, signature, 'app-secret')).toBe(true);
    expect(isWhatsAppSignatureValid(body, signature, 'other-secret')).toBe(false);
    const respaced = Buffer.from('{"object": "whatsapp_business_account", "entry": []}');
    expect(isWhatsAppSignatureValid(respaced, signature, 'app-secret')).toBe(false);
  });
});

describe('the verification handshake', () => {
  const token = 'verify-token-0123456789abcdef0123456789';
  it('echoes the challenge for a subscription with our token', () => {
    expect(
      verifyWebhookSubscription(
        { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' },
        token,
      ),
    ).toBe('1158201444');
  });
  it.each([
    ['a wrong token', { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' }],
    ['another mode', { 'hub.mode': 'unsubscribe', 'hub.verify_token': token, 'hub.challenge': '1' }],
    ['no challenge', { 'hub.mode': 'subscribe', 'hub.verify_token': token }],
    ['nothing', {}],
  ])('refuses %s with 403', (_case, query) => {
    expect(() => verifyWebhookSubscription(query, token)).toThrow(ForbiddenError);
  });
});

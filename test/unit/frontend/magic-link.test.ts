import { describe, expect, it } from 'vitest';
import { AuthError } from 'aws-amplify/auth';
import { magicLinkEmail, parseMagicLinkFragment } from '../../../domain/auth-links.js';
import { magicLinkRequestErrorMessage } from '../../../frontend/src/features/auth/lib/auth-errors.js';

// What /auth/link-magico does with `location.hash`: the token, then the e-mail to sign in as.
const emailFromMagicLinkToken = magicLinkEmail;
const magicLinkTokenFromHash = parseMagicLinkFragment;

// Browser APIs only: this file is type-checked with the SPA's settings (no Node types).
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const tokenFor = (payload: unknown) => `${base64url(JSON.stringify(payload))}.c2lnbmF0dXJh`;

describe('magic-link token (read in the browser, checked only by the server)', () => {
  it('finds the e-mail in the payload before the dot', () => {
    expect(emailFromMagicLinkToken(tokenFor({ email: 'ana@example.com', exp: 1 }))).toBe('ana@example.com');
    // Payload lengths that need no, one and two padding characters all decode.
    for (const email of ['a@b.co', 'ab@b.co', 'abc@b.co', 'joão.çé@exemplo.com.br']) {
      expect(emailFromMagicLinkToken(tokenFor({ email }))).toBe(email);
    }
  });

  it('answers null for anything else', () => {
    expect(emailFromMagicLinkToken('')).toBeNull();
    expect(emailFromMagicLinkToken('not-a-token')).toBeNull();
    expect(emailFromMagicLinkToken(`${base64url('{broken')}.sig`)).toBeNull();
    expect(emailFromMagicLinkToken(tokenFor({ mail: 'ana@example.com' }))).toBeNull();
    expect(emailFromMagicLinkToken(tokenFor({ email: 42 }))).toBeNull();
  });

  it('reads the token from the fragment only when it is shaped like one', () => {
    const token = tokenFor({ email: 'ana@example.com' });
    expect(magicLinkTokenFromHash(`#${token}`)).toBe(token);
    expect(magicLinkTokenFromHash('')).toBeNull();
    expect(magicLinkTokenFromHash('#')).toBeNull();
    expect(magicLinkTokenFromHash('#<script>.x')).toBeNull();
  });
});

describe('magic-link request errors (spec 01 §8)', () => {
  const triggerError = (message: string) =>
    new AuthError({
      name: 'UserLambdaValidationException',
      message: `CreateAuthChallenge failed with error ${message}.`,
    });

  it("shows the server's own pt-BR message", () => {
    expect(magicLinkRequestErrorMessage(triggerError('Aguarde um minuto antes de pedir um novo link.'))).toBe(
      'Aguarde um minuto antes de pedir um novo link.',
    );
    expect(magicLinkRequestErrorMessage(triggerError('Não foi possível enviar o link mágico.'))).toBe(
      'Não foi possível enviar o link mágico.',
    );
  });

  it('reads the too-soon refusal by its reason', () => {
    expect(
      magicLinkRequestErrorMessage(triggerError('Aguarde um minuto antes de pedir um novo link. [rate_limited]')),
    ).toBe('Aguarde um minuto antes de pedir um novo link.');
  });

  it('falls back to the spec message otherwise', () => {
    expect(magicLinkRequestErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Não foi possível enviar o link mágico.',
    );
    expect(magicLinkRequestErrorMessage(new AuthError({ name: 'InternalErrorException', message: 'boom' }))).toBe(
      'Não foi possível enviar o link mágico.',
    );
    // A trigger error that is not one of the product's messages never reaches the screen.
    expect(magicLinkRequestErrorMessage(triggerError('Cannot read properties of undefined'))).toBe(
      'Não foi possível enviar o link mágico.',
    );
    expect(magicLinkRequestErrorMessage(new AuthError({ name: 'LimitExceededException', message: 'x' }))).toBe(
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    );
  });
});

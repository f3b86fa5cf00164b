import { describe, expect, it } from 'vitest';
import {
  challengeToCreate,
  MAGIC_LINK_CHALLENGE,
  nextAuthStep,
  PROVIDE_AUTH_PARAMETERS,
  type SessionEntry,
} from '../../../lambdas/auth/custom-auth.js';
import { magicLinkClientMetadata } from '../../../domain/auth-links.js';

const round = (challengeMetadata: string, challengeResult: boolean): SessionEntry => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult,
  challengeMetadata,
});
const parameters = round(PROVIDE_AUTH_PARAMETERS, false);
const asking = magicLinkClientMetadata(false);
const opening = magicLinkClientMetadata(true);

describe('DefineAuthChallenge (nextAuthStep)', () => {
  it('starts every flow with a custom challenge (the parameter round)', () => {
    expect(nextAuthStep([], undefined)).toEqual({ kind: 'challenge' });
  });

  it('asking for a link: after the parameter round, one more challenge — the link', () => {
    expect(nextAuthStep([parameters], asking)).toEqual({ kind: 'challenge' });
    expect(nextAuthStep([parameters], { signInMethod: 'MAGIC_LINK' })).toEqual({ kind: 'challenge' });
  });

  it('succeeds after a correct answer, in either round', () => {
    expect(nextAuthStep([round(PROVIDE_AUTH_PARAMETERS, true)], opening)).toEqual({ kind: 'issueTokens' });
    expect(nextAuthStep([round(PROVIDE_AUTH_PARAMETERS, true)], undefined)).toEqual({ kind: 'issueTokens' });
    expect(nextAuthStep([parameters, round(MAGIC_LINK_CHALLENGE, true)], asking)).toEqual({ kind: 'issueTokens' });
  });

  it('fails after one wrong token', () => {
    expect(nextAuthStep([parameters], opening)).toMatchObject({ kind: 'fail', reason: 'wrong answer' });
    expect(nextAuthStep([parameters, round(MAGIC_LINK_CHALLENGE, false)], asking)).toMatchObject({ kind: 'fail' });
  });

  it('fails without the magic-link sign-in method, and on any non-custom challenge', () => {
    expect(nextAuthStep([parameters], undefined)).toMatchObject({ kind: 'fail', reason: 'sign-in method' });
    expect(nextAuthStep([parameters], { signInMethod: 'SMS', alreadyHaveMagicLink: 'no' })).toMatchObject({
      kind: 'fail',
    });
    expect(nextAuthStep([{ challengeName: 'PASSWORD_VERIFIER', challengeResult: true }], asking)).toMatchObject({
      kind: 'fail',
      reason: 'non-custom challenge',
    });
  });

  it('fails after three rounds, whatever the client says', () => {
    const three = [parameters, round(PROVIDE_AUTH_PARAMETERS, false), round(MAGIC_LINK_CHALLENGE, false)];
    expect(nextAuthStep(three, asking)).toMatchObject({ kind: 'fail', reason: 'too many attempts' });
  });
});

describe('CreateAuthChallenge (challengeToCreate)', () => {
  it('collects parameters first, sends a link only when asked, and never when the client has one', () => {
    expect(challengeToCreate([], asking)).toBe('provide-auth-parameters');
    expect(challengeToCreate([parameters], asking)).toBe('send-link');
    expect(challengeToCreate([parameters], opening)).toBe('await-link');
    expect(challengeToCreate([parameters], undefined)).toBe('await-link');
  });
});

import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAGIC_LINK_REQUEST_ANSWER,
  magicLinkClientMetadata,
  magicLinkEmail,
  parseMagicLinkFragment,
} from '../../domain/auth-links.js';
import { readTriggerError } from '../../domain/refusals.js';
import { createEmailAddress } from '../factories.js';
import { startCognitoWithTriggers, type CognitoWithTriggers } from './cognito.js';
import { emailsTo, firstHref } from './mail.js';

/**
 * The SPA's contract, exercised with the SPA's own client library (Amplify v6, in Node) against cognito-local and
 * the real triggers: exactly the calls docs/decisions.md prescribes.
 */
describe('magic link with Amplify v6 (the SPA contract)', () => {
  let c: CognitoWithTriggers;
  beforeAll(async () => {
    c = await startCognitoWithTriggers();
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: c.pool.userPoolId,
          userPoolClientId: c.pool.userPoolClientId,
          userPoolEndpoint: c.cognito.endpoint,
        },
      },
    });
  });
  afterAll(async () => {
    await c?.stop();
  });

  const askForLink = async (email: string) => {
    const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    expect(started.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    return confirmSignIn({
      challengeResponse: MAGIC_LINK_REQUEST_ANSWER,
      options: { clientMetadata: magicLinkClientMetadata(false) },
    });
  };
  const openLink = async (hash: string) => {
    const token = parseMagicLinkFragment(hash);
    const username = token ? magicLinkEmail(token) : null;
    if (!token || !username) throw new Error('not a magic link');
    await signIn({ username, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    return confirmSignIn({ challengeResponse: token, options: { clientMetadata: magicLinkClientMetadata(true) } });
  };

  it('asks for a link, then signs in with it in a new sign-in (no state kept); the same link then fails', async () => {
    const email = createEmailAddress();
    const sub = await c.signUpConfirmed(email);

    const asked = await askForLink(email);
    expect(asked).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    });
    const mail = (await emailsTo(email)).find((m) => m.subject === 'Seu link de acesso');
    const { hash } = firstHref(mail?.body?.html);

    expect((await openLink(hash)).isSignedIn).toBe(true);
    expect((await fetchAuthSession()).tokens?.idToken?.payload).toMatchObject({ sub, email });
    await signOut();

    await expect(openLink(hash)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('gives an unknown address the same "sent" answer, and the 60 s refusal both can recognise', async () => {
    const stranger = createEmailAddress('ninguem');
    expect(await askForLink(stranger)).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    });
    expect(await emailsTo(stranger)).toEqual([]);
    const again = await askForLink(stranger).then(
      () => new Error('expected a refusal'),
      (error: Error) => error,
    );
    expect(again).toMatchObject({ name: 'UserLambdaValidationException' });
    expect(readTriggerError(again.message).reason).toBe('rate_limited');
  });
});

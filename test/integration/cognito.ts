import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { parseAuthActionLink } from '../../domain/auth-links.js';
import type { AccountsOfPool } from '../../lambdas/auth/admin-second-factor.js';
import { createAuthChallengeHandler } from '../../lambdas/auth/create-auth-challenge.js';
import { handler as customMessage } from '../../lambdas/auth/custom-message.js';
import { handler as defineAuthChallenge } from '../../lambdas/auth/define-auth-challenge.js';
import { magicLinkKeyFromEnvironment } from '../../lambdas/auth/magic-link-key.js';
import { handler as postConfirmation } from '../../lambdas/auth/post-confirmation.js';
import { preTokenGenerationHandler } from '../../lambdas/auth/pre-token-generation.js';
import { verifyAuthChallengeResponseHandler } from '../../lambdas/auth/verify-auth-challenge-response.js';
import { createCognitoUserAccounts } from '../../lambdas/providers/user-accounts.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { appUrlFromEnvironment } from '../../lambdas/shared/config.js';
import { tableFromEnvironment } from '../../lambdas/shared/db.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { emailFromEnvironment } from '../../lambdas/shared/environment.js';
import { provisionUserPool, type ProvisionedUserPool } from '../../local/cognito/provision-user-pool.js';
import { startCognitoLocal, type CognitoEmail, type CognitoLocal } from '../../local/cognito/start-cognito-local.js';
import { firstHref } from './mail.js';

export type CognitoWithTriggers = {
  cognito: CognitoLocal;
  pool: ProvisionedUserPool;
  client: CognitoIdentityProviderClient;
  /** E-mails Cognito itself sends (sign-up codes, recovery), rendered by the CustomMessage trigger. */
  cognitoOutbox: CognitoEmail[];
  /** Signs up and confirms through the e-mailed link, as the SPA does; returns the user's `sub`. */
  signUpConfirmed(email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * cognito-local with the project's real trigger handlers, as the local runtime wires them. `preTokenGenerationDb`: the
 * table handle of that trigger alone (e.g. `guardedTestDb('preTokenGeneration')`, to run it as its grants reach it).
 */
export async function startCognitoWithTriggers(
  options: { preTokenGenerationDb?: Db } = {},
): Promise<CognitoWithTriggers> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cognito-triggers-'));
  const cognitoOutbox: CognitoEmail[] = [];
  // The triggers reach this cognito-local through the client below, created once its port is known.
  const triggersClient: { current?: CognitoIdentityProviderClient } = {};
  const accountsOf: AccountsOfPool = (userPoolId) =>
    createCognitoUserAccounts({ userPoolId, client: triggersClient.current });
  const magicLinkDeps = {
    db: tableFromEnvironment(),
    secret: magicLinkKeyFromEnvironment(),
    appUrl: appUrlFromEnvironment(),
    sendEmail: emailFromEnvironment(),
    clock: systemClock,
  };
  const cognito = await startCognitoLocal({
    port: 0,
    dataDir,
    triggers: {
      customMessage,
      postConfirmation,
      defineAuthChallenge,
      createAuthChallenge: createAuthChallengeHandler(magicLinkDeps, accountsOf),
      verifyAuthChallengeResponse: verifyAuthChallengeResponseHandler(magicLinkDeps, accountsOf),
      preTokenGeneration: preTokenGenerationHandler(accountsOf, {
        db: options.preTokenGenerationDb ?? magicLinkDeps.db,
        clock: systemClock,
        sendEmail: magicLinkDeps.sendEmail,
      }),
    },
    deliverEmail: async (email) => void cognitoOutbox.push(email),
    logLevel: 'silent',
  });
  const pool = await provisionUserPool(cognito.endpoint, {
    poolName: 'it-pool',
    clientName: 'it-spa',
    adminEmail: 'admin@baixa.test',
    adminPassword: 'admin123',
  });
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  triggersClient.current = client;
  return {
    cognito,
    pool,
    client,
    cognitoOutbox,
    async signUpConfirmed(email, password = 'segredo123') {
      const { UserSub } = await client.send(
        new SignUpCommand({ ClientId: pool.userPoolClientId, Username: email, Password: password }),
      );
      const sent = cognitoOutbox.findLast((message) => message.to === email);
      const link = parseAuthActionLink(firstHref(sent?.html).hash);
      if (!UserSub || !link) throw new Error(`no confirmation link for ${email}`);
      await client.send(
        new ConfirmSignUpCommand({
          ClientId: pool.userPoolClientId,
          Username: link.email,
          ConfirmationCode: link.code,
        }),
      );
      return UserSub;
    },
    async stop() {
      client.destroy();
      await cognito.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * cognito-local with the triggers for the enclosing file or describe block: started before its tests, stopped after.
 * The answer reads through to the running instance, so a file declares it once at the top and uses it in tests and in
 * later hooks alike.
 */
export function useCognitoWithTriggers(
  options: Parameters<typeof startCognitoWithTriggers>[0] = {},
): CognitoWithTriggers {
  let started: CognitoWithTriggers | undefined;
  const current = () => {
    if (!started) throw new Error('cognito-local is not started yet: use it in a test or a later hook');
    return started;
  };
  beforeAll(async () => {
    started = await startCognitoWithTriggers(options);
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
  });
  return {
    get cognito() {
      return current().cognito;
    },
    get pool() {
      return current().pool;
    },
    get client() {
      return current().client;
    },
    get cognitoOutbox() {
      return current().cognitoOutbox;
    },
    signUpConfirmed: (email, password) => current().signUpConfirmed(email, password),
    stop: async () => {
      await started?.stop();
    },
  };
}

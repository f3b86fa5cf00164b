import { items, type FunctionDefinition } from '../catalogue.js';
import { keys } from '../shared/data/keys.js';

/** Cognito user-pool triggers. */
export const AUTH_TRIGGERS = {
  // Writes only the last recovery request of a user (its one-a-minute limit); its e-mails link to the SPA.
  customMessage: {
    entry: 'lambdas/auth/custom-message.ts',
    grants: { tableItems: { actions: ['PutItem'], pkPrefixes: [keys.recoveryRequest('')] }, appLinks: true },
  },
  // Magic link (CUSTOM_AUTH). Create and Verify also read the signing key and touch only magic-link records: Create
  // replaces one (and gives it back if its e-mail fails), Verify uses it up. Both read the pool: admins get no links.
  defineAuthChallenge: { entry: 'lambdas/auth/define-auth-challenge.ts', grants: {} },
  createAuthChallenge: {
    entry: 'lambdas/auth/create-auth-challenge.ts',
    grants: {
      // The link's record; the e-mail's record in the customer's case file (pattern 84).
      tableItems: [
        { actions: ['PutItem', 'UpdateItem'], pkPrefixes: [keys.magicLink('')] },
        { actions: ['UpdateItem'], pkPrefixes: [keys.customer('')] },
      ],
      email: true,
      secrets: ['magicLinkKey'],
      ownUserPool: 'read',
    },
  },
  verifyAuthChallengeResponse: {
    entry: 'lambdas/auth/verify-auth-challenge-response.ts',
    grants: {
      tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.magicLink('')] },
      secrets: ['magicLinkKey'],
      ownUserPool: 'read',
    },
  },
  // The admins' second-factor claim on their id tokens (sign-in and refresh); reads an admin's MFA settings. A confirmed
  // change of e-mail (pattern 63) reaches the profile, its search tokens and the copies on the referrals the customer
  // made (a Query of their own partition: a referral lives in its referrer's), and the old address is e-mailed
  // (docs/decisions.md, "Accounts: deleted users, invites, e-mail changes").
  preTokenGeneration: {
    entry: 'lambdas/auth/pre-token-generation.ts',
    grants: {
      tableItems: [
        items(['GetItem', 'Query', 'UpdateItem'], keys.customer('')),
        items(['PutItem', 'DeleteItem'], keys.searchPartition('CLIENT', '')),
      ],
      email: true,
      ownUserPool: 'read',
    },
  },
  // Claims (and on failure gives back) the welcome e-mail on the customer's ACCOUNT marker.
  postConfirmation: {
    entry: 'lambdas/auth/post-confirmation.ts',
    grants: { tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.customer('')] }, email: true },
  },
} as const satisfies Record<string, FunctionDefinition>;
export type AuthTriggerName = keyof typeof AUTH_TRIGGERS;

import { unsubscribeInvitesRoute } from '../../domain/api/invite-unsubscribe.js';
import { getReferralsRoute, inviteReferralRoute } from '../../domain/api/referrals.js';
import { keys } from '../shared/data/keys.js';
import { items, rateLimitPrefixes, type ApiFunction } from '../catalogue.js';

/** The referrals routes (their handlers in this folder): each with its contract and its grants. */
export const REFERRAL_ROUTES = [
  { contract: getReferralsRoute, entry: 'lambdas/referrals/get-referrals.ts', grants: { table: 'read' } },
  {
    contract: inviteReferralRoute,
    entry: 'lambdas/referrals/invite-referral.ts',
    // Reads the friend's opt-out (pattern 65) and the caller's profile; counts its own rate limits (pattern 43); writes
    // the referral (under a check of the profile), its invite pointer, search token and counter, or takes them back
    // when the e-mail fails (pattern 33). E-mails the invited friend, once (pattern 66: its marker beside the referral).
    grants: {
      tableItems: [
        items(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], keys.customer('')),
        items(['GetItem'], keys.inviteOptOut('')),
        items(['PutItem', 'DeleteItem'], keys.invitePointer(''), keys.searchPartition('REFERRAL', '')),
        items(['UpdateItem'], keys.counterPk),
        items(
          ['UpdateItem'],
          ...rateLimitPrefixes('referralInvitesByCustomer', 'referralInvitesByCustomerDaily', 'referralInvitesGlobal'),
        ),
      ],
      email: true,
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: unsubscribeInvitesRoute,
    entry: 'lambdas/referrals/unsubscribe-invites.ts',
    // Reads the invite pointer (pattern 33); writes only the opt-out (pattern 65) and its own counters (pattern 43).
    grants: {
      table: 'read',
      tableItems: {
        actions: ['PutItem', 'UpdateItem'],
        pkPrefixes: [keys.inviteOptOut(''), ...rateLimitPrefixes('inviteUnsubscribesByAddress')],
      },
      secrets: ['rateLimitKey'],
    },
  },
  // A new referrals route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];

import { lookupPostalCodeRoute } from '../../domain/api/postal-codes.js';
import { createProfileRoute, getProfileRoute, updateProfileRoute } from '../../domain/api/profile.js';
import { keys } from '../shared/data/keys.js';
import { items, type ApiFunction } from '../catalogue.js';

/** The profile routes (their handlers in this folder): each with its contract and its grants. */
export const PROFILE_ROUTES = [
  // The caller's profile item only.
  {
    contract: getProfileRoute,
    entry: 'lambdas/profile/get-profile.ts',
    grants: { tableItems: items(['GetItem'], keys.customer('')) },
  },
  {
    contract: createProfileRoute,
    entry: 'lambdas/profile/create-profile.ts',
    // Pattern 3: the profile, its guards (document, referral code, profile id), its first contract with its protocol
    // pointer and process, the search tokens and counters, under a check of the deleted-user marker (pattern 62). The
    // sign-up's referral (pattern 34): the invite's pointer or the code's guard read, the referrer's profile and
    // referral read, the referral created or moved in the referrer's partition, with its search token.
    grants: {
      tableItems: [
        items(['GetItem', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['GetItem'], keys.invitePointer(''), keys.referralCodeGuard('')),
        items(
          ['PutItem'],
          keys.documentGuard(''),
          keys.referralCodeGuard(''),
          keys.profileIdPointer(''),
          keys.protocolPointer(''),
          keys.searchPartition('CLIENT', ''),
          keys.searchPartition('REFERRAL', ''),
        ),
        items(['ConditionCheckItem'], keys.deletedUser('')),
        items(['UpdateItem'], keys.counterPk),
      ],
    },
  },
  {
    contract: updateProfileRoute,
    entry: 'lambdas/profile/update-profile.ts',
    // Pattern 4: the profile read and updated under its version, its admin-search tokens swapped.
    grants: {
      tableItems: [
        items(['GetItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem', 'DeleteItem'], keys.searchPartition('CLIENT', '')),
      ],
    },
  },
  { contract: lookupPostalCodeRoute, entry: 'lambdas/profile/lookup-postal-code.ts', grants: { postalCode: true } },
  // A new profile route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];

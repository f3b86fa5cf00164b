import { CONTRACT_PRICE } from '../../domain/pricing.js';
import type { NewProfile, ProfileDetails } from '../../domain/schemas/profile-input.js';
import type { Clock } from '../shared/clock.js';
import type { Caller } from '../shared/caller.js';
import { nextProtocol } from '../shared/data/contracts.js';
import { createProfile, getProfileByUser, updateProfile } from '../shared/data/customers.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { planReferralSignup } from '../referrals/referral-signup.js';

export type ProfileDeps = { db: Db; clock: Clock };

/** The payment method of every contract but a free renewal (spec 02 §2: always displayed as PIX). */
const INITIAL_PAYMENT_METHOD = 'pix';

export async function getOwnProfile(deps: ProfileDeps, caller: Caller) {
  return { email: caller.email, profile: await getProfileByUser(deps.db, caller.userId) };
}

/**
 * The first save (spec 02 §4): the profile with its unique document and referral code, and the initial unsigned
 * contract (R$ 399) with its process, all in one transaction. The referrer from the sign-up link is linked in the
 * same write, with the referral made `signed_up` (pattern 34); a code that leads nowhere is ignored and logged, and a
 * link that fails its condition is dropped, never an obstacle to signing up.
 */
export async function createOwnProfile(deps: ProfileDeps, caller: Caller, input: NewProfile) {
  const now = deps.clock();
  const { referral_ref: ref, referral_invite: invite, ...profileInput } = input;
  const referral = await planReferralSignup(deps.db, {
    userId: caller.userId,
    email: caller.email,
    ref,
    invite,
    now: now.toISOString(),
  }).catch((error: unknown) => {
    logger.error('Referral of the sign-up link could not be read; ignored', { error });
    return { referredByProfileId: null, writes: undefined };
  });
  const { profile, contract, referralLinked } = await createProfile(deps.db, {
    userId: caller.userId,
    input: { ...profileInput, email: caller.email },
    referredByProfileId: referral.referredByProfileId,
    referralWrites: referral.writes,
    now: now.toISOString(),
    initialContract: {
      protocolo: nextProtocol(now),
      valor: CONTRACT_PRICE,
      formaPagamento: INITIAL_PAYMENT_METHOD,
    },
  });
  if (referral.writes && !referralLinked) {
    logger.warn('Referral link failed its condition at sign-up; profile created without it', {
      referrer: referral.referredByProfileId,
    });
  }
  return { profile, contract };
}

export async function updateOwnProfile(deps: ProfileDeps, caller: Caller, details: ProfileDetails) {
  const profile = await updateProfile(deps.db, {
    userId: caller.userId,
    details,
    now: deps.clock().toISOString(),
  });
  return { profile };
}

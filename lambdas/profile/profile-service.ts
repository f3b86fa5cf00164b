import { CONTRACT_PRICE } from '../../domain/pricing.js';
import type { NewProfile, ProfileDetails } from '../../domain/schemas/profile-input.js';
import type { Clock } from '../shared/clock.js';
import type { Caller } from '../shared/caller.js';
import { nextProtocol } from '../shared/data/contracts.js';
import { createProfile, getProfileByUser, updateProfile } from '../shared/data/customers.js';
import { keys } from '../shared/data/keys.js';
import { readPointer, type Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

export type ProfileDeps = { db: Db; clock: Clock };

/** The payment method of every contract but a free renewal (spec 02 §2: always displayed as PIX). */
const INITIAL_PAYMENT_METHOD = 'pix';

export async function getOwnProfile(deps: ProfileDeps, caller: Caller) {
  return { email: caller.email, profile: await getProfileByUser(deps.db, caller.userId) };
}

/**
 * The first save (spec 02 §4): the profile with its unique document and referral code, and the initial unsigned
 * contract (R$ 399) with its process, all in one transaction. The referrer from the sign-up link is linked in the
 * same write; a code that leads nowhere is ignored and logged, never an obstacle to signing up.
 */
export async function createOwnProfile(deps: ProfileDeps, caller: Caller, input: NewProfile) {
  const now = deps.clock();
  const referredByProfileId = await referrerOf(deps.db, input);
  const { referral_ref: _ref, referral_invite: _invite, ...profileInput } = input;
  const { profile, contract } = await createProfile(deps.db, {
    userId: caller.userId,
    input: { ...profileInput, email: caller.email },
    referredByProfileId,
    now: now.toISOString(),
    initialContract: {
      protocolo: await nextProtocol(deps.db, now),
      valor: CONTRACT_PRICE,
      formaPagamento: INITIAL_PAYMENT_METHOD,
    },
  });
  return { profile, contract };
}

export async function updateOwnProfile(deps: ProfileDeps, caller: Caller, details: ProfileDetails) {
  const profile = await updateProfile(deps.db, {
    userId: caller.userId,
    details,
    email: caller.email,
    now: deps.clock().toISOString(),
  });
  return { profile };
}

/** The profile id behind the sign-up link's referral code (an invite code starts with its referrer's code). */
async function referrerOf(db: Db, input: NewProfile): Promise<string | null> {
  const code = input.referral_ref ?? input.referral_invite?.slice(0, 10) ?? null;
  if (!code) return null;
  const guard = await readPointer(db, keys.referralCodeGuard(code));
  if (!guard) {
    logger.warn('Referral code of the sign-up link not found; ignored', { code });
    return null;
  }
  return guard.profile_id as string;
}

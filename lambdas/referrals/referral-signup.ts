import type { Profile } from '../../domain/schemas/entities.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { findProfileByReferralCode } from '../shared/data/lookups.js';
import {
  findReferral,
  findReferralByInvite,
  referralSignupWrites,
  referrerCopyOf,
  type ReferralSignupLink,
} from '../shared/data/referrals.js';
import type { Db, TransactItem } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

/** What the first profile save does about the sign-up link's codes: the referrer to record, and pattern 34's writes. */
export type ReferralSignupPlan = {
  referredByProfileId: string | null;
  /** For `createProfile`'s transaction; absent when there is nothing to write (no referrer, or already linked). */
  writes?: (profile: Profile) => TransactItem[];
};

const NO_REFERRAL: ReferralSignupPlan = { referredByProfileId: null };

/**
 * Pattern 34, decided before the profile's transaction (spec 02 §7 process-referral-signup, here on the server):
 * - an invite sent to the new customer's own address makes that referral `signed_up` (whatever `ref` says: the invite
 *   proves who invited this address);
 * - otherwise the referrer is the `ref` code's (or, without one, the invite's) and the new customer's address gets a
 *   `signed_up` referral under them — the existing one when that referrer had invited this address, else a new one;
 * - a customer never refers themselves, and a code that leads nowhere is logged and ignored: linking never blocks.
 */
export async function planReferralSignup(
  db: Db,
  signup: { userId: string; email: string; ref: string | null; invite: string | null; now: string },
): Promise<ReferralSignupPlan> {
  const email = signup.email.trim().toLowerCase();
  const invite = signup.invite ? await findReferralByInvite(db, signup.invite) : null;
  if (signup.invite && !invite)
    logger.warn('Invite code of the sign-up link not found; ignored', { invite: signup.invite });

  let referrer: { userId: string; profileId: string } | null = null;
  if (invite && invite.referredEmail === email) {
    referrer = { userId: invite.referrerUserId, profileId: invite.referrerProfileId };
  } else if (signup.ref) {
    referrer = await findProfileByReferralCode(db, signup.ref);
    if (!referrer) logger.warn('Referral code of the sign-up link not found; ignored', { code: signup.ref });
  }
  if (!referrer && invite) referrer = { userId: invite.referrerUserId, profileId: invite.referrerProfileId };
  if (!referrer) return NO_REFERRAL;

  const referrerProfile = referrer.userId === signup.userId ? null : await getProfileByUser(db, referrer.userId);
  if (!referrerProfile || referrerProfile.email.toLowerCase() === email) {
    logger.warn('Self-referral or vanished referrer at sign-up; ignored', { referrer: referrer.profileId });
    return NO_REFERRAL;
  }

  const existing = await findReferral(db, referrerProfile.user_id, email);
  let link: ReferralSignupLink | null;
  if (!existing) {
    link = { kind: 'new', referrer: referrerCopyOf(referrerProfile), inviteCode: referrerProfile.referral_code };
  } else if (existing.status === 'invited') {
    link = { kind: 'move', referrerUserId: referrerProfile.user_id, referral: existing };
  } else {
    // Already signed up or paid under this referrer (a profile created again after a deletion): nothing to count.
    link = null;
  }
  return {
    referredByProfileId: referrerProfile.id,
    ...(link ? { writes: (profile: Profile) => referralSignupWrites(db, link, profile, signup.now) } : {}),
  };
}

import type { OwnReferral, ReferralSummary } from '../../domain/api/referrals.js';
import { REFERRAL_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS, type RateLimitRule } from '../../domain/rate-limits.js';
import { referralLink, referralsToNextReward } from '../../domain/referral-code.js';
import type { Referral } from '../../domain/schemas/entities.js';
import type { SendEmail } from '../providers/email.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { emailOnceKeys, sendEmailOnce } from '../shared/data/email-once.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import { createReferral, referralsOfCustomer, referrerCopyOf, withdrawInvite } from '../shared/data/referrals.js';
import type { Db } from '../shared/data/table.js';
import { DomainError, ConflictError, ValidationError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { assertInvitesWanted, inviteUnsubscribeHeaders } from './unsubscribe-invites-service.js';
import { referralInviteEmail } from './referral-emails.js';
import { refusal } from '../../domain/refusals.js';

export type ReferralDeps = { db: Db; clock: Clock };
/**
 * The caps on invitations (spam through our address): a customer's hour and day, and every customer's hour together.
 */
export type InviteLimits = { hourly: RateLimitRule; daily: RateLimitRule; global: RateLimitRule };
export const INVITE_LIMITS: InviteLimits = {
  hourly: RATE_LIMITS.referralInvitesByCustomer,
  daily: RATE_LIMITS.referralInvitesByCustomerDaily,
  global: RATE_LIMITS.referralInvitesGlobal,
};

export type InviteDeps = ReferralDeps & {
  sendEmail: SendEmail;
  appUrl: string;
  /** @default INVITE_LIMITS */
  limits?: InviteLimits;
};

/** The invite e-mail could not be sent: the invite was taken back, and trying again may work. */
class InviteNotSentError extends DomainError {
  constructor() {
    super('provider_unavailable', 502, REFERRAL_MESSAGES.sendFailed);
  }
}

const ownReferral = (referral: Referral): OwnReferral => ({
  referred_email: referral.referred_email,
  status: referral.status,
  created_at: referral.created_at,
  updated_at: referral.updated_at,
});

/**
 * /app/indique: the caller's code and referrals, and the counters of spec 02 §2 counted from those items (pattern 19),
 * the same items and statuses `COUNTER/REFERRALS` counts for the admin.
 */
export async function getOwnReferrals(deps: ReferralDeps, caller: Caller): Promise<ReferralSummary> {
  const { profile, referrals, paidReferrals } = await referralsOfCustomer(deps.db, caller.userId);
  const counts = { paid: 0, invited: 0, signed_up: 0 };
  for (const referral of referrals) counts[referral.status] += 1;
  // Paid referrals count from the profile's own tally, which the rewards follow: a paid friend whose data was deleted
  // (an admin's client deletion) leaves no referral item, but still counted towards the next free renewal.
  counts.paid = Math.max(counts.paid, paidReferrals);
  return {
    referral_code: profile?.referral_code ?? null,
    free_renewals: profile?.free_renewals ?? 0,
    counts: { ...counts, remaining: referralsToNextReward(counts.paid) },
    referrals: referrals.map(ownReferral),
  };
}

/**
 * 'Convidar' (spec 02 §5, §7 send-referral-invite): a profile is required, the caller's own address is refused, each
 * customer may send `referralInvitesByCustomer` invites an hour and `referralInvitesByCustomerDaily` a day, everybody
 * together `referralInvitesGlobal` an hour, and each address once (pattern 18). The e-mail names the referrer by their
 * profile's name only, cleaned and shortened, never by anything in the request. The e-mail carries
 * `{site}/auth?mode=register&ref={code}&invite={invite code}`; if it cannot be sent the invite is taken back.
 */
export async function inviteFriend(
  deps: InviteDeps,
  caller: Caller,
  email: string,
): Promise<{ referral: OwnReferral }> {
  const now = deps.clock();
  await assertInvitesWanted(deps.db, email);
  const profile = await getProfileByUser(deps.db, caller.userId);
  if (!profile) throw new ConflictError(refusal('profile_missing', REFERRAL_MESSAGES.profileRequired));
  if (email === profile.email.toLowerCase() || email === caller.email.toLowerCase()) {
    throw new ValidationError(REFERRAL_MESSAGES.ownEmail, { email: REFERRAL_MESSAGES.ownEmail });
  }
  // The customer's hour, then their day, then everybody's hour, each with its own message; a call refused by one rule
  // is not counted by the next, so one customer's flood cannot use up everybody's allowance.
  const limits = deps.limits ?? INVITE_LIMITS;
  await enforceRateLimits(
    deps.db,
    now,
    [{ rule: limits.hourly, subject: caller.userId }],
    REFERRAL_MESSAGES.tooManyInvites,
  );
  await enforceRateLimits(
    deps.db,
    now,
    [{ rule: limits.daily, subject: caller.userId }],
    REFERRAL_MESSAGES.tooManyInvitesToday,
  );
  await enforceRateLimits(deps.db, now, [{ rule: limits.global, subject: 'all' }], REFERRAL_MESSAGES.invitesPaused);
  const referrer = referrerCopyOf(profile);
  const referral = await createReferral(deps.db, {
    referrer,
    email,
    referralCode: profile.referral_code,
    now: now.toISOString(),
  });
  const link = referralLink(deps.appUrl, profile.referral_code, referral.invite_code);
  try {
    const invite = referralInviteEmail({ referrerName: profile.nome_completo, referralLink: link });
    // Once per invite (pattern 66), as every e-mail a repeated request can reach.
    await sendEmailOnce(deps.db, emailOnceKeys.invite(referrer.userId, referral.invite_code), now, () =>
      deps.sendEmail(email, { ...invite, headers: inviteUnsubscribeHeaders(deps.appUrl, referral.invite_code) }),
    );
  } catch (error) {
    logger.error('Referral invite e-mail not sent; invite withdrawn', { error, referral: referral.id });
    await withdrawInvite(deps.db, referrer.userId, referral);
    throw new InviteNotSentError();
  }
  return { referral: ownReferral(referral) };
}

import * as z from 'zod';
import { REFERRAL_MESSAGES } from '../messages.js';
import { referralStatusSchema } from '../schemas/entities.js';
import { defineRoute } from './route.js';

/** An invited friend as the referrer sees them: the address they invited and how far that friend got. */
export const ownReferralSchema = z.object({
  referred_email: z.string(),
  status: referralStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OwnReferral = z.infer<typeof ownReferralSchema>;

const count = z.number().int().nonnegative();

/** /app/indique: the caller's code, their referrals and the counters the spec shows (02 §2, §9). */
export const referralSummarySchema = z.object({
  /** Null before the profile exists: there is no code to share yet, and inviting is refused. */
  referral_code: z.string().nullable(),
  free_renewals: count,
  counts: z.object({
    paid: count,
    invited: count,
    signed_up: count,
    /** Paid referrals still needed for the next free renewal: 5 − (paid mod 5). */
    remaining: z.number().int().min(1),
  }),
  /** Newest first. */
  referrals: z.array(ownReferralSchema),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** The caller's referrals and counters: one Query of their item collection (profile + referrals), no Scan. */
export const getReferralsRoute = defineRoute({
  id: 'GetReferrals',
  method: 'GET',
  path: '/me/referrals',
  access: 'customer',
  response: referralSummarySchema,
});

/** The invite form's address: required, an e-mail, trimmed and lower-cased before anything else (spec 02 §5). */
export const referralInviteSchema = z.object({
  email: z
    .string({ error: REFERRAL_MESSAGES.invalidEmail })
    .trim()
    .min(1, REFERRAL_MESSAGES.invalidEmail)
    .max(254, REFERRAL_MESSAGES.invalidEmail)
    .pipe(z.email(REFERRAL_MESSAGES.invalidEmail))
    .transform((email) => email.toLowerCase()),
});
export type ReferralInviteInput = z.input<typeof referralInviteSchema>;

/**
 * 'Convidar': one invite per address per referrer (409 'Este email já foi convidado anteriormente.'), never the
 * caller's own address (400), a profile required (409), rate-limited per customer (429). The server e-mails the link.
 */
export const inviteReferralRoute = defineRoute({
  id: 'InviteReferral',
  method: 'POST',
  path: '/me/referrals/invites',
  access: 'customer',
  body: referralInviteSchema,
  response: z.object({ referral: ownReferralSchema }),
});

/** How a referral's status reads on the screens (spec 02 §4: only 'paid' counts as a confirmed referral). */
export const REFERRAL_STATUS_LABELS = {
  invited: 'Convidado',
  signed_up: 'Cadastrado',
  paid: 'Pago',
} as const satisfies Record<OwnReferral['status'], string>;

import { API_BASE_PATH, routePath } from '../../domain/api/route.js';
import { unsubscribeInvitesRoute } from '../../domain/api/invite-unsubscribe.js';
import { INVITE_OPT_OUT_MESSAGES } from '../../domain/email-delivery.js';
import type { OutgoingEmail } from '../providers/email.js';
import { hasInviteOptOut, recordInviteOptOut } from '../shared/data/email-suppressions.js';
import { findReferralByInvite } from '../shared/data/referrals.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError } from '../shared/errors.js';

/**
 * The headers that let the invited person stop invitations from the mail client itself (RFC 2369 and RFC 8058's
 * one-click POST; Gmail and Yahoo require them of bulk senders): the address is the API's unsubscribe route for this
 * invite, through the site's own domain (`<site>/api/...`), which CloudFront forwards to the API.
 */
export function inviteUnsubscribeHeaders(appUrl: string, inviteCode: string): NonNullable<OutgoingEmail['headers']> {
  const url = `${appUrl.replace(/\/+$/, '')}${API_BASE_PATH}${routePath(unsubscribeInvitesRoute, { inviteCode })}`;
  return [
    { name: 'List-Unsubscribe', value: `<${url}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
  ];
}

/** Refuses an invitation to an address that asked for none (pattern 65), before anything is written or counted. */
export async function assertInvitesWanted(db: Db, address: string): Promise<void> {
  if (await hasInviteOptOut(db, address)) {
    throw new ConflictError(INVITE_OPT_OUT_MESSAGES.optedOut);
  }
}

/** Records the opt-out of the address an invite code was sent to; an unknown code changes nothing. */
export async function unsubscribeFromInvites(db: Db, inviteCode: string, now: Date): Promise<void> {
  const target = await findReferralByInvite(db, inviteCode);
  if (target) await recordInviteOptOut(db, target.referredEmail, now.toISOString());
}

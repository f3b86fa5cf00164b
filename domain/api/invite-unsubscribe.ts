import * as z from 'zod';
import { INVITE_OPT_OUT_MESSAGES, INVITE_UNSUBSCRIBE_PATH } from '../email-delivery.js';
import { INVITE_CODE_PATTERN } from '../referral-code.js';
import { defineRoute } from './route.js';

/**
 * The invitation's List-Unsubscribe address (RFC 8058 one-click): the mail provider posts `List-Unsubscribe=One-Click`
 * to it, which this route does not need to read. The invite code names the invited address; the answer is the same
 * whether or not the code exists, so the route tells nobody which codes are real.
 */
export const unsubscribeInvitesRoute = defineRoute({
  id: 'UnsubscribeInvites',
  method: 'POST',
  path: INVITE_UNSUBSCRIBE_PATH,
  access: 'public',
  params: z.object({
    inviteCode: z.string().regex(INVITE_CODE_PATTERN, { error: INVITE_OPT_OUT_MESSAGES.invalidInvite }),
  }),
  response: z.object({ unsubscribed: z.literal(true) }),
});

import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { unsubscribeInvitesRoute } from '../../domain/api/invite-unsubscribe.js';
import { inviteReferralRoute } from '../../domain/api/referrals.js';
import { API_BASE_PATH } from '../../domain/api/route.js';
import { INVITE_OPT_OUT_MESSAGES } from '../../domain/email-delivery.js';
import { RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { handler as inviteReferral } from '../../lambdas/referrals/invite-referral.js';
import { handler as unsubscribeInvites } from '../../lambdas/referrals/unsubscribe-invites.js';
import { hasInviteOptOut } from '../../lambdas/shared/data/email-suppressions.js';
import { customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { scanAllItems, testDb } from './db.js';
import { INTEGRATION_VALUES } from './global-setup.js';
import { emailsTo, firstHref, type StoredEmail } from './mail.js';
import { inMiddleOfWindow } from './rate-window.js';
import { seedCustomer } from './seed.js';

const db = testDb();
type Seeded = Awaited<ReturnType<typeof seedCustomer>>;
const friendEmail = () => `convidado.${ulid().toLowerCase()}@example.com`;
const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::5`;
const invite = (customer: Seeded, email: string) =>
  callRoute(inviteReferralRoute, inviteReferral, {
    claims: customerClaims(customer.userId, customer.profile.email),
    body: { email },
  });
/** What a mail provider does on a one-click unsubscribe (RFC 8058): a form POST to the List-Unsubscribe address. */
const oneClick = (inviteCode: string, ip = freshAddress()) =>
  callRoute(unsubscribeInvitesRoute, unsubscribeInvites, {
    params: { inviteCode },
    body: 'List-Unsubscribe=One-Click',
    headers: { 'cloudfront-viewer-address': `${ip}:443`, 'content-type': 'application/x-www-form-urlencoded' },
  });
const optOutCount = async () => (await scanAllItems(db)).filter((item) => item.type === 'INVITE_OPT_OUT').length;
const headersOf = (email: StoredEmail | undefined) =>
  Object.fromEntries(
    ((email as { headers?: { name: string; value: string }[] } | undefined)?.headers ?? []).map((h) => [
      h.name,
      h.value,
    ]),
  );

describe('List-Unsubscribe on invitations', () => {
  it('the invite carries List-Unsubscribe (one-click) pointing at its own unsubscribe route, and a text part', async () => {
    const referrer = await seedCustomer(db);
    const friend = friendEmail();
    expect((await invite(referrer, friend)).status).toBe(201);
    const [sent] = await emailsTo(friend);
    const inviteCode = firstHref(sent?.body?.html).searchParams.get('invite')!;
    const headers = headersOf(sent);
    expect(headers).toEqual({
      'List-Unsubscribe': `<${INTEGRATION_VALUES.appUrl}${API_BASE_PATH}/public/invites/${inviteCode}/unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(sent?.body?.text).toContain(`Criar minha conta: ${firstHref(sent?.body?.html).href}`);
  });

  it('a one-click unsubscribe stops further invitations to that address, from any customer', async () => {
    const [first, second] = [await seedCustomer(db), await seedCustomer(db)];
    const friend = friendEmail();
    await invite(first, friend);
    const inviteCode = firstHref((await emailsTo(friend))[0]?.body?.html).searchParams.get('invite')!;

    expect(okBody(await oneClick(inviteCode))).toEqual({ unsubscribed: true });
    expect(await hasInviteOptOut(db, friend.toUpperCase())).toBe(true);
    // Clicking again (or the provider retrying) is fine.
    expect((await oneClick(inviteCode)).status).toBe(200);

    const refused = errorOf(await invite(second, friend));
    expect(refused).toMatchObject({ status: 409, message: INVITE_OPT_OUT_MESSAGES.optedOut });
    expect(await emailsTo(friend)).toHaveLength(1);
  });

  it('answers an unknown code exactly like a real one, and records nothing', async () => {
    const before = await optOutCount();
    const result = await oneClick('REF-ZZZZZZ-ZZZZ');
    expect(okBody(result)).toEqual({ unsubscribed: true });
    expect(await optOutCount()).toBe(before);
  });

  it('refuses a malformed code with a pt-BR 400', async () => {
    const error = errorOf(await oneClick('nao-e-um-convite'));
    expect(error).toMatchObject({ status: 400, fields: { inviteCode: INVITE_OPT_OUT_MESSAGES.invalidInvite } });
  });

  it('bounds guessing: an address gets a 429 after its allowance in the window', async () => {
    const ip = freshAddress();
    const { limit, windowSeconds } = RATE_LIMITS.inviteUnsubscribesByAddress;
    await inMiddleOfWindow(windowSeconds, async () => {
      for (let i = 0; i < limit; i++) expect((await oneClick('REF-ZZZZZZ-ZZZY', ip)).status).toBe(200);
      expect(errorOf(await oneClick('REF-ZZZZZZ-ZZZY', ip))).toMatchObject({
        status: 429,
        message: RATE_LIMIT_MESSAGES.tooManyRequests,
      });
    });
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createProfileRoute } from '../../domain/api/profile.js';
import { getReferralsRoute, inviteReferralRoute } from '../../domain/api/referrals.js';
import { REFERRAL_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { INVITE_CODE_PATTERN } from '../../domain/referral-code.js';
import type { Profile } from '../../domain/schemas/entities.js';
import { handler as createProfileHandler } from '../../lambdas/profile/create-profile.js';
import { INVITE_LIMITS, inviteFriend, type InviteLimits } from '../../lambdas/referrals/referral-service.js';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { referralInviteSubject } from '../../lambdas/referrals/referral-emails.js';
import { planReferralSignup } from '../../lambdas/referrals/referral-signup.js';
import { handler as getReferrals } from '../../lambdas/referrals/get-referrals.js';
import { handler as inviteReferral } from '../../lambdas/referrals/invite-referral.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { createProfile, getProfileByUser } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { findReferral, referralSignupWrites } from '../../lambdas/shared/data/referrals.js';
import { createProfileInput, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { emailsTo, firstHref } from './mail.js';
import { initialContractFor, seedCustomer } from './seed.js';
import { payReferral } from '../referral-payments.js';

const db = testDb();

type Seeded = Awaited<ReturnType<typeof seedCustomer>>;
const claimsOf = (customer: Seeded) => customerClaims(customer.userId, customer.profile.email);
const friendEmail = (name = 'amigo') => `${name}.${ulid().toLowerCase()}@example.com`;

const invite = (customer: Seeded, email: string) =>
  callRoute(inviteReferralRoute, inviteReferral, { claims: claimsOf(customer), body: { email } });
const summaryOf = async (customer: Seeded) =>
  okBody(await callRoute(getReferralsRoute, getReferrals, { claims: claimsOf(customer) }));

/** The profile form as the SPA sends it after a sign-up through a link (`referral_ref` / `referral_invite`). */
function formBody(overrides: Record<string, unknown> = {}) {
  const { email: _email, ...input } = createProfileInput();
  return { ...input, ...overrides };
}

/** A new account saving its first profile, as /app/perfil does. */
async function signUp(email: string, codes: { referral_ref?: string; referral_invite?: string }) {
  const userId = ulid();
  const result = await callRoute(createProfileRoute, createProfileHandler, {
    claims: customerClaims(userId, email),
    body: formBody(codes),
  });
  expect(result.status).toBe(201);
  return { userId, profile: okBody(result).profile };
}

/** The invite code of the e-mail the friend received (the `invite` parameter of its link). */
async function inviteLinkTo(email: string): Promise<URL> {
  const [message] = await emailsTo(email);
  expect(message?.subject).toBe(referralInviteSubject(EXAMPLE_COMPANY.brand));
  return firstHref(message?.body?.html);
}

const referralItem = async (referrer: Seeded, email: string) =>
  (
    await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(email) },
        ConsistentRead: true,
      }),
    )
  ).Item;

describe('POST /me/referrals/invites', () => {
  it('invites once: the referral, its pointer, token and counter, and the e-mail with ref and invite', async () => {
    const referrer = await seedCustomer(db);
    const email = friendEmail();
    const before = await getAdminCounters(db);
    const result = await invite(referrer, `  ${email.toUpperCase()} `);
    expect(result.status).toBe(201);
    expect(okBody(result).referral).toMatchObject({ referred_email: email, status: 'invited' });

    const link = await inviteLinkTo(email);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/auth');
    expect(link.searchParams.get('mode')).toBe('register');
    expect(link.searchParams.get('ref')).toBe(referrer.profile.referral_code);
    const inviteCode = link.searchParams.get('invite')!;
    expect(inviteCode).toMatch(INVITE_CODE_PATTERN);
    expect(inviteCode.startsWith(`${referrer.profile.referral_code}-`)).toBe(true);

    const item = await referralItem(referrer, email);
    expect(item).toMatchObject({
      type: 'REFERRAL',
      status: 'invited',
      invite_code: inviteCode,
      referrer_profile_id: referrer.profile.id,
      referred_profile_id: null,
      referrer_nome: referrer.profile.nome_completo,
      referrer_email: referrer.profile.email,
      gsi1pk: 'TYPE#REFERRAL',
      gsi2pk: 'REFERRAL_STATUS#invited',
    });
    const pointer = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.invitePointer(inviteCode)) }),
    );
    expect(pointer.Item).toMatchObject({ user_id: referrer.userId, referred_email: email });
    const token = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.searchPartition('REFERRAL', email), sk: keys.searchSk(email, referrer.userId) },
      }),
    );
    expect(token.Item).toBeDefined();

    const after = await getAdminCounters(db);
    expect(after.referrals.total - before.referrals.total).toBe(1);
    expect((after.referrals.byStatus.invited ?? 0) - (before.referrals.byStatus.invited ?? 0)).toBe(1);
    expect(await summaryOf(referrer)).toMatchObject({
      referral_code: referrer.profile.referral_code,
      counts: { paid: 0, invited: 1, signed_up: 0, remaining: 5 },
      referrals: [{ referred_email: email, status: 'invited' }],
    });
  });

  it('refuses a repeat of the same address with the spec message, also when sent at once, and counts one', async () => {
    const referrer = await seedCustomer(db);
    const email = friendEmail();
    const results = await Promise.all([invite(referrer, email), invite(referrer, email), invite(referrer, email)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(errorOf(refused)).toMatchObject({ status: 409, message: REFERRAL_MESSAGES.duplicateInvite });
    }
    expect(errorOf(await invite(referrer, ` ${email.toUpperCase()}`))).toMatchObject({
      status: 409,
      message: 'Este email já foi convidado anteriormente.',
    });
    expect(await emailsTo(email)).toHaveLength(1);
    expect((await summaryOf(referrer)).counts.invited).toBe(1);
    // Another referrer may invite the same friend: one invite per address per referrer.
    const other = await seedCustomer(db);
    expect((await invite(other, email)).status).toBe(201);
  });

  it('refuses the caller’s own address, an invalid one, and a customer without a profile', async () => {
    const referrer = await seedCustomer(db);
    expect(errorOf(await invite(referrer, referrer.profile.email.toUpperCase()))).toMatchObject({
      status: 400,
      message: REFERRAL_MESSAGES.ownEmail,
    });
    expect(errorOf(await invite(referrer, 'não é email'))).toMatchObject({ status: 400 });
    expect(errorOf(await invite(referrer, ''))).toMatchObject({ status: 400 });
    const userId = ulid();
    const withoutProfile = await callRoute(inviteReferralRoute, inviteReferral, {
      claims: customerClaims(userId),
      body: { email: friendEmail() },
    });
    expect(errorOf(withoutProfile)).toMatchObject({
      status: 409,
      message: 'Você precisa completar o perfil antes de enviar convites.',
    });
    expect((await summaryOf(referrer)).counts).toEqual({ paid: 0, invited: 0, signed_up: 0, remaining: 5 });
    expect(okBody(await callRoute(getReferralsRoute, getReferrals, { claims: customerClaims(userId) }))).toMatchObject({
      referral_code: null,
      referrals: [],
    });
  });

  it('takes the invite back when its e-mail cannot be sent, so trying again works', async () => {
    const referrer = await seedCustomer(db);
    const email = friendEmail();
    const before = await getAdminCounters(db);
    const caller = { userId: referrer.userId, email: referrer.profile.email, isAdmin: false };
    const failing = {
      db,
      clock: () => new Date(),
      appUrl: 'http://127.0.0.1:5173',
      sendEmail: () => Promise.reject(new Error('SES is down')),
    };
    await expect(inviteFriend(failing, caller, email)).rejects.toMatchObject({
      statusCode: 502,
      message: REFERRAL_MESSAGES.sendFailed,
    });
    expect(await referralItem(referrer, email)).toBeUndefined();
    const after = await getAdminCounters(db);
    expect(after.referrals.total).toBe(before.referrals.total);
    expect((await invite(referrer, email)).status).toBe(201);
  });

  it(`rate-limits a customer to ${RATE_LIMITS.referralInvitesByCustomer.limit} invites an hour`, async () => {
    const referrer = await seedCustomer(db);
    const { limit } = RATE_LIMITS.referralInvitesByCustomer;
    const results = await Promise.all(Array.from({ length: limit }, () => invite(referrer, friendEmail())));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const refusedEmail = friendEmail();
    expect(errorOf(await invite(referrer, refusedEmail))).toMatchObject({
      status: 429,
      message: REFERRAL_MESSAGES.tooManyInvites,
    });
    expect(await referralItem(referrer, refusedEmail)).toBeUndefined();
    expect((await summaryOf(referrer)).counts.invited).toBe(limit);
    // Another customer is not affected.
    expect((await invite(await seedCustomer(db), friendEmail())).status).toBe(201);
  });
});

describe('invites that cannot carry spam', () => {
  const sent: { to: string; subject: string; html: string }[] = [];
  const recording = (limits: InviteLimits) => ({
    db,
    clock: () => new Date(),
    appUrl: 'http://127.0.0.1:5173',
    sendEmail: async (to: string, message: { subject: string; html: string }) => void sent.push({ to, ...message }),
    limits,
  });
  const callerOf = (customer: Seeded) => ({ userId: customer.userId, email: customer.profile.email, isAdmin: false });
  /** A rule of its own per test, so no other test's invites count against it (and it counts none of theirs). */
  const rule = (limit: number, windowSeconds: number) => ({ scope: `IT_INVITE_${ulid()}`, limit, windowSeconds });
  const roomy = () => rule(1000, 3600);

  it('names the referrer by their profile only, cleaned and shortened, and never in the subject', async () => {
    const referrer = await seedCustomer(db, {
      nome_completo: 'Joana\u200b 👉 https://ganhe.example/pix www.promo.example GANHE R$500 Maria\u0007 Pereira',
    });
    const email = friendEmail();
    // Whatever else the request carries is not read: the route takes the friend's address only.
    const result = await callRoute(inviteReferralRoute, inviteReferral, {
      claims: claimsOf(referrer),
      body: { email, nome: 'Promoção http://phish.example', referrerName: 'Banco Oficial' },
    });
    expect(result.status).toBe(201);
    const [message] = await emailsTo(email);
    expect(message?.subject).toBe(referralInviteSubject(EXAMPLE_COMPANY.brand));
    const html = message?.body?.html ?? '';
    expect(html).toContain('<strong>Joana Pereira</strong>');
    for (const spam of ['ganhe', 'promo', 'R$500', 'phish', 'Banco Oficial', 'Promoção', '\u200b', '\u0007']) {
      expect(html).not.toContain(spam);
    }
  });

  it('caps a customer’s invites a day, with its own message, and leaves other customers alone', async () => {
    const limits = { hourly: roomy(), daily: rule(3, 24 * 3600), global: roomy() };
    const referrer = await seedCustomer(db);
    for (let i = 0; i < 3; i += 1) await inviteFriend(recording(limits), callerOf(referrer), friendEmail());
    const refusedEmail = friendEmail();
    await expect(inviteFriend(recording(limits), callerOf(referrer), refusedEmail)).rejects.toMatchObject({
      statusCode: 429,
      code: 'too_many_requests',
      message: REFERRAL_MESSAGES.tooManyInvitesToday,
    });
    expect(await referralItem(referrer, refusedEmail)).toBeUndefined();
    expect(sent.some((message) => message.to === refusedEmail)).toBe(false);
    await inviteFriend(recording(limits), callerOf(await seedCustomer(db)), friendEmail());
  });

  it('caps every customer’s invites together an hour, counting only calls the customer’s own caps let through', async () => {
    const limits = { hourly: rule(2, 3600), daily: roomy(), global: rule(3, 3600) };
    const flooder = await seedCustomer(db);
    await inviteFriend(recording(limits), callerOf(flooder), friendEmail());
    await inviteFriend(recording(limits), callerOf(flooder), friendEmail());
    // Refused by the customer's own hour: not counted against everybody's.
    await expect(inviteFriend(recording(limits), callerOf(flooder), friendEmail())).rejects.toMatchObject({
      statusCode: 429,
      message: REFERRAL_MESSAGES.tooManyInvites,
    });
    await inviteFriend(recording(limits), callerOf(await seedCustomer(db)), friendEmail());
    const late = await seedCustomer(db);
    const refusedEmail = friendEmail();
    await expect(inviteFriend(recording(limits), callerOf(late), refusedEmail)).rejects.toMatchObject({
      statusCode: 429,
      message: REFERRAL_MESSAGES.invitesPaused,
    });
    expect(await referralItem(late, refusedEmail)).toBeUndefined();
  });

  it('caps what the product ships with: a day above an hour, everybody’s hour above a customer’s day', () => {
    expect(INVITE_LIMITS.daily.limit).toBeGreaterThan(INVITE_LIMITS.hourly.limit);
    expect(INVITE_LIMITS.daily.windowSeconds).toBe(24 * 3600);
    expect(INVITE_LIMITS.global.limit).toBeGreaterThan(INVITE_LIMITS.daily.limit);
    expect(new Set(Object.values(INVITE_LIMITS).map((limit) => limit.scope)).size).toBe(3);
  });
});

describe('sign-up linking (pattern 34) and the referral paid (pattern 35)', () => {
  it('makes the invite signed_up when the invited address signs up through its link, then paid', async () => {
    const referrer = await seedCustomer(db);
    const email = friendEmail();
    okBody(await invite(referrer, email));
    const link = await inviteLinkTo(email);
    const before = await getAdminCounters(db);
    const friend = await signUp(email, {
      referral_ref: link.searchParams.get('ref')!,
      referral_invite: link.searchParams.get('invite')!,
    });
    expect(friend.profile.referred_by_profile_id).toBe(referrer.profile.id);
    expect(await referralItem(referrer, email)).toMatchObject({
      status: 'signed_up',
      referred_profile_id: friend.profile.id,
      gsi2pk: 'REFERRAL_STATUS#signed_up',
    });
    const middle = await getAdminCounters(db);
    expect(middle.referrals.total).toBe(before.referrals.total);
    expect((middle.referrals.byStatus.invited ?? 0) - (before.referrals.byStatus.invited ?? 0)).toBe(-1);
    expect((middle.referrals.byStatus.signed_up ?? 0) - (before.referrals.byStatus.signed_up ?? 0)).toBe(1);
    expect((await summaryOf(referrer)).counts).toEqual({ paid: 0, invited: 0, signed_up: 1, remaining: 5 });

    // The first paid charge (ConfirmPayment) reads exactly the item the sign-up wrote.
    expect(await payReferral(db, friend.profile)).toMatchObject({ markedPaid: true });
    expect((await summaryOf(referrer)).counts).toEqual({ paid: 1, invited: 0, signed_up: 0, remaining: 4 });
    const after = await getAdminCounters(db);
    expect((after.referrals.byStatus.paid ?? 0) - (middle.referrals.byStatus.paid ?? 0)).toBe(1);
    expect((after.referrals.byStatus.signed_up ?? 0) - (middle.referrals.byStatus.signed_up ?? 0)).toBe(-1);
  });

  it('creates a new signed_up referral for a bare ref, and for an invite sent to another address', async () => {
    const referrer = await seedCustomer(db);
    const byRef = friendEmail('ref');
    const before = await getAdminCounters(db);
    const first = await signUp(byRef.toUpperCase(), { referral_ref: referrer.profile.referral_code.toLowerCase() });
    expect(first.profile.referred_by_profile_id).toBe(referrer.profile.id);
    expect(await referralItem(referrer, byRef)).toMatchObject({
      status: 'signed_up',
      referred_email: byRef,
      referred_profile_id: first.profile.id,
      invite_code: referrer.profile.referral_code,
      referrer_nome: referrer.profile.nome_completo,
      gsi1pk: 'TYPE#REFERRAL',
      gsi2pk: 'REFERRAL_STATUS#signed_up',
    });
    const after = await getAdminCounters(db);
    expect(after.referrals.total - before.referrals.total).toBe(1);

    // A forwarded invite: the invited address keeps its invite, the one who signed up gets a referral of their own.
    const invited = friendEmail('convidado');
    okBody(await invite(referrer, invited));
    const code = (await inviteLinkTo(invited)).searchParams.get('invite')!;
    const forwardedTo = friendEmail('encaminhado');
    const second = await signUp(forwardedTo, { referral_invite: code });
    expect(second.profile.referred_by_profile_id).toBe(referrer.profile.id);
    expect(await referralItem(referrer, invited)).toMatchObject({ status: 'invited', referred_profile_id: null });
    expect(await referralItem(referrer, forwardedTo)).toMatchObject({ status: 'signed_up' });

    // The invited address signs up later with only the ref (storage lost the invite): its invite moves, no duplicate.
    const third = await signUp(invited, { referral_ref: referrer.profile.referral_code });
    expect(await referralItem(referrer, invited)).toMatchObject({
      status: 'signed_up',
      referred_profile_id: third.profile.id,
    });
    expect((await summaryOf(referrer)).counts).toEqual({ paid: 0, invited: 0, signed_up: 3, remaining: 5 });
  });

  it('ignores a self-referral', async () => {
    const referrer = await seedCustomer(db);
    // The same account (its own code) and the same address (another account claiming it): nothing is linked.
    expect(
      await planReferralSignup(db, {
        userId: referrer.userId,
        email: referrer.profile.email,
        ref: referrer.profile.referral_code,
        invite: null,
        now: new Date().toISOString(),
      }),
    ).toEqual({ referredByProfileId: null });
    const sameAddress = await signUp(referrer.profile.email.toUpperCase(), {
      referral_ref: referrer.profile.referral_code,
    });
    expect(sameAddress.profile.referred_by_profile_id).toBeNull();
    expect((await summaryOf(referrer)).referrals).toEqual([]);
  });

  it('never lets a bad or unknown code block the profile', async () => {
    for (const codes of [
      { referral_ref: 'REF-NOPE00' },
      { referral_invite: 'REF-NOPE00-ABCD' },
      { referral_ref: 'REF-NOPE00', referral_invite: 'REF-NOPE00-ABCD' },
      { referral_ref: '<script>', referral_invite: 'x'.repeat(40) },
    ]) {
      const { profile } = await signUp(friendEmail('sem.codigo'), codes);
      expect(profile.referred_by_profile_id).toBeNull();
    }
  });

  it('creates the profile without the link when the link fails its condition in the transaction', async () => {
    const referrer = await seedCustomer(db);
    const email = friendEmail();
    okBody(await invite(referrer, email));
    const stale = (await findReferral(db, referrer.userId, email))!;
    const userId = ulid();
    // As if the invite had moved between the read and the write: the link's condition fails, the profile does not.
    const created = await createProfile(db, {
      userId,
      input: createProfileInput({ email }),
      referredByProfileId: referrer.profile.id,
      referralWrites: (profile) =>
        referralSignupWrites(
          db,
          { kind: 'move', referrerUserId: referrer.userId, referral: { ...stale, id: ulid() } },
          profile,
          new Date().toISOString(),
        ),
      now: new Date().toISOString(),
      initialContract: initialContractFor(),
    });
    expect(created.referralLinked).toBe(false);
    expect(await getProfileByUser(db, userId)).toMatchObject({ referred_by_profile_id: referrer.profile.id });
    expect(await referralItem(referrer, email)).toMatchObject({ status: 'invited' });
  });

  it('rewards through the real sign-up links exactly once at 5 and 10, not at 4 nor on a repeated payment', async () => {
    const referrer = await seedCustomer(db);
    const friends: Profile[] = [];
    for (let i = 0; i < 10; i += 1) {
      friends.push((await signUp(friendEmail(`f${i}`), { referral_ref: referrer.profile.referral_code })).profile);
    }
    const freeRenewals = async () => (await getProfileByUser(db, referrer.userId))!.free_renewals;
    const pay = (friend: Profile) => payReferral(db, friend);
    for (const friend of friends.slice(0, 4)) await pay(friend);
    expect(await freeRenewals()).toBe(0);
    expect((await summaryOf(referrer)).counts).toMatchObject({ paid: 4, signed_up: 6, remaining: 1 });
    expect(await pay(friends[4]!)).toMatchObject({ markedPaid: true, rewardsGranted: 1 });
    expect(await pay(friends[4]!)).toMatchObject({ markedPaid: false, rewardsGranted: 0 });
    expect(await freeRenewals()).toBe(1);
    expect((await summaryOf(referrer)).counts).toMatchObject({ paid: 5, remaining: 5 });
    for (const friend of friends.slice(5, 9)) await pay(friend);
    expect(await freeRenewals()).toBe(1);
    // Two confirmations of the same payment at once: a transaction conflict is retried, as the workflow retries.
    const concurrent = await Promise.all(
      [pay(friends[9]!), pay(friends[9]!)].map((p) => p.catch(() => pay(friends[9]!))),
    );
    expect(concurrent.filter((result) => result.markedPaid)).toHaveLength(1);
    expect(concurrent.reduce((sum, result) => sum + result.rewardsGranted, 0)).toBe(1);
    expect(await freeRenewals()).toBe(2);
    expect((await summaryOf(referrer)).counts).toEqual({ paid: 10, invited: 0, signed_up: 0, remaining: 5 });
  });
});

import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { getAdminSummaryRoute } from '../../domain/api/admin.js';
import { listAdminReferralsRoute, type AdminReferralRow } from '../../domain/api/admin-referrals.js';
import { getReferralsRoute } from '../../domain/api/referrals.js';
import { ADMIN_MESSAGES } from '../../domain/messages.js';
import { handler as getAdminSummary } from '../../lambdas/admin/get-admin-summary.js';
import { handler as listReferrals } from '../../lambdas/admin/referrals/list-admin-referrals.js';
import { handler as getReferrals } from '../../lambdas/referrals/get-referrals.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import {
  createReferral,
  findReferral,
  referralSignupWrites,
  referrerCopyOf,
} from '../../lambdas/shared/data/referrals.js';
import { adminClaims, createProfileInput, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { initialContractFor, seedCustomer } from './seed.js';
import { payReferral } from '../referral-payments.js';

const db = testDb();
const admin = adminClaims();

type Seeded = Awaited<ReturnType<typeof seedCustomer>>;

const list = (query: Record<string, string> = {}) =>
  callRoute(listAdminReferralsRoute, listReferrals, { claims: admin, body: query });
const summary = async () => okBody(await callRoute(getAdminSummaryRoute, getAdminSummary, { claims: admin })).referrals;
const ownCounts = async (customer: Seeded) =>
  okBody(
    await callRoute(getReferralsRoute, getReferrals, {
      claims: customerClaims(customer.userId, customer.profile.email),
    }),
  ).counts;

/** A distinctive word, so a name search finds only this run's referrer. */
const uniqueWord = () =>
  `Zed${ulid()
    .slice(-8)
    .replace(/[^A-Z]/g, 'q')
    .toLowerCase()}`;

async function invite(referrer: Seeded, email: string) {
  return createReferral(db, {
    referrer: referrerCopyOf(referrer.profile),
    email,
    now: new Date().toISOString(),
    referralCode: referrer.profile.referral_code,
  });
}

/** The invited friend signs up (pattern 34, the real profile transaction) and, if asked, pays (pattern 35). */
async function friendSignsUp(referrer: Seeded, email: string, pays: boolean) {
  const invited = (await findReferral(db, referrer.userId, email))!;
  const now = new Date().toISOString();
  const { profile } = await createProfile(db, {
    userId: ulid(),
    input: createProfileInput({ email }),
    referredByProfileId: referrer.profile.id,
    referralWrites: (p) =>
      referralSignupWrites(db, { kind: 'move', referrerUserId: referrer.userId, referral: invited }, p, now),
    now,
    initialContract: initialContractFor(),
  });
  if (pays) await payReferral(db, profile);
}

const friendEmail = (tag: string) => `${tag}.${ulid().toLowerCase()}@amigos.example.com`;

describe('/admin/indicacoes', () => {
  it('pages through every referral newest first with a cursor, 25 a page, with the referrer name and e-mail', async () => {
    const referrer = await seedCustomer(db, { nome_completo: `Paula ${uniqueWord()} Souza` });
    const emails: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const email = friendEmail(`pagina${i}`);
      emails.push(email);
      await invite(referrer, email);
    }
    const seen: AdminReferralRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    // Other tests' referrals may be newer or older; ours are the newest 30 unless something wrote after them.
    do {
      const page: { items: AdminReferralRow[]; cursor: string | null } = okBody(await list(cursor ? { cursor } : {}));
      expect(page.items.length).toBeLessThanOrEqual(25);
      seen.push(...page.items);
      cursor = page.cursor;
      pages += 1;
    } while (cursor && emails.some((e) => !seen.some((row) => row.referred_email === e)) && pages < 50);
    const ours = seen.filter((row) => row.referrer_user_id === referrer.userId);
    expect(new Set(ours.map((row) => row.referred_email))).toEqual(new Set(emails));
    expect(new Set(seen.map((row) => row.id)).size).toBe(seen.length);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(ours[0]).toMatchObject({
      referrer_nome: referrer.profile.nome_completo,
      referrer_email: referrer.profile.email,
      referrer_profile_id: referrer.profile.id,
      status: 'invited',
    });
    const created = seen.map((row) => row.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by status (gsi2) and searches by the referred e-mail and by the referrer name, with or without a status', async () => {
    const word = uniqueWord();
    const referrer = await seedCustomer(db, { nome_completo: `Renata ${word} Lima` });
    const invitedEmail = friendEmail('convidado');
    const signedEmail = friendEmail('cadastrado');
    const paidEmail = friendEmail('pago');
    for (const email of [invitedEmail, signedEmail, paidEmail]) await invite(referrer, email);
    await friendSignsUp(referrer, signedEmail, false);
    await friendSignsUp(referrer, paidEmail, true);

    const paid = okBody(await list({ status: 'paid' }));
    expect(paid.items.every((row) => row.status === 'paid')).toBe(true);
    expect(paid.items[0]).toMatchObject({ referred_email: paidEmail, referrer_nome: referrer.profile.nome_completo });
    const signedUp = okBody(await list({ status: 'signed_up' }));
    expect(signedUp.items.every((row) => row.status === 'signed_up')).toBe(true);
    expect(signedUp.items[0]).toMatchObject({ referred_email: signedEmail });

    // The referred e-mail (REFERRAL tokens), whole or by its beginning.
    const byEmail = okBody(await list({ search: invitedEmail }));
    expect(byEmail).toEqual({ items: [expect.objectContaining({ referred_email: invitedEmail })], cursor: null });
    expect(okBody(await list({ search: paidEmail.slice(0, 20) })).items.map((r) => r.referred_email)).toContain(
      paidEmail,
    );

    // The referrer's name (CLIENT tokens): all three, newest first; and with a status.
    const byName = okBody(await list({ search: word.toUpperCase() }));
    expect(byName.cursor).toBeNull();
    expect(byName.items.map((row) => row.referred_email).sort()).toEqual([invitedEmail, signedEmail, paidEmail].sort());
    expect(okBody(await list({ search: word, status: 'signed_up' })).items.map((r) => r.referred_email)).toEqual([
      signedEmail,
    ]);
    // The referrer's e-mail is a CLIENT token too.
    expect(okBody(await list({ search: referrer.profile.email })).items).toHaveLength(3);

    expect(okBody(await list({ search: `naoexiste${ulid().toLowerCase()}` })).items).toEqual([]);
    const tooShort = await list({ search: 'a' });
    expect(tooShort.status).toBe(400);
    expect(errorOf(tooShort).message).toBe(ADMIN_MESSAGES.searchTooShort);
    expect((await list({ status: 'cancelado' })).status).toBe(400);
  });

  it('shows a summary that moves exactly as the referrers’ own /app/indique counts do', async () => {
    const before = await summary();
    const first = await seedCustomer(db);
    const second = await seedCustomer(db);
    const a = [friendEmail('a1'), friendEmail('a2'), friendEmail('a3'), friendEmail('a4')];
    const b = [friendEmail('b1'), friendEmail('b2')];
    for (const email of a) await invite(first, email);
    for (const email of b) await invite(second, email);
    await friendSignsUp(first, a[0]!, true);
    await friendSignsUp(first, a[1]!, true);
    await friendSignsUp(first, a[2]!, false);
    await friendSignsUp(second, b[0]!, false);

    const after = await summary();
    const own = [await ownCounts(first), await ownCounts(second)];
    const sum = (key: 'paid' | 'invited' | 'signed_up') => own.reduce((n, counts) => n + counts[key], 0);
    const delta = (key: 'paid' | 'invited' | 'signed_up') => (after.byStatus[key] ?? 0) - (before.byStatus[key] ?? 0);
    expect(own).toEqual([
      { paid: 2, invited: 1, signed_up: 1, remaining: 3 },
      { paid: 0, invited: 1, signed_up: 1, remaining: 5 },
    ]);
    expect({ paid: delta('paid'), invited: delta('invited'), signed_up: delta('signed_up') }).toEqual({
      paid: sum('paid'),
      invited: sum('invited'),
      signed_up: sum('signed_up'),
    });
    expect(after.total - before.total).toBe(a.length + b.length);
  });

  it('is refused to a customer', async () => {
    const customer = await seedCustomer(db);
    const refused = await callRoute(listAdminReferralsRoute, listReferrals, {
      claims: customerClaims(customer.userId, customer.profile.email),
    });
    expect(refused.status).toBe(403);
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../domain/schemas/entities.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getProfileByUser } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { guardedTestDb, testDb } from './db.js';
import { seedCustomer, seedReferredCustomer } from './seed.js';
import { payReferral } from '../referral-payments.js';

const db = testDb();

/** A referrer and `count` customers who signed up through their code (profile and referral item, as sign-up writes). */
async function referrerWith(count: number) {
  const referrer = await seedCustomer(db);
  const referred: Profile[] = [];
  for (let i = 0; i < count; i += 1) referred.push((await seedReferredCustomer(db, referrer)).profile);
  return { referrer, referred };
}

const freeRenewalsOf = async (userId: string) => (await getProfileByUser(db, userId))!.free_renewals;
// Marked paid as ConfirmPayment's grants reach the table (local/functions/table-guard.ts refuses anything else).
const confirmDb = guardedTestDb('ConfirmPayment');
const pay = (payer: Profile) => payReferral(db, payer, undefined, confirmDb);

describe('referral paid and the referrer’s reward (1 free renewal per 5 paid referrals)', () => {
  it('grants nothing at 4, one renewal at the 5th, and nothing more for a repeated confirmation', async () => {
    const { referrer, referred } = await referrerWith(5);
    for (const payer of referred.slice(0, 4)) expect(await pay(payer)).toMatchObject({ markedPaid: true });
    expect(await freeRenewalsOf(referrer.userId)).toBe(0);
    expect(await pay(referred[4]!)).toMatchObject({ markedPaid: true, rewardsGranted: 1 });
    expect(await freeRenewalsOf(referrer.userId)).toBe(1);
    expect(await pay(referred[4]!)).toMatchObject({ markedPaid: false, rewardsGranted: 0 });
    expect(await pay(referred[0]!)).toMatchObject({ markedPaid: false, rewardsGranted: 0 });
    expect(await freeRenewalsOf(referrer.userId)).toBe(1);
    const referral = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(referred[4]!.email.toLowerCase()) },
      }),
    );
    expect(referral.Item).toMatchObject({ status: 'paid', gsi2pk: 'REFERRAL_STATUS#paid' });
  });

  it('grants exactly two at 10 paid referrals, whatever the order and repetition of concurrent confirmations', async () => {
    const { referrer, referred } = await referrerWith(10);
    const before = await getAdminCounters(db);
    // Every payment confirmed three times, all at once; a confirmation that lost a transaction conflict fails and is
    // retried, as Step Functions retries the ConfirmPayment task.
    const confirmWithRetries = async (payer: Profile) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await pay(payer);
        } catch (error) {
          if (attempt >= 5) throw error;
        }
      }
    };
    await Promise.all([...referred, ...referred, ...referred].map(confirmWithRetries));
    expect(await freeRenewalsOf(referrer.userId)).toBe(2);
    const after = await getAdminCounters(db);
    expect((after.referrals.byStatus.paid ?? 0) - (before.referrals.byStatus.paid ?? 0)).toBe(10);
  });

  it('does nothing for a payer without a referrer, or whose referral was never written', async () => {
    const { profile } = await seedCustomer(db);
    expect(await pay(profile)).toEqual({ referrerUserId: null, markedPaid: false, rewardsGranted: 0 });
    const referrer = await seedCustomer(db);
    const orphan = { ...profile, referred_by_profile_id: referrer.profile.id };
    expect(await pay(orphan)).toMatchObject({ markedPaid: false, rewardsGranted: 0 });
    expect(await freeRenewalsOf(referrer.userId)).toBe(0);
  });
});

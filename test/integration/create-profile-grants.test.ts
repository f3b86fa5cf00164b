import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createProfileRoute } from '../../domain/api/profile.js';
import { handler as createProfile } from '../../lambdas/profile/create-profile.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { createReferral, referrerCopyOf } from '../../lambdas/shared/data/referrals.js';
import { createEmailAddress, createProfileInput, customerClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { seedCustomer } from './seed.js';
import { ulid } from 'ulid';

/**
 * CreateProfile under its own table grants (docs/decisions.md, "Least privilege on the table"): the lambdas' shared
 * DynamoDB client is guarded as its grants allow (local/functions/table-guard.ts), so a request outside its key
 * prefixes fails here as IAM would fail it. The referral's reads are the ones to watch: a failure there is logged and
 * the profile is created without the link, so each case checks the link was made. Seeds go through the tests' own
 * client.
 */
guardLambdaTableAs('CreateProfile');
const db = testDb();

const referralOf = async (referrerUserId: string, email: string) =>
  (
    await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrerUserId), sk: keys.referralSk(email) },
      }),
    )
  ).Item;

const signUp = async (body: Record<string, unknown>) => {
  const email = createEmailAddress('indicada');
  const claims = customerClaims(ulid(), email);
  const result = okBody(
    await callRoute(createProfileRoute, createProfile, { claims, body: { ...createProfileInput(), ...body } }),
  );
  return { email, profile: result.profile };
};

describe('CreateProfile, within its key prefixes', () => {
  it("creates a profile linked by the referrer's code: a new signed_up referral in the referrer's partition", async () => {
    const referrer = await seedCustomer(db);
    const { email, profile } = await signUp({ referral_ref: referrer.profile.referral_code });
    expect(profile.referred_by_profile_id).toBe(referrer.profile.id);
    expect(await referralOf(referrer.userId, email)).toMatchObject({
      status: 'signed_up',
      referred_profile_id: profile.id,
    });
  });

  it('moves the invited referral of an invite link to signed_up', async () => {
    const referrer = await seedCustomer(db);
    const email = createEmailAddress('convidada');
    const invite = await createReferral(db, {
      referrer: referrerCopyOf(referrer.profile),
      email,
      now: new Date().toISOString(),
      referralCode: referrer.profile.referral_code,
    });
    const claims = customerClaims(ulid(), email);
    const { profile } = okBody(
      await callRoute(createProfileRoute, createProfile, {
        claims,
        body: { ...createProfileInput(), referral_invite: invite.invite_code },
      }),
    );
    expect(profile.referred_by_profile_id).toBe(referrer.profile.id);
    expect(await referralOf(referrer.userId, email)).toMatchObject({
      status: 'signed_up',
      referred_profile_id: profile.id,
    });
  });
});

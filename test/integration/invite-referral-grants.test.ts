import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { inviteReferralRoute } from '../../domain/api/referrals.js';
import { handler as inviteReferral } from '../../lambdas/referrals/invite-referral.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { recordInviteOptOut } from '../../lambdas/shared/data/email-suppressions.js';
import { createEmailAddress, customerClaims } from '../factories.js';
import { callRoute, errorOf } from '../route-call.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { seedCustomer } from './seed.js';

/**
 * InviteReferral under its own table grants (docs/decisions.md, "Least privilege on the table"): the lambdas' shared
 * DynamoDB client is guarded as its grants allow (local/functions/table-guard.ts), so a request outside its key
 * prefixes fails here as IAM would.
 */
guardLambdaTableAs('InviteReferral');
const db = testDb();

describe('InviteReferral, within its key prefixes', () => {
  it('checks the opt-out, counts its limits, and writes the referral with its invite pointer', async () => {
    const referrer = await seedCustomer(db);
    const email = createEmailAddress('amiga');
    const claims = customerClaims(referrer.userId, referrer.profile.email);
    const result = await callRoute(inviteReferralRoute, inviteReferral, { claims, body: { email } });
    expect(result.status).toBe(201);
    const { Item: referral } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(email) },
      }),
    );
    expect(referral).toMatchObject({ status: 'invited' });
    const { Item: pointer } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.invitePointer(String(referral!.invite_code))) }),
    );
    expect(pointer).toBeDefined();
  });

  it('refuses an address that opted out, having read its opt-out', async () => {
    const referrer = await seedCustomer(db);
    const email = createEmailAddress('nao-quer');
    await recordInviteOptOut(db, email, new Date().toISOString());
    const claims = customerClaims(referrer.userId, referrer.profile.email);
    const result = await callRoute(inviteReferralRoute, inviteReferral, { claims, body: { email } });
    expect(errorOf(result).status).toBeGreaterThanOrEqual(400);
    expect(errorOf(result).status).toBeLessThan(500);
  });
});

import { AdminUpdateUserAttributesCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { maskEmail } from '../../domain/documents.js';
import { searchClients } from '../../lambdas/shared/data/admin-lists.js';
import { createProfile, getProfileByUser } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { createReferral, referralSignupWrites, referrerCopyOf } from '../../lambdas/shared/data/referrals.js';
import { createProfileInput } from '../factories.js';
import { payReferral } from '../referral-payments.js';
import { useCognitoWithTriggers } from './cognito.js';
import { guardedTestDb, testDb } from './db.js';
import { emailsTo } from './mail.js';
import { initialContractFor, seedCustomer, seedPendingCharge } from './seed.js';

/**
 * Once Cognito confirms a new address, the next token it issues (the SPA refreshes right after the
 * confirmation) carries it to the profile, its search tokens and the copies on the customer's referrals, and the old
 * address is told — through the real PreTokenGeneration trigger run by cognito-local.
 */

const db = testDb();
const PASSWORD = 'segredo123';
// The trigger runs on the table as its grants reach it; a refusal there is logged and swallowed by
// design (a sign-in never fails for it), so each case checks the copies were made.
const cognito = useCognitoWithTriggers({ preTokenGenerationDb: guardedTestDb('preTokenGeneration') });

const signIn = (username: string) =>
  cognito.client.send(
    new InitiateAuthCommand({
      ClientId: cognito.pool.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD },
    }),
  );

/** What Cognito holds once the customer typed the code of the link sent to the new address. */
const confirmNewAddress = (userId: string, email: string, verified = true) =>
  cognito.client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: cognito.pool.userPoolId,
      Username: userId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: String(verified) },
      ],
    }),
  );

/** The change notices an address received (sign-up also sends it a welcome). */
const noticesTo = async (to: string) =>
  (await emailsTo(to)).filter((message) => message.subject === 'O e-mail da sua conta foi alterado');

const partitionOf = async (userId: string) =>
  (
    await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.customer(userId) },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('a confirmed change of e-mail (pattern 63)', () => {
  it('reaches the profile, its search tokens and every copy, tells the old address once, and keeps referrals working', async () => {
    const referrer = await seedCustomer(db, { nome_completo: 'Renata Indicadora' });
    const oldEmail = `antigo.${ulid().toLowerCase()}@example.com`;
    const newEmail = `novo.${ulid().toLowerCase()}@example.com`;
    const userId = await cognito.signUpConfirmed(oldEmail, PASSWORD);
    const now = new Date().toISOString();
    // The customer signed up through the referrer's link, invited a friend, and has a charge and a process.
    const { profile, contract } = await createProfile(db, {
      userId,
      input: createProfileInput({ email: oldEmail, nome_completo: `Otília Mudança ${ulid().slice(-6)}` }),
      referredByProfileId: referrer.profile.id,
      referralWrites: (created) =>
        referralSignupWrites(
          db,
          { kind: 'new', referrer: referrerCopyOf(referrer.profile), inviteCode: referrer.profile.referral_code },
          created,
          now,
        ),
      now,
      initialContract: await initialContractFor(),
    });
    const friendEmail = `amiga.${ulid().toLowerCase()}@example.com`;
    await createReferral(db, {
      referrer: referrerCopyOf(profile),
      email: friendEmail,
      now,
      referralCode: profile.referral_code,
    });
    await seedPendingCharge(db, { userId, contractId: contract.id });
    expect(JSON.stringify(await partitionOf(userId))).toContain(oldEmail);

    // A sign-in before the confirmation changes nothing.
    await signIn(oldEmail);
    expect((await getProfileByUser(db, userId))?.email).toBe(oldEmail);
    expect(await noticesTo(oldEmail)).toEqual([]);

    await confirmNewAddress(userId, newEmail);
    const tokens = await signIn(newEmail);
    expect(tokens.AuthenticationResult?.IdToken).toBeTruthy();

    const updated = await getProfileByUser(db, userId);
    expect(updated?.email).toBe(newEmail);
    // Nothing in the customer's partition (profile, contract, process, charge, their referrals) keeps the old address.
    const items = await partitionOf(userId);
    expect(items.map((item) => item.type)).toEqual(
      expect.arrayContaining(['PROFILE', 'PROCESS', 'CHARGE', 'REFERRAL']),
    );
    expect(JSON.stringify(items)).not.toContain(oldEmail);
    const made = items.find((item) => item.type === 'REFERRAL');
    expect(made).toMatchObject({ referred_email: friendEmail, referrer_email: newEmail });
    expect(items.find((item) => item.type === 'PROFILE')?.email_change_notice).toBeUndefined();
    // The admin search finds the customer by the new address only.
    expect((await searchClients(db, newEmail)).map((found) => found.id)).toEqual([profile.id]);
    expect((await searchClients(db, oldEmail)).map((found) => found.id)).not.toContain(profile.id);

    // The old address is told, in Portuguese, with the new one masked.
    const notices = await noticesTo(oldEmail);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('O e-mail da sua conta foi alterado');
    expect(notices[0]?.body?.html).toContain(maskEmail(newEmail));
    expect(notices[0]?.body?.html).not.toContain(newEmail);

    // Later sign-ins and refreshes find nothing more to do: no second notice.
    await signIn(newEmail);
    expect(await noticesTo(oldEmail)).toHaveLength(1);
    expect(await emailsTo(newEmail)).toEqual([]);

    // The referral the customer joined keeps the address it was made for, and their first payment still counts it.
    const { Item: joined } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(oldEmail) },
      }),
    );
    expect(joined).toMatchObject({ referred_profile_id: profile.id, status: 'signed_up' });
    // As ConfirmPayment's grants reach the table: the referral is found by a Query of the referrer's partition.
    expect(await payReferral(db, updated!, undefined, guardedTestDb('ConfirmPayment'))).toMatchObject({
      markedPaid: true,
    });
  });

  it('ignores an address Cognito has not verified', async () => {
    const oldEmail = `antigo.${ulid().toLowerCase()}@example.com`;
    const userId = await cognito.signUpConfirmed(oldEmail, PASSWORD);
    await createProfile(db, {
      userId,
      input: createProfileInput({ email: oldEmail }),
      referredByProfileId: null,
      now: new Date().toISOString(),
      initialContract: await initialContractFor(),
    });
    await confirmNewAddress(userId, `nao.verificado.${ulid().toLowerCase()}@example.com`, false);
    await signIn(oldEmail).catch(() => undefined);
    expect((await getProfileByUser(db, userId))?.email).toBe(oldEmail);
    expect(await noticesTo(oldEmail)).toEqual([]);
  });
});

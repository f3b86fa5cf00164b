import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CLIENTS_PAGE_SIZE,
  deleteAdminClientRoute,
  getAdminClientRoute,
  listAdminClientsRoute,
} from '../../domain/api/admin-clients.js';
import { isValidDocument } from '../../domain/documents.js';
import { ADMIN_CLIENT_MESSAGES, ADMIN_MESSAGES, PROFILE_MESSAGES } from '../../domain/messages.js';
import { createProfileRoute } from '../../domain/api/profile.js';
import { handler as createProfileHandler } from '../../lambdas/profile/create-profile.js';
import { handler as deleteAdminClient } from '../../lambdas/admin/clients/delete-admin-client.js';
import { handler as getAdminClient } from '../../lambdas/admin/clients/get-admin-client.js';
import { handler as listAdminClients } from '../../lambdas/admin/clients/list-admin-clients.js';
import { deleteClient, type ClientDeletionDeps } from '../../lambdas/admin/clients/admin-clients-service.js';
import { createS3DocumentEraser } from '../../lambdas/providers/documents.js';
import { createCognitoUserAccounts, type UserAccounts } from '../../lambdas/providers/user-accounts.js';
import { recordAdminAction } from '../../lambdas/shared/data/audit.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { saveConnection } from '../../lambdas/shared/data/connections.js';
import { getAdminCounters, type AdminCounters } from '../../lambdas/shared/data/counters.js';
import { certificateItem, certificatePointerItem, type Certificate } from '../../lambdas/shared/data/certificates.js';
import { clientSearchTokenItems, createProfile, getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import {
  createReferral,
  findReferralByInvite,
  referralSearchTokenItem,
  referralSignupWrites,
  referrerCopyOf,
} from '../../lambdas/shared/data/referrals.js';
import { claimMarker, type Db } from '../../lambdas/shared/data/table.js';
import { grantWhatsAppConsent } from '../../lambdas/shared/data/whatsapp.js';
import { whatsappPhoneKey } from '../../domain/whatsapp.js';
import { adminClaims, createProfileInput, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { useCognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET } from './global-setup.js';
import { useAsaasSimulator } from './asaas-harness.js';
import { initialContractFor, seedCustomer, seedPendingCharge, seedSignature } from './seed.js';
import { getOwnReferrals } from '../../lambdas/referrals/referral-service.js';
import { payReferral } from '../referral-payments.js';
import { phonePointerKey, seedWhatsAppChannel } from './whatsapp-seed.js';

const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });
const documents = createS3DocumentEraser({ bucket: INTEGRATION_BUCKET, pathStyle: true });
const admin = { userId: ulid(), email: 'admin@baixa.test', isAdmin: true };

const cognito = useCognitoWithTriggers();
let accounts: UserAccounts;

beforeAll(() => {
  accounts = createCognitoUserAccounts({ userPoolId: cognito.pool.userPoolId, client: cognito.client });
});

afterAll(() => {
  s3.destroy();
});

const sim = useAsaasSimulator();

const deps = (overrides: Partial<ClientDeletionDeps> = {}): ClientDeletionDeps => ({
  db,
  clock: () => new Date(),
  accounts,
  documents,
  asaas: sim.asaas,
  // The money side (Asaas, executions) is tested in client-deletion-money.test.ts; these clients' charges carry Asaas
  // ids of their own, which the simulator does not know, and no execution.
  workflow: { stop: async () => 'not-running' },
  ...overrides,
});

const putDocument = (key: string) =>
  s3.send(
    new PutObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: key, Body: '%PDF-1.4', ContentType: 'application/pdf' }),
  );

const objectsUnder = async (prefix: string) =>
  (await s3.send(new ListObjectsV2Command({ Bucket: INTEGRATION_BUCKET, Prefix: prefix }))).Contents ?? [];

/** The admin counters (tests in this file run one after another, so only they move them). */
const counters = async (): Promise<AdminCounters> => {
  const all = await getAdminCounters(db);
  // A status counter that went back to 0 is the same figure as one never written.
  const nonZero = (byStatus: Record<string, number>) =>
    Object.fromEntries(Object.entries(byStatus).filter(([, n]) => n));
  return {
    ...all,
    charges: { ...all.charges, byStatus: nonZero(all.charges.byStatus) },
    referrals: { ...all.referrals, byStatus: nonZero(all.referrals.byStatus) },
  };
};

/**
 * A client with everything a client can have: a Cognito user, profile, signed contract, refunded and pending charges,
 * process history, a referral they made and the referral in which they were invited, a live connection, a Nada
 * Consta certificate, markers, documents in S3 — and the list of every key outside their partition it wrote.
 */
async function seedRichClient() {
  const referrer = await seedCustomer(db, { nome_completo: 'Renata Indicadora' });
  const before = await counters();
  const email = `excluir.${ulid().toLowerCase()}@example.com`;
  const userId = await cognito.signUpConfirmed(email);
  const invite = await createReferral(db, {
    referrer: referrerCopyOf(referrer.profile),
    email,
    now: new Date().toISOString(),
    referralCode: referrer.profile.referral_code,
  });
  const target = await findReferralByInvite(db, invite.invite_code);
  const { profile, contract, process } = await createProfile(db, {
    userId,
    input: createProfileInput({ email, nome_completo: 'Zuleica Apagável Teixeira' }),
    referredByProfileId: referrer.profile.id,
    now: new Date().toISOString(),
    initialContract: initialContractFor(),
    referralWrites: (created) =>
      referralSignupWrites(
        db,
        {
          kind: 'move',
          referrerUserId: target!.referrerUserId,
          referral: { ...invite, referred_email: target!.referredEmail },
        },
        created,
        new Date().toISOString(),
      ),
  });
  const pdfKey = `contracts/${contract.id}/${ulid()}.pdf`;
  await putDocument(pdfKey);
  await seedSignature(
    db,
    { userId, contract: { id: contract.id } },
    {
      ip: '127.0.0.1',
      geo: { cidade: 'São Lourenço', estado: 'MG', pais: 'Brasil', latitude: null, longitude: null },
      textSha256: 'a'.repeat(64),
      pdfKey,
    },
  );
  // Paid, then refunded: money received keeps a client from being deleted until it has gone back (the money gate).
  const paid = await seedPendingCharge(db, { userId, contractId: contract.id });
  for (const [from, to] of [
    ['PENDING', 'RECEIVED'],
    ['RECEIVED', 'REFUNDED'],
  ] as const) {
    await recordChargeStatus(
      db,
      { userId, contractId: contract.id, chargeId: paid.id },
      from,
      to,
      new Date().toISOString(),
    );
  }
  const pending = await seedPendingCharge(db, { userId, contractId: contract.id });
  await changeProcessStatus(db, {
    ref: { userId, contractId: contract.id },
    to: 'pago',
    byUser: admin.email,
    now: new Date().toISOString(),
  });
  const made = await createReferral(db, {
    referrer: referrerCopyOf(profile),
    email: `amigo.${ulid().toLowerCase()}@example.com`,
    now: new Date().toISOString(),
    referralCode: profile.referral_code,
  });
  const connectionId = `conn-${ulid()}`;
  await saveConnection(db, { userId, connectionId, now: new Date() });
  const code = `NC${ulid()}`;
  const certificate: Certificate = {
    codigo: code,
    user_id: userId,
    contrato_id: contract.id,
    processo_id: process.id,
    protocolo: contract.protocolo,
    nome_cliente: 'Zuleica T.',
    cpf_cliente: '***.***.***-**',
    orgaos: ['SPC'],
    baixa_deferida_em: new Date().toISOString(),
    emitido_em: new Date().toISOString(),
    sha256: 'b'.repeat(64),
    pdf_key: `customers/${userId}/nada-consta/${code}.pdf`,
  };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.tableName, Item: certificateItem(certificate) } },
        { Put: { TableName: db.tableName, Item: certificatePointerItem(certificate) } },
      ],
    }),
  );
  await putDocument(certificate.pdf_key);
  const history = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :h)',
      ExpressionAttributeValues: { ':pk': keys.customer(userId), ':h': `CONTRACT#${contract.id}#PROCESS#HISTORY#` },
    }),
  );
  const historyIds = (history.Items ?? []).map((item) => String(item.sk).split('#').pop()!);
  const markers = [
    keys.accountSk,
    keys.magicLink(userId),
    keys.recoveryRequest(userId),
    keys.filingAlert(process.id),
    keys.purchaseConversion(paid.id),
    keys.chargeSettlement(paid.id),
    ...historyIds.map((id) => keys.statusNotice(userId, id)),
  ];
  for (const marker of markers.slice(1)) await claimMarker(db, marker, { type: 'MARKER' });
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { pk: keys.customer(userId), sk: keys.accountSk, welcome_sent_at: new Date().toISOString() },
    }),
  );
  await recordAdminAction(db, {
    at: new Date().toISOString(),
    actor: { userId: admin.userId, email: admin.email },
    action: 'process-status',
    targetUserId: userId,
    target: { type: 'process', id: process.id },
    before: { status: 'pagamento_pendente' },
    after: { status: 'pago' },
  });
  const whatsapp = await seedWhatsAppChannel(db, userId);

  const outsideKeys = [
    // The WhatsApp pointers (pattern 107): the message id's, the number's, and the number consented before.
    ...whatsapp.outsideKeys,
    phonePointerKey(whatsapp.previousPhone),
    pointerKey(keys.documentGuard(profile.cpf)),
    pointerKey(keys.referralCodeGuard(profile.referral_code)),
    pointerKey(keys.profileIdPointer(profile.id)),
    pointerKey(keys.protocolPointer(contract.protocolo)),
    pointerKey(keys.providerChargePointer(paid.asaas_id!)),
    pointerKey(keys.providerChargePointer(pending.asaas_id!)),
    pointerKey(keys.invitePointer(made.invite_code)),
    pointerKey(keys.invitePointer(invite.invite_code)),
    pointerKey(keys.connectionPointer(connectionId)),
    pointerKey(keys.certificatePointer(code)),
    ...markers.slice(1).map(pointerKey),
    ...clientSearchTokenItems(profile).map(({ pk, sk }) => ({ pk, sk })),
    referralSearchTokenItem(userId, made.referred_email),
    referralSearchTokenItem(referrer.userId, invite.referred_email),
    { pk: keys.customer(referrer.userId), sk: keys.referralSk(invite.referred_email) },
  ].map(({ pk, sk }) => ({ pk, sk }));
  return {
    userId,
    email,
    profile,
    contract,
    referrer,
    before,
    outsideKeys,
    whatsapp,
    prefixes: [`contracts/${contract.id}/`, `customers/${userId}/`],
  };
}

/** A valid alphanumeric CNPJ (Receita Federal: positions 1–12 in [0-9A-Z], value = ASCII − 48, mod-11 digits). */
function alphanumericCnpj(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // Starts with a letter and a digit, so its first characters typed alone already read as a document.
  let base = 'A1';
  for (let i = 2; i < 12; i += 1) base += alphabet[Math.floor(Math.random() * alphabet.length)];
  const digit = (value: string) => {
    const weights =
      value.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...value].reduce((total, char, i) => total + (char.charCodeAt(0) - 48) * weights[i]!, 0);
    return sum % 11 < 2 ? 0 : 11 - (sum % 11);
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}

type RichClient = Awaited<ReturnType<typeof seedRichClient>>;

async function expectNothingLeft(client: RichClient) {
  const partition = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.customer(client.userId) },
      ConsistentRead: true,
    }),
  );
  expect(partition.Items ?? []).toEqual([]);
  for (const key of client.outsideKeys) {
    const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
    expect(Item, `${key.pk} / ${key.sk}`).toBeUndefined();
  }
  for (const prefix of client.prefixes) expect(await objectsUnder(prefix)).toEqual([]);
  await expect(
    cognito.client.send(new AdminGetUserCommand({ UserPoolId: cognito.pool.userPoolId, Username: client.userId })),
  ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  // The referrer keeps their own data.
  const { Item: referrer } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(client.referrer.userId), sk: keys.profileSk } }),
  );
  expect(referrer?.id).toBe(client.referrer.profile.id);
  // Counters as before this client (and the invite that named them) existed.
  expect(await counters()).toEqual(client.before);
}

async function auditOf(userId: string) {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.audit(userId) },
    }),
  );
  return Items;
}

describe('deleting a client (pattern 28)', () => {
  it('leaves nothing of the client behind, answers the counts, keeps an audit record without personal data', async () => {
    const client = await seedRichClient();
    expect(await objectsUnder(client.prefixes[0]!)).toHaveLength(1);

    const detail = okBody(
      await callRoute(getAdminClientRoute, getAdminClient, {
        claims: adminClaims(),
        params: { id: client.profile.id },
      }),
    );
    expect(detail.contracts[0]!.charges).toHaveLength(2);
    expect(detail.processes[0]).toMatchObject({ status: 'pago', protocolo: client.contract.protocolo });
    expect(detail.audit.map((entry) => entry.action)).toEqual(['process-status']);

    const counts = await deleteClient(deps(), {
      profileId: client.profile.id,
      confirmation: client.profile.id,
      caller: admin,
    });
    expect(counts).toEqual({
      deleted_contracts: 1,
      deleted_processes: 1,
      deleted_referrals: 2,
      deleted_charges: 2,
      deleted_documents: 2,
      removed_payments: 0,
      deleted_asaas_customers: 0,
      stopped_executions: 0,
    });
    await expectNothingLeft(client);

    const trail = await auditOf(client.userId);
    expect(trail.map((entry) => entry.action).sort()).toEqual(['client-delete', 'process-status']);
    const deletion = trail.find((entry) => entry.action === 'client-delete')!;
    expect(deletion).toMatchObject({
      actor: { email: admin.email },
      target: { type: 'client', id: client.profile.id },
    });
    expect(deletion.after).toEqual(counts);
    const recorded = JSON.stringify(deletion);
    for (const personal of [client.email, client.profile.cpf, client.profile.nome_completo, client.profile.whatsapp]) {
      expect(recorded).not.toContain(personal);
    }

    const again = errorOf(
      await callRoute(getAdminClientRoute, getAdminClient, {
        claims: adminClaims(),
        params: { id: client.profile.id },
      }),
    );
    expect(again).toMatchObject({ status: 404, message: ADMIN_CLIENT_MESSAGES.clientNotFound });
  }, 60_000);

  it('finishes a deletion interrupted half-way when run again, counters moved exactly once', async () => {
    // Count the table calls of one whole deletion, then crash a fresh client's deletion at several points.
    let calls = 0;
    const counting = (fail?: number): Db => ({
      tableName: db.tableName,
      client: {
        send: (command: never) => {
          calls += 1;
          if (fail !== undefined && calls === fail) return Promise.reject(new Error('crash half-way'));
          return db.client.send(command);
        },
      } as unknown as DynamoDBDocumentClient,
    });
    const probe = await seedRichClient();
    calls = 0;
    await deleteClient(deps({ db: counting() }), {
      profileId: probe.profile.id,
      confirmation: probe.profile.id,
      caller: admin,
    });
    const total = calls;
    await expectNothingLeft(probe);

    // A crash before each of about a dozen table calls spread over the whole deletion, the last transaction included.
    const step = Math.max(1, Math.floor(total / 12));
    const crashPoints = [...new Set([...Array.from({ length: 12 }, (_, i) => 2 + i * step), total])].filter(
      (point) => point <= total,
    );
    for (const crashAt of crashPoints) {
      const client = await seedRichClient();
      calls = 0;
      await expect(
        deleteClient(deps({ db: counting(crashAt) }), {
          profileId: client.profile.id,
          confirmation: client.profile.id,
          caller: admin,
        }),
      ).rejects.toThrow('crash half-way');
      const finished = await deleteClient(deps(), {
        profileId: client.profile.id,
        confirmation: client.profile.id,
        caller: admin,
      });
      // What a crashed run deleted after its last progress record is not in the answer (the data is gone either way):
      // the count may be low, never high. Everything else above is exact.
      expect(finished.deleted_contracts, `crash at call ${crashAt} of ${total}`).toBeLessThanOrEqual(1);
      await expectNothingLeft(client);
      const deletions = (await auditOf(client.userId)).filter((entry) => entry.action === 'client-delete');
      expect(deletions, `crash at call ${crashAt} of ${total}`).toHaveLength(1);
    }
  }, 180_000);

  it('leaves the referrer’s paid tally (and so the next free renewal) as it was when a paid invitee is deleted', async () => {
    const client = await seedRichClient();
    const referrer = { userId: client.referrer.userId, email: client.referrer.profile.email, isAdmin: false };
    await payReferral(db, client.profile);
    // Money received keeps a client (the money gate): the payment is refunded first. Only the charge's status moves
    // here, so what is shown is that the deletion itself leaves the referrer's tally alone.
    const paidCharge = (await getCustomerCollection(db, client.userId)).charges.find(
      (charge) => charge.status === 'RECEIVED',
    )!;
    await recordChargeStatus(
      db,
      { userId: client.userId, contractId: paidCharge.contrato_id, chargeId: paidCharge.id },
      'RECEIVED',
      'REFUNDED',
      new Date().toISOString(),
    );
    const ownBefore = await getOwnReferrals({ db, clock: () => new Date() }, referrer);
    expect(ownBefore.counts).toMatchObject({ paid: 1, remaining: 4 });

    await deleteClient(deps(), { profileId: client.profile.id, confirmation: client.profile.id, caller: admin });
    const ownAfter = await getOwnReferrals({ db, clock: () => new Date() }, referrer);
    expect(ownAfter.referrals.map((referral) => referral.referred_email)).not.toContain(client.profile.email);
    expect(ownAfter.counts).toMatchObject({ paid: 1, remaining: 4 });
  });

  it('removes the WhatsApp pointers that find the client, but not a number another customer consented with since', async () => {
    const client = await seedRichClient();
    // Someone else consented later with the client's old number (a number changes hands): that pointer is theirs.
    const heir = await seedCustomer(db);
    await grantWhatsAppConsent(db, {
      userId: heir.userId,
      at: new Date().toISOString(),
      ip: '203.0.113.10',
      text: 'Quero receber atualizações do meu processo pelo WhatsApp da Baixa',
      phone: client.whatsapp.previousPhone,
      phoneKey: whatsappPhoneKey(client.whatsapp.previousPhone)!,
    });
    for (const key of client.whatsapp.outsideKeys) {
      const { Item } = await db.client.send(
        new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
      );
      expect(Item?.user_id, key.pk).toBe(client.userId);
    }

    await deleteClient(deps(), { profileId: client.profile.id, confirmation: client.profile.id, caller: admin });
    for (const key of client.whatsapp.outsideKeys) {
      const { Item } = await db.client.send(
        new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
      );
      expect(Item, key.pk).toBeUndefined();
    }
    const { Item: heirs } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: phonePointerKey(client.whatsapp.previousPhone),
        ConsistentRead: true,
      }),
    );
    expect(heirs?.user_id).toBe(heir.userId);
  });

  it('finishes when the Cognito call failed the first time', async () => {
    const client = await seedRichClient();
    const flaky: UserAccounts = {
      ...accounts,
      deleteUser: () => Promise.reject(new Error('cognito unavailable')),
    };
    await expect(
      deleteClient(deps({ accounts: flaky }), {
        profileId: client.profile.id,
        confirmation: client.profile.id,
        caller: admin,
      }),
    ).rejects.toThrow('cognito unavailable');
    // Off the list at once, though the profile is still there.
    const list = okBody(await callRoute(listAdminClientsRoute, listAdminClients, { claims: adminClaims() }));
    expect(list.clients.map((c) => c.id)).not.toContain(client.profile.id);
    const counts = await deleteClient(deps(), {
      profileId: client.profile.id,
      confirmation: client.profile.id,
      caller: admin,
    });
    expect(counts).toMatchObject({ deleted_contracts: 1, deleted_processes: 1, deleted_referrals: 2 });
    await expectNothingLeft(client);
  }, 60_000);

  it('leaves a marker, so the deleted user’s still-valid id token cannot recreate a profile holding their CPF', async () => {
    const client = await seedCustomer(db);
    const claims = customerClaims(client.userId, client.profile.email);
    const cpf = client.profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const { email: _email, ...form } = createProfileInput({ cpf });
    await deleteClient(deps(), { profileId: client.profile.id, confirmation: client.profile.id, caller: admin });
    const before = await counters();

    // The tab the customer left open: its token is still valid for up to an hour.
    const refused = errorOf(await callRoute(createProfileRoute, createProfileHandler, { claims, body: form }));
    expect(refused).toMatchObject({ status: 403, reason: 'account_deleted', message: PROFILE_MESSAGES.accountDeleted });
    const { Item: profile } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(client.userId), sk: keys.profileSk } }),
    );
    expect(profile).toBeUndefined();
    const { Item: guard } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.documentGuard(client.profile.cpf)) }),
    );
    expect(guard).toBeUndefined();
    expect(await counters()).toEqual(before);

    // The CPF itself is free again: the same person signing up anew gets a profile.
    const fresh = customerClaims();
    expect((await callRoute(createProfileRoute, createProfileHandler, { claims: fresh, body: form })).status).toBe(201);
  });

  it('refuses to delete an admin, and the caller themself', async () => {
    const adminSub = await cognito.client
      .send(new AdminGetUserCommand({ UserPoolId: cognito.pool.userPoolId, Username: 'admin@baixa.test' }))
      .then((user) => user.UserAttributes?.find((a) => a.Name === 'sub')?.Value);
    expect(adminSub).toBeTruthy();
    const { profile } = await createProfile(db, {
      userId: adminSub!,
      input: createProfileInput(),
      referredByProfileId: null,
      now: new Date().toISOString(),
      initialContract: initialContractFor(),
    });
    const before = await counters();
    await expect(
      deleteClient(deps(), { profileId: profile.id, confirmation: profile.id, caller: admin }),
    ).rejects.toMatchObject({ statusCode: 409, message: ADMIN_CLIENT_MESSAGES.cannotDeleteAdmin });
    await expect(
      deleteClient(deps(), {
        profileId: profile.id,
        confirmation: profile.id,
        caller: { ...admin, userId: adminSub! },
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await counters()).toEqual(before);
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(adminSub!), sk: keys.profileSk } }),
    );
    expect(Item?.deleting_at).toBeUndefined();
  }, 60_000);

  it('asks for confirmation on the server (400), and answers 404 for an unknown id', async () => {
    const { profile } = await seedCustomer(db);
    const call = (id: string, body: unknown) =>
      callRoute(deleteAdminClientRoute, deleteAdminClient, { claims: adminClaims(), params: { id }, body });
    expect(errorOf(await call(profile.id, {}))).toMatchObject({ status: 400 });
    expect(errorOf(await call(profile.id, { confirmacao: 'outro-id' }))).toMatchObject({
      status: 400,
      message: ADMIN_CLIENT_MESSAGES.deleteConfirmationMissing,
    });
    expect(errorOf(await call('01UNKNOWNPROFILE', { confirmacao: '01UNKNOWNPROFILE' }))).toMatchObject({
      status: 404,
      message: 'Cliente não encontrado',
    });
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(profile.user_id), sk: keys.profileSk } }),
    );
    expect(Item?.deleting_at).toBeUndefined();
    expect(
      errorOf(
        await callRoute(getAdminClientRoute, getAdminClient, { claims: adminClaims(), params: { id: 'nao-existe' } }),
      ),
    ).toMatchObject({ status: 404, message: 'Cliente não encontrado' });
  });
});

describe('POST /admin/clients/search', () => {
  const list = (query: Record<string, string> = {}) =>
    callRoute(listAdminClientsRoute, listAdminClients, { claims: adminClaims(), body: query });

  it('pages newest first with a cursor, never more than a page, and every client once', async () => {
    for (let i = 0; i < ADMIN_CLIENTS_PAGE_SIZE + 2; i += 1) await seedCustomer(db);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = okBody(await list(cursor ? { cursor } : {}));
      expect(page.clients.length).toBeLessThanOrEqual(ADMIN_CLIENTS_PAGE_SIZE);
      const dates = page.clients.map((c) => c.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      seen.push(...page.clients.map((c) => c.id));
      cursor = page.cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await getAdminCounters(db)).clients.total).toBe(seen.length);
  }, 60_000);

  it('searches by name, e-mail, CPF and alphanumeric CNPJ; refuses a term shorter than 2 characters', async () => {
    const word = `Quixabeira${ulid().slice(-6).toLowerCase()}`;
    const person = await seedCustomer(db, { nome_completo: `Otília ${word} Prado` });
    const cnpj = alphanumericCnpj();
    expect(isValidDocument('cnpj', cnpj)).toBe(true);
    const company = await seedCustomer(db, {
      tipo_documento: 'cnpj',
      cpf: cnpj,
      nome_completo: `Empresa ${word} Ltda`,
    });
    const formattedCnpj = cnpj.replace(/^(..)(...)(...)(....)(..)$/, '$1.$2.$3/$4-$5');
    const ids = async (search: string) => okBody(await list({ search })).clients.map((c) => c.id);
    expect((await ids(word.slice(0, 9))).sort()).toEqual([person.profile.id, company.profile.id].sort());
    expect(await ids(person.profile.email)).toEqual([person.profile.id]);
    const cpf = person.profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    expect(await ids(cpf)).toEqual([person.profile.id]);
    expect(await ids(formattedCnpj)).toEqual([company.profile.id]);
    expect(await ids(formattedCnpj.slice(0, 6).toLowerCase())).toContain(company.profile.id);
    const row = okBody(await list({ search: person.profile.email })).clients[0]!;
    expect(row).toMatchObject({ has_contract: false, contract_count: 1, process_count: 1 });
    expect(errorOf(await list({ search: 'a' }))).toMatchObject({ status: 400, message: ADMIN_MESSAGES.searchTooShort });
  });

  it('pages a search past a page with its cursor, every match once: no silent cut at 25', async () => {
    const word = `Jatobazeiro${ulid().slice(-6).toLowerCase()}`;
    const seeded = new Set<string>();
    for (let i = 0; i < ADMIN_CLIENTS_PAGE_SIZE + 2; i += 1) {
      seeded.add((await seedCustomer(db, { nome_completo: `Ana ${word} Souza` })).profile.id);
    }
    const found: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = okBody(await list({ search: word, ...(cursor ? { cursor } : {}) }));
      expect(page.clients.length).toBeLessThanOrEqual(ADMIN_CLIENTS_PAGE_SIZE);
      found.push(...page.clients.map((c) => c.id));
      cursor = page.cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(found)).toEqual(seeded);
    expect(found).toHaveLength(seeded.size);
  }, 60_000);

  it("shows each client's current process status and last activity; 'antigos' pages oldest first", async () => {
    const word = `Umbuzeiro${ulid().slice(-6).toLowerCase()}`;
    const client = await seedCustomer(db, { nome_completo: `Rui ${word} Lima` });
    const before = okBody(await list({ search: word })).clients[0]!;
    expect(before).toMatchObject({ process_status: 'cadastro' });
    const later = new Date(Date.now() + 60_000).toISOString();
    await changeProcessStatus(db, {
      ref: { userId: client.userId, contractId: client.contract.id },
      to: 'pago',
      byUser: 'test',
      now: later,
    });
    const after = okBody(await list({ search: word })).clients[0]!;
    expect(after).toMatchObject({ process_status: 'pago', last_activity_at: later });
    expect(after.last_activity_at > before.last_activity_at).toBe(true);

    const oldest = okBody(await list({ ordem: 'antigos' })).clients.map((c) => c.created_at);
    expect(oldest).toEqual([...oldest].sort());
    const newest = okBody(await list({})).clients.map((c) => c.created_at);
    expect(newest[0]! >= oldest.at(-1)!).toBe(true);
  });
});

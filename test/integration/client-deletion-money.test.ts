import { ListObjectVersionsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_CLIENT_MESSAGES } from '../../domain/messages.js';
import { deleteClient, type ClientDeletionDeps } from '../../lambdas/admin/clients/admin-clients-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import type { AsaasClient } from '../../lambdas/providers/asaas.js';
import { createS3DocumentEraser } from '../../lambdas/providers/documents.js';
import { createCognitoUserAccounts, type UserAccounts } from '../../lambdas/providers/user-accounts.js';
import { executionArnFor } from '../../lambdas/providers/workflow.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { createProfile, getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { createProfileInput } from '../factories.js';
import { useCognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET, INTEGRATION_SECRETS } from './global-setup.js';
import { until, useAsaasSimulator, useLocalWorkflow } from './asaas-harness.js';
import { initialContractFor, seedSignature } from './seed.js';

/**
 * Deleting a client settles the money side first (docs/decisions.md, Deleting a client: money first), against the
 * Asaas simulator, the charge workflow on the local Step Functions, S3 and cognito-local.
 */

const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });
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
const { workflow, stateMachineArn, executionStatus } = useLocalWorkflow();

const { controlResponse: control, listing } = sim;

beforeEach(async () => {
  await control('api', { failNext: 0 });
});

type SimulatedPayment = { id: string; status: string; deleted: boolean; customer: string };
type SimulatedCustomer = { id: string; deleted: boolean; externalReference: string };
const paymentAtAsaas = async (id: string) =>
  (await listing<SimulatedPayment[]>('payments')).find((payment) => payment.id === id)!;
const customersAtAsaas = async (profileId: string) =>
  (await listing<SimulatedCustomer[]>('customers')).filter((c) => c.externalReference === profileId);

const deps = (overrides: Partial<ClientDeletionDeps> = {}): ClientDeletionDeps => ({
  db,
  clock: () => new Date(),
  accounts,
  documents: createS3DocumentEraser({ bucket: INTEGRATION_BUCKET, pathStyle: true }),
  asaas: sim.asaas,
  workflow,
  ...overrides,
});

const remove = (client: { profile: { id: string } }, overrides: Partial<ClientDeletionDeps> = {}) =>
  deleteClient(deps(overrides), { profileId: client.profile.id, confirmation: client.profile.id, caller: admin });

const versionsUnder = async (prefix: string) =>
  (await s3.send(new ListObjectVersionsCommand({ Bucket: INTEGRATION_BUCKET, Prefix: prefix }))).Versions ?? [];

const profileItem = async (userId: string) =>
  (
    await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.profileSk },
        ConsistentRead: true,
      }),
    )
  ).Item;

const partition = async (userId: string) =>
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

/**
 * A client with a Cognito user, a signed contract and an open PIX made by 'Gerar PIX' itself (the customer and payment
 * at the simulator, the charge's execution parked in AwaitPayment), plus their documents in S3.
 */
async function clientWithOpenPix(choice?: { forma: 'cartao'; parcelas: number }) {
  const email = `dinheiro.${ulid().toLowerCase()}@example.com`;
  const userId = await cognito.signUpConfirmed(email);
  const { profile, contract } = await createProfile(db, {
    userId,
    input: createProfileInput({ email }),
    referredByProfileId: null,
    now: new Date().toISOString(),
    initialContract: initialContractFor(),
  });
  const pdfKey = `contracts/${contract.id}/${ulid()}.pdf`;
  await seedSignature(
    db,
    { userId, contract: { id: contract.id } },
    {
      geo: { cidade: 'Recife', estado: 'PE', pais: 'Brasil', latitude: null, longitude: null },
      textSha256: 'c'.repeat(64),
      pdfKey,
    },
  );
  for (const key of [pdfKey, `customers/${userId}/nada-consta/${ulid()}.pdf`]) {
    await s3.send(new PutObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: key, Body: '%PDF-1.4' }));
  }
  const caller = { userId, email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow },
    caller,
    contract.id,
    choice,
  );
  const chargeKey = { pk: keys.customer(userId), sk: keys.chargeSk(contract.id, charge!.id) };
  await until(
    () => db.client.send(new GetCommand({ TableName: db.tableName, Key: chargeKey, ConsistentRead: true })),
    (read) => typeof read.Item?.task_token === 'string',
  );
  return {
    userId,
    profile,
    contract,
    charge: charge!,
    asaasId: charge!.asaas_id!,
    executionArn: executionArnFor(stateMachineArn, charge!.id),
    prefixes: [`contracts/${contract.id}/`, `customers/${userId}/`],
  };
}

describe('deleting a client: the money side first', () => {
  it('removes the open PIX and the customer at Asaas, stops the execution, deletes the documents and the data', async () => {
    const client = await clientWithOpenPix();
    expect(await executionStatus(client.executionArn)).toBe('RUNNING');
    const [customer] = await customersAtAsaas(client.profile.id);
    expect(customer).toMatchObject({ deleted: false });
    for (const prefix of client.prefixes) expect(await versionsUnder(prefix)).toHaveLength(1);

    const counts = await remove(client);
    expect(counts).toEqual({
      deleted_contracts: 1,
      deleted_processes: 1,
      deleted_referrals: 0,
      deleted_charges: 1,
      deleted_documents: 2,
      removed_payments: 1,
      deleted_asaas_customers: 1,
      stopped_executions: 1,
    });

    expect(await paymentAtAsaas(client.asaasId)).toMatchObject({ status: 'PENDING', deleted: true });
    expect(await customersAtAsaas(client.profile.id)).toEqual([expect.objectContaining({ deleted: true })]);
    // The PIX can no longer be paid: no money can arrive for a client we no longer have.
    expect((await control(`payments/${client.asaasId}/pay`, {})).status).toBe(404);
    expect(await executionStatus(client.executionArn)).toBe('ABORTED');
    for (const prefix of client.prefixes) expect(await versionsUnder(prefix)).toEqual([]);
    expect(await partition(client.userId)).toEqual([]);
    expect(await profileItem(client.userId)).toBeUndefined();
  }, 60_000);

  it('answers 502 with nothing of ours deleted when Asaas fails half-way, and a rerun completes the deletion', async () => {
    const client = await clientWithOpenPix();
    // Asaas goes down right after the payment was removed: the customer's removal fails on every attempt.
    const failing: AsaasClient = {
      ...sim.asaas,
      deleteCustomer: async (id) => {
        await control('api', { failNext: 10, status: 503 });
        return sim.asaas.deleteCustomer(id);
      },
    };
    await expect(remove(client, { asaas: failing })).rejects.toMatchObject({
      statusCode: 502,
      code: 'provider_unavailable',
      message: ADMIN_CLIENT_MESSAGES.deleteAsaasUnavailable,
    });
    await control('api', { failNext: 0 });

    // Half-done only at Asaas, where it was asked: the payment removed, the customer still there; ours untouched.
    expect(await paymentAtAsaas(client.asaasId)).toMatchObject({ deleted: true });
    expect(await customersAtAsaas(client.profile.id)).toEqual([expect.objectContaining({ deleted: false })]);
    const profile = await profileItem(client.userId);
    expect(profile?.deleting_at).toBeUndefined();
    expect(profile?.gsi1pk).toBe('TYPE#PROFILE');
    expect((await getCustomerCollection(db, client.userId)).charges).toHaveLength(1);
    expect(await executionStatus(client.executionArn)).toBe('RUNNING');
    for (const prefix of client.prefixes) expect(await versionsUnder(prefix)).toHaveLength(1);

    const counts = await remove(client);
    expect(counts).toMatchObject({ removed_payments: 1, deleted_asaas_customers: 1, stopped_executions: 1 });
    expect(await customersAtAsaas(client.profile.id)).toEqual([expect.objectContaining({ deleted: true })]);
    expect(await executionStatus(client.executionArn)).toBe('ABORTED');
    expect(await profileItem(client.userId)).toBeUndefined();
  }, 60_000);

  it('answers 502 and changes nothing anywhere when Asaas is down from the start', async () => {
    const client = await clientWithOpenPix();
    await control('api', { failNext: 50, status: 503 });
    await expect(remove(client)).rejects.toMatchObject({ statusCode: 502, code: 'provider_unavailable' });
    await control('api', { failNext: 0 });
    expect(await paymentAtAsaas(client.asaasId)).toMatchObject({ status: 'PENDING', deleted: false });
    expect(await profileItem(client.userId)).toMatchObject({ id: client.profile.id });
    expect((await profileItem(client.userId))?.deleting_at).toBeUndefined();
  }, 60_000);

  it('refuses (409, nothing touched) while money was received — at Asaas or in our records — until it is refunded', async () => {
    const client = await clientWithOpenPix();
    // Paid at Asaas; the webhook has not reached us, so our charge still says PENDING.
    expect((await control(`payments/${client.asaasId}/pay`, {})).status).toBe(200);
    const refusal = ADMIN_CLIENT_MESSAGES.deleteRefusedPaid([`protocolo ${client.contract.protocolo}`]);
    await expect(remove(client)).rejects.toMatchObject({ statusCode: 409, message: refusal });
    expect(await paymentAtAsaas(client.asaasId)).toMatchObject({ status: 'RECEIVED', deleted: false });
    expect(await customersAtAsaas(client.profile.id)).toEqual([expect.objectContaining({ deleted: false })]);
    expect(await executionStatus(client.executionArn)).toBe('RUNNING');
    expect((await profileItem(client.userId))?.deleting_at).toBeUndefined();
    for (const prefix of client.prefixes) expect(await versionsUnder(prefix)).toHaveLength(1);

    // Refunded at Asaas, but our record says paid (an admin's 'Marcar pago' of money received elsewhere): refused too.
    expect((await control(`payments/${client.asaasId}/refund`, {})).status).toBe(200);
    await recordChargeStatus(
      db,
      { userId: client.userId, contractId: client.contract.id, chargeId: client.charge.id },
      'PENDING',
      'CONFIRMED',
      new Date().toISOString(),
    );
    await expect(remove(client)).rejects.toMatchObject({ statusCode: 409, message: refusal });

    // Our record follows the refund: the deletion goes through; Asaas keeps the refunded payment as its record.
    await recordChargeStatus(
      db,
      { userId: client.userId, contractId: client.contract.id, chargeId: client.charge.id },
      'CONFIRMED',
      'REFUNDED',
      new Date().toISOString(),
    );
    const counts = await remove(client);
    expect(counts).toMatchObject({ deleted_charges: 1, removed_payments: 0, deleted_asaas_customers: 1 });
    expect(await paymentAtAsaas(client.asaasId)).toMatchObject({ status: 'REFUNDED', deleted: false });
    expect(await profileItem(client.userId)).toBeUndefined();
  }, 60_000);

  it('removes an open card plan whole (DELETE /installments), never one instalment Asaas would refuse', async () => {
    const client = await clientWithOpenPix({ forma: 'cartao', parcelas: 3 });
    const plan = (await listing<(SimulatedPayment & { installment: string | null })[]>('payments')).filter(
      (payment) => payment.installment === client.charge.asaas_parcelamento_id,
    );
    expect(plan).toHaveLength(3);
    // What the deletion used to do: Asaas refuses to remove one instalment of a card plan.
    const alone = await fetch(`${sim.simulator.apiUrl}/payments/${client.asaasId}`, {
      method: 'DELETE',
      headers: { access_token: INTEGRATION_SECRETS.asaasApiKey },
    });
    expect(alone.status).toBe(400);

    const counts = await remove(client);
    expect(counts).toMatchObject({ deleted_charges: 1, removed_payments: 3, deleted_asaas_customers: 1 });
    for (const payment of plan) expect(await paymentAtAsaas(payment.id)).toMatchObject({ deleted: true });
    expect(await executionStatus(client.executionArn)).toBe('ABORTED');
    expect(await profileItem(client.userId)).toBeUndefined();
  }, 60_000);

  it('refuses when the PIX is paid between the read and its removal (Asaas refuses the removal)', async () => {
    const client = await clientWithOpenPix();
    const racing: AsaasClient = {
      ...sim.asaas,
      deletePayment: async (id) => {
        await control(`payments/${id}/pay`, {});
        return sim.asaas.deletePayment(id);
      },
    };
    await expect(remove(client, { asaas: racing })).rejects.toMatchObject({
      statusCode: 409,
      message: ADMIN_CLIENT_MESSAGES.deleteRefusedPaid([`protocolo ${client.contract.protocolo}`]),
    });
    expect(await paymentAtAsaas(client.asaasId)).toMatchObject({ status: 'RECEIVED', deleted: false });
    expect(await customersAtAsaas(client.profile.id)).toEqual([expect.objectContaining({ deleted: false })]);
    expect(await profileItem(client.userId)).toMatchObject({ id: client.profile.id });
  }, 60_000);

  it('removes every Asaas customer under the profile id and their open payments, ours or not', async () => {
    const client = await clientWithOpenPix();
    // A second customer under the same reference (what a race made before pattern 59), with a PIX we never recorded.
    const duplicate = await sim.asaas.createCustomer({
      name: client.profile.nome_completo,
      cpfCnpj: client.profile.cpf,
      email: client.profile.email,
      externalReference: client.profile.id,
    });
    const dueDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(Date.now() + 3 * 86_400_000),
    );
    const unknown = await sim.asaas.createPixCharge({
      customer: duplicate.id,
      value: 399,
      dueDate,
      description: 'Cobrança sem registro nosso',
      externalReference: ulid(),
    });
    const counts = await remove(client);
    expect(counts).toMatchObject({ removed_payments: 2, deleted_asaas_customers: 2 });
    expect(await paymentAtAsaas(unknown.id)).toMatchObject({ deleted: true });
    expect(await customersAtAsaas(client.profile.id)).toEqual([
      expect.objectContaining({ deleted: true }),
      expect.objectContaining({ deleted: true }),
    ]);
  }, 60_000);
});

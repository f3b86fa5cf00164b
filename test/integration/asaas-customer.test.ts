import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureAsaasCustomer, type AsaasCustomerDeps } from '../../lambdas/payments/asaas-customer-service.js';
import { createChargeForContract, type CreateChargeDeps } from '../../lambdas/payments/create-charge-service.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { claimAsaasCustomer } from '../../lambdas/shared/data/asaas-customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { testDb } from './db.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { seedCustomer, seedSignature } from './seed.js';
import { createContract } from '../seeds.js';

const db = testDb();
const sim = useAsaasSimulator();
const { control } = sim;
const workflow = recordingWorkflow();

/** The customers the simulator holds for a profile (removed ones included). */
const customersAtAsaas = async (profileId: string) =>
  ((await sim.listing('customers')) as { id: string; externalReference: string }[]).filter(
    (c) => c.externalReference === profileId,
  );

const storedCustomerId = async (userId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.profileSk } }),
    )
  ).Item?.asaas_customer_id as string | undefined;

beforeEach(async () => {
  await control('api', { failNext: 0 });
});

const deps = (): AsaasCustomerDeps => ({ db, clock: systemClock, asaas: sim.asaas });

/** A new client (no Asaas customer yet) with `count` signed contracts. */
async function clientWithSignedContracts(count: number) {
  const seeded = await seedCustomer(db);
  const contracts = [seeded.contract];
  for (let i = 1; i < count; i += 1) {
    const { contract } = await createContract(db, {
      userId: seeded.userId,
      profileId: seeded.profile.id,
      valor: seeded.contract.valor,
      formaPagamento: 'pix',
      parentContractId: null,
      now: new Date(),
    });
    contracts.push(contract);
  }
  for (const contract of contracts) {
    await seedSignature(
      db,
      { userId: seeded.userId, contract: { id: contract.id } },
      { pdfKey: `contracts/${contract.id}.pdf` },
    );
  }
  return { ...seeded, contracts, caller: { userId: seeded.userId, email: seeded.profile.email, isAdmin: false } };
}

describe('one Asaas customer per profile (pattern 59)', () => {
  it('makes ONE Asaas customer out of 20 parallel charge creations of a new client (20 contracts)', async () => {
    const client = await clientWithSignedContracts(20);
    const chargeDeps: CreateChargeDeps = { db, clock: systemClock, asaas: sim.asaas, workflow };
    const results = await Promise.all(
      client.contracts.map((contract) => createChargeForContract(chargeDeps, client.caller, contract.id)),
    );
    expect(results.every((result) => result.charge?.status === 'PENDING')).toBe(true);

    const customers = await customersAtAsaas(client.profile.id);
    expect(customers).toHaveLength(1);
    expect(await storedCustomerId(client.userId)).toBe(customers[0]!.id);
    // Every payment belongs to that one customer.
    const payments = await sim.asaas.listPaymentsOfCustomer(customers[0]!.id);
    expect(payments).toHaveLength(20);
  }, 60_000);

  it('answers the stored id without asking Asaas again', async () => {
    const client = await clientWithSignedContracts(1);
    const first = await ensureAsaasCustomer(deps(), client.profile);
    await control('api', { failNext: 5, status: 503 });
    expect(await ensureAsaasCustomer(deps(), client.profile)).toBe(first);
    await control('api', { failNext: 0 });
  });

  it('takes over from a holder that died after creating the customer: finds it by reference, makes no second', async () => {
    const client = await clientWithSignedContracts(1);
    // The dead holder: a lease long lapsed, and the customer it created at Asaas before it could store the id.
    const lapsed = await claimAsaasCustomer(db, client.userId, new Date(Date.now() - 60_000));
    expect(lapsed.kind).toBe('claimed');
    const created = await sim.asaas.createCustomer({
      name: client.profile.nome_completo,
      cpfCnpj: client.profile.cpf,
      email: client.profile.email,
      externalReference: client.profile.id,
    });
    expect(await ensureAsaasCustomer(deps(), client.profile)).toBe(created.id);
    expect(await customersAtAsaas(client.profile.id)).toHaveLength(1);
  });

  it('waits for a live holder, and gives up as busy when it takes too long', async () => {
    const client = await clientWithSignedContracts(1);
    const live = await claimAsaasCustomer(db, client.userId, new Date());
    expect(live.kind).toBe('claimed');
    let now = Date.now();
    const slowClock = () => new Date((now += 3_000));
    await expect(
      ensureAsaasCustomer({ ...deps(), clock: slowClock, sleep: async () => undefined }, client.profile),
    ).rejects.toMatchObject({ name: 'AsaasCustomerUnavailableError', message: expect.stringContaining('busy') });
    expect(await customersAtAsaas(client.profile.id)).toEqual([]);
  });

  it('gives the lease back when Asaas fails, so the next request makes the customer at once', async () => {
    const client = await clientWithSignedContracts(1);
    await control('api', { failNext: 10, status: 503 });
    await expect(ensureAsaasCustomer(deps(), client.profile)).rejects.toMatchObject({ kind: 'unavailable' });
    await control('api', { failNext: 0 });
    const started = Date.now();
    const id = await ensureAsaasCustomer(deps(), client.profile);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await customersAtAsaas(client.profile.id)).toEqual([expect.objectContaining({ id })]);
  });

  it('makes no customer for a profile being deleted', async () => {
    const client = await clientWithSignedContracts(1);
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(client.userId), sk: keys.profileSk },
        UpdateExpression: 'SET deleting_at = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    await expect(ensureAsaasCustomer(deps(), client.profile)).rejects.toMatchObject({
      message: expect.stringContaining('gone'),
    });
    expect(await customersAtAsaas(client.profile.id)).toEqual([]);
  });
});

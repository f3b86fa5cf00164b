import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { signContractRoute } from '../../domain/api/contracts.js';
import { startFreeRenewalRoute, startPaidRenewalRoute } from '../../domain/api/renewals.js';
import { PAYMENT_MESSAGES, RENEWAL_MESSAGES } from '../../domain/messages.js';
import { PROTOCOL_PATTERN } from '../../domain/protocol.js';
import type { ProcessStatus } from '../../domain/process-status.js';
import { handler as signContractHandler } from '../../lambdas/contracts/sign-contract.js';
import { createChargeForContract, type CreateChargeDeps } from '../../lambdas/payments/create-charge-service.js';
import { handler as startFreeRenewal } from '../../lambdas/renewals/start-free-renewal.js';
import { handler as startPaidRenewal } from '../../lambdas/renewals/start-paid-renewal.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection, getProfileByUser } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { createRenewal } from '../../lambdas/shared/data/renewals.js';
import { ConflictError, NotFoundError } from '../../lambdas/shared/errors.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { customerClaims, SIGNING_CONSENT } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';
import { refusal } from '../../domain/refusals.js';

const db = testDb();
const sim = useAsaasSimulator();
let chargeDeps: CreateChargeDeps;

beforeAll(() => {
  chargeDeps = { db, clock: systemClock, asaas: sim.asaas, workflow: recordingWorkflow() };
});

type Customer = Awaited<ReturnType<typeof seedCustomer>>;

const claimsOf = (customer: Customer) => customerClaims(customer.userId, customer.profile.email);
const callerOf = (customer: Customer) => ({ userId: customer.userId, email: customer.profile.email, isAdmin: false });
const freeRenewal = (customer: Customer) =>
  callRoute(startFreeRenewalRoute, startFreeRenewal, { claims: claimsOf(customer) });
const paidRenewal = (customer: Customer) =>
  callRoute(startPaidRenewalRoute, startPaidRenewal, { claims: claimsOf(customer) });
const sign = (customer: Customer, contractId: string) =>
  callRoute(signContractRoute, signContractHandler, {
    claims: claimsOf(customer),
    params: { contractId },
    body: SIGNING_CONSENT,
  });

/** What an admin's status change writes (the admin screens come later; the write is the same). */
const moveProcess = (customer: Customer, contractId: string, to: ProcessStatus) =>
  changeProcessStatus(db, {
    ref: { userId: customer.userId, contractId },
    to,
    byUser: 'admin-test',
    now: new Date().toISOString(),
  });

/** The reward the referral programme grants, written directly (its own tests cover how it is earned). */
const setFreeRenewals = (customer: Customer, count: number) =>
  db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(customer.userId), sk: keys.profileSk },
      UpdateExpression: 'SET free_renewals = :n',
      ExpressionAttributeValues: { ':n': count },
    }),
  );

/** A customer whose first contract is signed and whose process an admin moved to `status`. */
async function customerAt(status: ProcessStatus, freeRenewals = 0): Promise<Customer> {
  const customer = await seedCustomer(db);
  okBody(await sign(customer, customer.contract.id));
  if (status !== 'pagamento_pendente') await moveProcess(customer, customer.contract.id, status);
  if (freeRenewals > 0) await setFreeRenewals(customer, freeRenewals);
  return customer;
}

const profileItem = async (customer: Customer) =>
  (
    await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(customer.userId), sk: keys.profileSk },
        ConsistentRead: true,
      }),
    )
  ).Item!;

describe('POST /me/renewals/free (pattern 36)', () => {
  it('10 parallel clicks with one free renewal make exactly one contract; free_renewals ends at 0, counters exact', async () => {
    const customer = await customerAt('baixa_deferida', 1);
    const before = await getAdminCounters(db);

    const results = await Promise.all(Array.from({ length: 10 }, () => freeRenewal(customer)));

    const created = results.filter((r) => r.ok);
    expect(created).toHaveLength(1);
    expect(created[0]!.status).toBe(201);
    for (const refused of results.filter((r) => !r.ok)) {
      const error = errorOf(refused);
      expect(error).toMatchObject({ status: 409, code: 'conflict' });
      expect([
        RENEWAL_MESSAGES.noFreeRenewals,
        RENEWAL_MESSAGES.openContract,
        RENEWAL_MESSAGES.alreadyRenewed,
      ]).toContain(error.message);
    }
    const renewal = okBody<typeof startFreeRenewalRoute>(created[0]!).contract;
    expect(renewal).toMatchObject({
      forma_pagamento: 'gratuito',
      parent_contrato_id: customer.contract.id,
      valor: 399,
      assinado_em: null,
      profile_id: customer.profile.id,
    });
    expect(renewal.protocolo).toMatch(PROTOCOL_PATTERN);
    expect(renewal.protocolo).not.toBe(customer.contract.protocolo);

    const collection = await getCustomerCollection(db, customer.userId);
    expect(collection.contracts).toHaveLength(2);
    expect(collection.processes.find((p) => p.contrato_id === renewal.id)?.status).toBe('cadastro');
    expect(collection.profile!.free_renewals).toBe(0);
    expect(await profileItem(customer)).toMatchObject({ contract_count: 2, process_count: 2 });
    const pointer = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.protocolPointer(renewal.protocolo)) }),
    );
    expect(pointer.Item).toMatchObject({ user_id: customer.userId, contrato_id: renewal.id });

    const after = await getAdminCounters(db);
    expect(after.processes.total - before.processes.total).toBe(1);
    expect(after.processes.byStatus.cadastro - before.processes.byStatus.cadastro).toBe(1);
  });

  it('refuses with 0 free renewals and writes nothing', async () => {
    const customer = await customerAt('baixa_deferida', 0);
    const before = await getAdminCounters(db);
    expect(errorOf(await freeRenewal(customer))).toMatchObject({
      status: 409,
      code: 'conflict',
      message: RENEWAL_MESSAGES.noFreeRenewals,
    });
    expect((await getCustomerCollection(db, customer.userId)).contracts).toHaveLength(1);
    expect((await getAdminCounters(db)).processes.total).toBe(before.processes.total);
  });

  it('never goes below zero even when the read says there is one (the condition decides)', async () => {
    const customer = await customerAt('baixa_caiu', 0);
    await expect(
      createRenewal(db, {
        userId: customer.userId,
        profileId: customer.profile.id,
        parentContractId: customer.contract.id,
        free: true,
        valor: 399,
        formaPagamento: 'gratuito',
        now: new Date(),
      }),
    ).rejects.toThrow(new ConflictError(refusal('no_free_renewals', RENEWAL_MESSAGES.noFreeRenewals)));
    expect((await getProfileByUser(db, customer.userId))!.free_renewals).toBe(0);
    expect((await getCustomerCollection(db, customer.userId)).contracts).toHaveLength(1);
  });

  it('a signed free renewal goes straight to the process (pago with its forecast), and Gerar PIX refuses it', async () => {
    const customer = await customerAt('encerrado', 2);
    const renewal = okBody(await freeRenewal(customer)).contract;
    expect((await getProfileByUser(db, customer.userId))!.free_renewals).toBe(1);

    const signed = okBody(await sign(customer, renewal.id));
    expect(signed).toMatchObject({ processStatus: 'pago', next: '/app/dashboard' });
    const collection = await getCustomerCollection(db, customer.userId);
    const process = collection.processes.find((p) => p.contrato_id === renewal.id)!;
    expect(process.status).toBe('pago');
    expect(process.previsao).toBeTruthy();
    expect(
      collection.history
        .filter((h) => h.processo_id === process.id)
        .map((h) => h.para)
        .reverse(),
    ).toEqual(['contrato_assinado', 'pago']);

    await expect(createChargeForContract(chargeDeps, callerOf(customer), renewal.id)).rejects.toThrow(
      new ConflictError(PAYMENT_MESSAGES.freeRenewal),
    );
    // Read after the refusal: it wrote no charge.
    expect((await getCustomerCollection(db, customer.userId)).charges).toHaveLength(0);
  });
});

describe('POST /me/renewals/paid (pattern 37)', () => {
  it('creates the R$ 399 renewal; Gerar PIX is refused until it is signed, then allowed', async () => {
    const customer = await customerAt('baixa_deferida');
    const result = await paidRenewal(customer);
    expect(result.status).toBe(201);
    const renewal = okBody(result).contract;
    expect(renewal).toMatchObject({
      forma_pagamento: 'pix',
      valor: 399,
      parent_contrato_id: customer.contract.id,
      assinado_em: null,
    });
    expect((await getProfileByUser(db, customer.userId))!.free_renewals).toBe(0);

    await expect(createChargeForContract(chargeDeps, callerOf(customer), renewal.id)).rejects.toThrow(
      new NotFoundError(PAYMENT_MESSAGES.contractNotSigned),
    );
    expect((await getCustomerCollection(db, customer.userId)).charges).toHaveLength(0);

    expect(okBody(await sign(customer, renewal.id))).toMatchObject({
      processStatus: 'pagamento_pendente',
      next: '/app/pagamento',
    });
    const charged = await createChargeForContract(chargeDeps, callerOf(customer), renewal.id);
    expect(charged.pending).toBe(false);
    expect(charged.charge).toMatchObject({ contrato_id: renewal.id, status: 'PENDING' });
  });

  it('5 parallel clicks make one renewal: one open renewal at a time', async () => {
    const customer = await customerAt('baixa_caiu');
    const results = await Promise.all(Array.from({ length: 5 }, () => paidRenewal(customer)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) expect(errorOf(refused).status).toBe(409);
    expect((await getCustomerCollection(db, customer.userId)).contracts).toHaveLength(2);
    expect(await profileItem(customer)).toMatchObject({ contract_count: 2, process_count: 2 });
  });
});

describe('which contract may be renewed (docs/decisions.md, Renewals)', () => {
  it('not while the latest contract waits for its signature or its payment', async () => {
    const unsigned = await seedCustomer(db);
    expect(errorOf(await paidRenewal(unsigned))).toMatchObject({ status: 409, message: RENEWAL_MESSAGES.openContract });
    const unpaid = await customerAt('pagamento_pendente', 1);
    expect(errorOf(await freeRenewal(unpaid))).toMatchObject({ status: 409, message: RENEWAL_MESSAGES.openContract });
    expect((await getProfileByUser(db, unpaid.userId))!.free_renewals).toBe(1);
  });

  it.each(['pago', 'peticionado'] as const)('not while the process is %s (still in progress)', async (status) => {
    const customer = await customerAt(status, 1);
    expect(errorOf(await paidRenewal(customer))).toMatchObject({
      status: 409,
      message: RENEWAL_MESSAGES.processInProgress,
    });
    expect(errorOf(await freeRenewal(customer))).toMatchObject({
      status: 409,
      message: RENEWAL_MESSAGES.processInProgress,
    });
  });

  it.each(['baixa_deferida', 'baixa_caiu', 'encerrado'] as const)('yes once the process is %s', async (status) => {
    const customer = await customerAt(status);
    expect(okBody(await paidRenewal(customer)).contract.parent_contrato_id).toBe(customer.contract.id);
  });

  it('not while a renewal is open; once it is granted, the renewal itself is renewed', async () => {
    const customer = await customerAt('baixa_caiu');
    const first = okBody(await paidRenewal(customer)).contract;
    expect(errorOf(await paidRenewal(customer))).toMatchObject({ status: 409, message: RENEWAL_MESSAGES.openContract });
    okBody(await sign(customer, first.id));
    expect(errorOf(await paidRenewal(customer))).toMatchObject({ status: 409, message: RENEWAL_MESSAGES.openContract });
    await moveProcess(customer, first.id, 'baixa_deferida');
    const second = okBody(await paidRenewal(customer)).contract;
    expect(second.parent_contrato_id).toBe(first.id);
  });

  it('the write re-checks what the read saw: a process moved back or a contract already renewed is refused', async () => {
    const customer = await customerAt('baixa_deferida');
    const params = {
      userId: customer.userId,
      profileId: customer.profile.id,
      parentContractId: customer.contract.id,
      free: false,
      valor: 399,
      formaPagamento: 'pix',
    };
    await moveProcess(customer, customer.contract.id, 'peticionado');
    await expect(createRenewal(db, { ...params, now: new Date() })).rejects.toThrow(
      new ConflictError(RENEWAL_MESSAGES.processInProgress),
    );
    await moveProcess(customer, customer.contract.id, 'baixa_deferida');
    await createRenewal(db, { ...params, now: new Date() });
    await expect(createRenewal(db, { ...params, now: new Date() })).rejects.toThrow(
      new ConflictError(RENEWAL_MESSAGES.alreadyRenewed),
    );
  });

  it('refuses a caller without a profile', async () => {
    const result = await callRoute(startPaidRenewalRoute, startPaidRenewal, { claims: customerClaims() });
    expect(errorOf(result)).toMatchObject({ status: 409, message: RENEWAL_MESSAGES.profileMissing });
  });
});

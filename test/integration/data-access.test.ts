import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../domain/messages.js';
import { PROTOCOL_PATTERN } from '../../domain/protocol.js';
import { searchClients, listClients } from '../../lambdas/shared/data/admin-lists.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { createProfile, getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import {
  findContractByProtocol,
  findProfileByReferralCode,
  findUserByDocument,
  findUserByProfileId,
} from '../../lambdas/shared/data/lookups.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { ConflictError } from '../../lambdas/shared/errors.js';
import { createProfileInput } from '../factories.js';
import { testDb } from './db.js';
import { initialContractFor, seedCustomer } from './seed.js';
import { refusal } from '../../domain/refusals.js';

import { createCharge, createContract } from '../seeds.js';

const db = testDb();
const now = () => new Date().toISOString();

const newCustomer = (overrides: Parameters<typeof createProfileInput>[0] = {}) => seedCustomer(db, overrides);

describe('createProfile', () => {
  it('writes the profile with its guards, pointer and counter', async () => {
    const before = await getAdminCounters(db);
    const { userId, profile } = await newCustomer();
    expect(profile.referral_code).toMatch(/^REF-[A-Z0-9]{6}$/);
    expect(await findUserByDocument(db, profile.cpf)).toEqual({ userId, profileId: profile.id });
    expect(await findProfileByReferralCode(db, profile.referral_code)).toEqual({ userId, profileId: profile.id });
    expect(await findUserByProfileId(db, profile.id)).toBe(userId);
    expect((await getAdminCounters(db)).clients.total).toBe(before.clients.total + 1);
  });

  it('refuses a second profile with the same CPF and writes nothing of it', async () => {
    const { profile } = await newCustomer();
    const before = await getAdminCounters(db);
    const intruder = ulid();
    const attempt = createProfile(db, {
      userId: intruder,
      input: createProfileInput({ cpf: profile.cpf }),
      referredByProfileId: null,
      now: now(),
      initialContract: initialContractFor(),
      newReferralCode: () => 'REF-ZZ9999',
    });
    await expect(attempt).rejects.toThrow(
      new ConflictError(refusal('document_in_use', PROFILE_MESSAGES.duplicateDocument)),
    );
    const collection = await getCustomerCollection(db, intruder);
    expect(collection.profile).toBeNull();
    const orphanGuard = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.referralCodeGuard('REF-ZZ9999')) }),
    );
    expect(orphanGuard.Item).toBeUndefined();
    expect((await getAdminCounters(db)).clients.total).toBe(before.clients.total);
  });

  it('refuses a second profile for the same user', async () => {
    const { userId } = await newCustomer();
    await expect(
      createProfile(db, {
        userId,
        input: createProfileInput(),
        referredByProfileId: null,
        now: now(),
        initialContract: initialContractFor(),
      }),
    ).rejects.toThrow(PROFILE_MESSAGES.profileExists);
  });

  it('retries a referral-code collision with a fresh code', async () => {
    const first = await newCustomer();
    const codes = [first.profile.referral_code, 'REF-NEW001'];
    const { profile } = await createProfile(db, {
      userId: ulid(),
      input: createProfileInput(),
      referredByProfileId: null,
      now: now(),
      initialContract: initialContractFor(),
      newReferralCode: () => codes.shift()!,
    });
    expect(profile.referral_code).toBe('REF-NEW001');
  });
});

describe('contracts and the customer collection', () => {
  it('gives each contract a unique LM protocol and reads everything in one collection', async () => {
    const { userId, profile, contract } = await newCustomer();
    const renewal = await createContract(db, {
      userId,
      profileId: profile.id,
      valor: 399,
      formaPagamento: 'pix',
      parentContractId: contract.id,
      now: new Date(),
    });
    expect(contract.protocolo).toMatch(PROTOCOL_PATTERN);
    expect(renewal.contract.protocolo).not.toBe(contract.protocolo);
    expect(await findContractByProtocol(db, contract.protocolo)).toEqual({ userId, contractId: contract.id });

    const collection = await getCustomerCollection(db, userId);
    expect(collection.profile?.id).toBe(profile.id);
    expect(collection.contracts.map((c) => c.id)).toEqual([renewal.contract.id, contract.id]);
    expect(collection.processes).toHaveLength(2);
    expect(collection.processes.every((p) => p.status === 'cadastro')).toBe(true);
  });

  it('keeps the profile’s contract and process counts with each new contract (admin list, no join)', async () => {
    const { userId, profile, contract } = await newCustomer();
    const readProfile = async () =>
      (
        await db.client.send(
          new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: 'PROFILE' } }),
        )
      ).Item!;
    expect(await readProfile()).toMatchObject({ contract_count: 1, process_count: 1, has_contract: false });
    await createContract(db, {
      userId,
      profileId: profile.id,
      valor: 399,
      formaPagamento: 'pix',
      parentContractId: contract.id,
      now: new Date(),
    });
    expect(await readProfile()).toMatchObject({ contract_count: 2, process_count: 2 });
  });

  it('refuses a contract for a user without a profile, leaving no contract, pointer or process behind', async () => {
    const userId = ulid();
    const ids = ['01KCONTRACTNOPROFILE000000', '01KPROCESSNOPROFILE0000000'];
    await expect(
      createContract(db, {
        userId,
        profileId: 'none',
        valor: 399,
        formaPagamento: 'pix',
        parentContractId: null,
        now: new Date(),
        newId: () => ids.shift()!,
      }),
    ).rejects.toThrow();
    const collection = await getCustomerCollection(db, userId);
    expect(collection.contracts).toEqual([]);
    expect(collection.processes).toEqual([]);
  });

  it('never returns another customer’s items', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const collection = await getCustomerCollection(db, a.userId);
    expect(collection.contracts.map((c) => c.id)).toEqual([a.contract.id]);
    expect(JSON.stringify(collection)).not.toContain(b.profile.cpf);
  });
});

describe('changeProcessStatus', () => {
  it('writes history and counters, and sets the baixa date only once', async () => {
    const { userId, contract } = await newCustomer();
    const ref = { userId, contractId: contract.id };
    const before = await getAdminCounters(db);
    const first = await changeProcessStatus(db, {
      ref,
      to: 'baixa_deferida',
      byUser: 'admin-1',
      now: '2026-11-20T12:00:00.000Z',
    });
    expect(first.baixa_deferida_em).toBe('2026-11-20T12:00:00.000Z');
    await changeProcessStatus(db, { ref, to: 'baixa_caiu', byUser: 'admin-1', now: '2026-11-21T12:00:00.000Z' });
    const again = await changeProcessStatus(db, {
      ref,
      to: 'baixa_deferida',
      byUser: 'admin-1',
      now: '2026-11-22T12:00:00.000Z',
    });
    expect(again.baixa_deferida_em).toBe('2026-11-20T12:00:00.000Z');
    expect(again.baixa_caiu_em).toBe('2026-11-21T12:00:00.000Z');

    const { history } = await getCustomerCollection(db, userId);
    expect(history.map((h) => [h.de, h.para])).toEqual([
      ['baixa_caiu', 'baixa_deferida'],
      ['baixa_deferida', 'baixa_caiu'],
      ['cadastro', 'baixa_deferida'],
    ]);
    const after = await getAdminCounters(db);
    expect(after.processes.byStatus.cadastro).toBe(before.processes.byStatus.cadastro - 1);
    expect(after.processes.byStatus.baixa_deferida).toBe(before.processes.byStatus.baixa_deferida + 1);
  });

  it('lets only one of two concurrent changes apply', async () => {
    const { userId, contract } = await newCustomer();
    const ref = { userId, contractId: contract.id };
    const results = await Promise.allSettled([
      changeProcessStatus(db, { ref, to: 'peticionado', byUser: 'a', now: now() }),
      changeProcessStatus(db, { ref, to: 'encerrado', byUser: 'b', now: now() }),
    ]);
    const history = (await getCustomerCollection(db, userId)).history;
    // Either both applied in sequence (the second read the first's result) or one was refused; never a lost update.
    expect(history.length).toBe(results.filter((r) => r.status === 'fulfilled').length);
    const rejected = results.filter((r) => r.status === 'rejected');
    for (const r of rejected) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
  });
});

describe('admin lists and search', () => {
  it('finds clients by name prefix without accents, by e-mail and by formatted CPF', async () => {
    const unique = `Zélia${ulid().slice(-6)}`;
    const { profile } = await newCustomer({ nome_completo: `${unique} Brandão` });
    const byName = await searchClients(db, unique.slice(0, 8).replace('é', 'e'));
    expect(byName.map((p) => p.id)).toContain(profile.id);
    expect((await searchClients(db, profile.email)).map((p) => p.id)).toEqual([profile.id]);
    const formatted = profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    expect((await searchClients(db, formatted)).map((p) => p.id)).toEqual([profile.id]);
    await expect(searchClients(db, 'z')).rejects.toThrow('Digite pelo menos 2 caracteres para buscar.');
  });

  it('pages clients newest first with a cursor', async () => {
    await newCustomer();
    await newCustomer();
    const first = await listClients(db, { limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.cursor).toBeTruthy();
    const second = await listClients(db, { limit: 1, cursor: first.cursor });
    expect(second.items[0]!.created_at <= first.items[0]!.created_at).toBe(true);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });
});

describe('charges (patterns 8, 9 and 11)', () => {
  const readCharge = async (userId: string, contractId: string, chargeId: string) =>
    (
      await db.client.send(
        new GetCommand({
          TableName: db.tableName,
          Key: { pk: keys.customer(userId), sk: keys.chargeSk(contractId, chargeId) },
        }),
      )
    ).Item!;

  it('counts a payment once, moves the charge between status lists, and gives the paid count back on a refund', async () => {
    const { userId, contract } = await newCustomer();
    const charge = await createCharge(db, {
      userId,
      contractId: contract.id,
      asaasId: `pay_${ulid()}`,
      now: '2026-11-20T12:00:00.000Z',
    });
    const ref = { userId, contractId: contract.id, chargeId: charge.id };
    expect(await readCharge(userId, contract.id, charge.id)).toMatchObject({
      gsi1pk: 'TYPE#CHARGE',
      gsi2pk: 'CHARGE_STATUS#PENDING',
      gsi2sk: `2026-11-20T12:00:00.000Z#${charge.id}`,
    });
    const before = await getAdminCounters(db);

    expect(await recordChargeStatus(db, ref, 'PENDING', 'RECEIVED', '2026-11-20T12:05:00.000Z')).toEqual({
      applied: true,
      becamePaid: true,
    });
    // A second paid event (another event id, same payment) changes nothing.
    expect(await recordChargeStatus(db, ref, 'PENDING', 'CONFIRMED', '2026-11-20T12:06:00.000Z')).toEqual({
      applied: false,
      becamePaid: false,
    });
    const paid = await getAdminCounters(db);
    expect(paid.charges.paid).toBe(before.charges.paid + 1);
    // Both lists sort a charge by its last status change (the finance period is a key range of either).
    expect(await readCharge(userId, contract.id, charge.id)).toMatchObject({
      status: 'RECEIVED',
      gsi1pk: 'TYPE#CHARGE',
      gsi1sk: `2026-11-20T12:05:00.000Z#${charge.id}`,
      gsi2pk: 'CHARGE_STATUS#RECEIVED',
      gsi2sk: `2026-11-20T12:05:00.000Z#${charge.id}`,
    });

    await recordChargeStatus(db, ref, 'RECEIVED', 'REFUNDED', '2026-11-21T09:00:00.000Z');
    const refunded = await getAdminCounters(db);
    expect(refunded.charges.paid).toBe(before.charges.paid);
    expect(refunded.charges.byStatus.REFUNDED).toBe((before.charges.byStatus.REFUNDED ?? 0) + 1);
  });
});

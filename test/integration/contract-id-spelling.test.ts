import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { findChargeByProviderId } from '../../lambdas/shared/data/charges.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { findContractByProtocol } from '../../lambdas/shared/data/lookups.js';
import { chargesByProviderIds, listDivergences, recordDivergence } from '../../lambdas/shared/data/reconciliation.js';
import { createCharge } from '../seeds.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

const readItem = async (key: { pk: string; sk: string }) =>
  (await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item!;

/** Rewrites a stored item as code from before the one spelling wrote it: the contract id under `contract_id`. */
async function storeWithOldSpelling(key: { pk: string; sk: string }) {
  const { contrato_id, ...rest } = await readItem(key);
  await db.client.send(new PutCommand({ TableName: db.tableName, Item: { ...rest, contract_id: contrato_id } }));
}

async function customerWithCharge() {
  const customer = await seedCustomer(db);
  const charge = await createCharge(db, {
    userId: customer.userId,
    contractId: customer.contract.id,
    asaasId: `pay_${ulid().toLowerCase()}`,
  });
  return { ...customer, charge, asaasId: charge.asaas_id! };
}

describe('the contract id has one spelling, contrato_id, on entities and pointers', () => {
  it('writes the protocol and provider-charge pointers with contrato_id', async () => {
    const { contract, asaasId } = await customerWithCharge();
    for (const key of [keys.protocolPointer(contract.protocolo), keys.providerChargePointer(asaasId)]) {
      const item = await readItem(pointerKey(key));
      expect(item.contrato_id).toBe(contract.id);
      expect(item).not.toHaveProperty('contract_id');
    }
  });

  it('still reads pointers stored with the old contract_id', async () => {
    const { userId, contract, charge, asaasId } = await customerWithCharge();
    await storeWithOldSpelling(pointerKey(keys.protocolPointer(contract.protocolo)));
    await storeWithOldSpelling(pointerKey(keys.providerChargePointer(asaasId)));
    expect((await readItem(pointerKey(keys.protocolPointer(contract.protocolo)))).contract_id).toBe(contract.id);

    expect(await findContractByProtocol(db, contract.protocolo)).toEqual({ userId, contractId: contract.id });
    const ref = { userId, contractId: contract.id, chargeId: charge.id };
    expect((await findChargeByProviderId(db, asaasId))?.ref).toEqual(ref);
    expect((await chargesByProviderIds(db, [asaasId])).get(asaasId)?.ref).toEqual(ref);
  });

  it('reads a divergence stored with contract_id, and renames it the next time a run sees it', async () => {
    const { userId, contract, charge, asaasId } = await customerWithCharge();
    const facts = {
      kind: 'value_mismatch' as const,
      our_status: 'PENDING',
      asaas_status: 'PENDING',
      our_value: 399,
      asaas_value: 398,
    };
    const ref = { userId, contractId: contract.id, chargeId: charge.id };
    const key = { pk: keys.divergencePk, sk: keys.divergenceSk(asaasId, facts.kind) };
    try {
      const first = await recordDivergence(
        db,
        { ...facts, asaasId, ref },
        { id: ulid(), now: new Date().toISOString() },
      );
      expect(first.divergence.contrato_id).toBe(contract.id);
      await db.client.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: key,
          UpdateExpression: 'SET contract_id = contrato_id REMOVE contrato_id',
        }),
      );
      const listed = await listAll();
      expect(listed.find((d) => d.asaas_id === asaasId)?.contrato_id).toBe(contract.id);

      await recordDivergence(db, { ...facts, asaasId, ref }, { id: ulid(), now: new Date().toISOString() });
      const stored = await readItem(key);
      expect(stored.contrato_id).toBe(contract.id);
      expect(stored).not.toHaveProperty('contract_id');
    } finally {
      // The divergences share one partition with the reconciliation's tests: leave it as found.
      await db.client.send(new DeleteCommand({ TableName: db.tableName, Key: key }));
    }
  });
});

async function listAll() {
  const all = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listDivergences(db, { limit: 100, cursor });
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

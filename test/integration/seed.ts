import { ulid } from 'ulid';
import { CONTRACT_PRICE } from '../../domain/pricing.js';
import { createCharge } from '../../lambdas/shared/data/charges.js';
import { nextProtocol } from '../../lambdas/shared/data/contracts.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { createProfileInput } from '../factories.js';

/** The initial contract a first profile save writes with the profile (a fresh protocol each time). */
export async function initialContractFor(db: Db) {
  return { protocolo: await nextProtocol(db, new Date()), valor: CONTRACT_PRICE, formaPagamento: 'pix' };
}

/** A customer with a profile and the initial contract (and its process), written through the real access patterns. */
export async function seedCustomer(db: Db, overrides: Parameters<typeof createProfileInput>[0] = {}) {
  const userId = ulid();
  const { profile, contract, process } = await createProfile(db, {
    userId,
    input: createProfileInput(overrides),
    referredByProfileId: null,
    now: new Date().toISOString(),
    initialContract: await initialContractFor(db),
  });
  return { userId, profile, contract, process };
}

/** A PENDING charge of a contract, with its provider pointer (an Asaas id of its own), as a created charge is written. */
/** A PENDING charge; `asaasId` names a payment made at an Asaas simulator (a webhook about it is read back there). */
export async function seedPendingCharge(db: Db, ref: { userId: string; contractId: string; asaasId?: string }) {
  return createCharge(db, {
    ...ref,
    asaasId: ref.asaasId ?? `pay_${ulid().toLowerCase()}`,
    status: 'PENDING',
    qrCode: null,
    pixPayload: null,
    link: null,
    fbEventId: null,
    now: new Date().toISOString(),
  });
}

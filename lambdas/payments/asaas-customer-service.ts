import type { Profile } from '../../domain/schemas/entities.js';
import type { AsaasClient } from '../providers/asaas.js';
import type { Clock } from '../shared/clock.js';
import { claimAsaasCustomer, releaseAsaasCustomerClaim, saveAsaasCustomer } from '../shared/data/asaas-customers.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

export type AsaasCustomerDeps = {
  db: Db;
  clock: Clock;
  asaas: Pick<AsaasClient, 'ensureCustomer'>;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * How long a request waits for another one that is finding or creating the same customer. Finding or creating takes
 * two Asaas calls (well under a second when Asaas is well); a holder slower than this is left to finish and the waiter
 * answers the usual failure, which a retry completes (it then finds the id stored).
 */
export const ASAAS_CUSTOMER_WAIT_MS = 10_000;

/** The customer could not be made: gone (the profile is being deleted) or another request still at it. */
export class AsaasCustomerUnavailableError extends Error {
  constructor(reason: 'gone' | 'busy') {
    super(`Asaas customer not available: ${reason}`);
    this.name = 'AsaasCustomerUnavailableError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A profile's one Asaas customer, however many requests ask at once (pattern 59): the id stored on the profile, or, for
 * the one request that holds the lease, the customer Asaas has under the profile id as `externalReference` (a holder
 * that died after creating it is followed by one that finds it) or a new one — stored with a conditional write. The
 * others wait for the id to appear. Twenty parallel charges of a new client make one Asaas customer.
 */
export async function ensureAsaasCustomer(deps: AsaasCustomerDeps, profile: Profile): Promise<string> {
  const sleep = deps.sleep ?? defaultSleep;
  const deadline = deps.clock().getTime() + ASAAS_CUSTOMER_WAIT_MS;
  for (let attempt = 0; ; attempt += 1) {
    const claim = await claimAsaasCustomer(deps.db, profile.user_id, deps.clock());
    if (claim.kind === 'known') return claim.customerId;
    if (claim.kind === 'gone') throw new AsaasCustomerUnavailableError('gone');
    if (claim.kind === 'claimed') {
      try {
        const customer = await deps.asaas.ensureCustomer({
          name: profile.nome_completo,
          cpfCnpj: profile.cpf,
          email: profile.email,
          mobilePhone: profile.whatsapp.replace(/\D/g, ''),
          externalReference: profile.id,
        });
        const stored = await saveAsaasCustomer(deps.db, profile.user_id, customer.id);
        if (stored !== customer.id) {
          // Only when this request outlived its lease and another stored first: theirs is the profile's. The client's
          // deletion removes every customer under the profile id, this one too.
          logger.warn('A second Asaas customer was made for one profile', { profileId: profile.id });
        }
        return stored;
      } catch (error) {
        await releaseAsaasCustomerClaim(deps.db, profile.user_id, claim.until);
        throw error;
      }
    }
    if (deps.clock().getTime() >= deadline) throw new AsaasCustomerUnavailableError('busy');
    await sleep(Math.min(100 * 2 ** attempt, 1000));
  }
}

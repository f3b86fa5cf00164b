import { RATE_LIMITS } from '../../domain/rate-limits.js';
import type { AsaasClient } from '../providers/asaas.js';
import type { Clock } from '../shared/clock.js';
import { countRateLimitedCall, enforceRateLimits } from '../shared/data/rate-limits.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

/** The calls of Asaas's client that read (GET): what the budget of people's actions counts. */
const READS = [
  'findCustomerByReference',
  'listCustomersByReference',
  'getCustomer',
  'listPaymentsOfCustomer',
  'findPaymentByReference',
  'getPixQrCode',
  'getPayment',
  'listPayments',
] as const satisfies readonly (keyof AsaasClient)[];

/** The one global counter of the budget (pattern 43): its subject is the rule itself. */
const SUBJECT = 'asaas';

type BudgetDeps = { db: Db; clock: Clock };

/**
 * A read on demand ('Verificar Pagamento', the admin's 'Verificar'): counted against the global budget of reads
 * people's actions make (`asaasReadsGlobal`; docs/decisions.md, Asaas's request quota) and refused with a 429
 * carrying `message` once the window is spent, before Asaas is asked.
 */
export function enforceAsaasReadBudget(deps: BudgetDeps, message: string): Promise<void> {
  return enforceRateLimits(deps.db, deps.clock(), [{ rule: RATE_LIMITS.asaasReadsGlobal, subject: SUBJECT }], message);
}

/**
 * Asaas's client with every read counted against the same budget, never refused: these reads finish a money move
 * already under way (a settlement's read-back after its refund, a deletion's checks, a new PIX's QR code), which must
 * not stop half-way; counting them leaves less to the verifications on demand. The webhook's read-backs and the
 * reconciliation are not counted: their share of the quota is what the budget leaves out.
 */
export function withCountedAsaasReads<T extends Partial<AsaasClient>>(asaas: T, deps: BudgetDeps): T {
  const counted: Record<string, unknown> = { ...asaas };
  for (const name of READS) {
    const read = asaas[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!read) continue;
    counted[name] = async (...args: unknown[]) => {
      if (!(await countRateLimitedCall(deps.db, RATE_LIMITS.asaasReadsGlobal, SUBJECT, deps.clock()))) {
        logger.warn('Asaas read over the global budget, made anyway: it finishes a money move', { call: name });
      }
      return read.apply(asaas, args);
    };
  }
  return counted as T;
}

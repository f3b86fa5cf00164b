import { paymentAtDeletion } from '../../../domain/client-deletion.js';
import { ADMIN_CLIENT_MESSAGES } from '../../../domain/messages.js';
import { AsaasError, removeCharge, type AsaasClient, type AsaasPayment } from '../../providers/asaas.js';
import { ConflictError, DomainError } from '../../shared/errors.js';
import { logger } from '../../shared/logger.js';

/**
 * The money side of deleting a client (docs/decisions.md, Deleting a client: money first). Asaas is the record of the
 * money, so it is read there, not only in our charges: a payment received whose webhook has not arrived yet is money
 * all the same.
 */

export type ClientMoneyAsaas = Pick<
  AsaasClient,
  | 'listCustomersByReference'
  | 'getCustomer'
  | 'deleteCustomer'
  | 'listPaymentsOfCustomer'
  | 'getPayment'
  | 'deletePayment'
  | 'deleteInstallment'
>;

/** Asaas down, or refusing our key: the deletion stops with nothing of ours deleted; running it again completes it. */
export class ClientDeletionAsaasError extends DomainError {
  constructor() {
    super('provider_unavailable', 502, ADMIN_CLIENT_MESSAGES.deleteAsaasUnavailable);
  }
}

/** A charge of ours as the deletion reads it off the client's partition, with its contract's protocol. */
export type ClientCharge = { id: string; status: string; asaas_id: string | null; protocolo: string | null };

export type MoneySubject = {
  /** Our profile id: the `externalReference` of the client's Asaas customers. */
  profileId: string;
  /** The customer id stored on the profile (pattern 59), if any. */
  storedCustomerId: string | null;
  charges: ClientCharge[];
};

export type MoneySettled = { removed_payments: number; deleted_asaas_customers: number };

type ClientMoney = { customers: { id: string; deleted: boolean }[]; payments: AsaasPayment[] };

/** Any failure talking to Asaas but the ones the caller reads as an answer becomes the 502. */
async function atAsaas<T>(what: string, work: () => Promise<T>, answers: AsaasError['kind'][] = []): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AsaasError && answers.includes(error.kind)) throw error;
    logger.error('Asaas failed during a client deletion', { error: error as Error, what });
    throw new ClientDeletionAsaasError();
  }
}

const isAsaas = (error: unknown, kind: AsaasError['kind']): error is AsaasError =>
  error instanceof AsaasError && error.kind === kind;

const reasonOf = (error: AsaasError) =>
  error.details.errors?.map((e) => e.description ?? e.code).join('; ') || `HTTP ${error.details.status ?? '?'}`;

/**
 * Every Asaas customer of the client — those under the profile id as `externalReference` (several, if a race before
 * pattern 59 made them) and the one stored on the profile — with every payment of each, plus any payment of our
 * charges that is under none of them.
 */
async function readClientMoney(asaas: ClientMoneyAsaas, subject: MoneySubject): Promise<ClientMoney> {
  const customers = new Map<string, { id: string; deleted: boolean }>();
  for (const customer of await atAsaas('list customers', () => asaas.listCustomersByReference(subject.profileId))) {
    customers.set(customer.id, { id: customer.id, deleted: customer.deleted === true });
  }
  if (subject.storedCustomerId && !customers.has(subject.storedCustomerId)) {
    try {
      const stored = await atAsaas('read customer', () => asaas.getCustomer(subject.storedCustomerId!), ['not_found']);
      customers.set(stored.id, { id: stored.id, deleted: stored.deleted === true });
    } catch (error) {
      if (!isAsaas(error, 'not_found')) throw error;
    }
  }
  const payments = new Map<string, AsaasPayment>();
  for (const customer of customers.values()) {
    for (const payment of await atAsaas('list payments', () => asaas.listPaymentsOfCustomer(customer.id))) {
      payments.set(payment.id, payment);
    }
  }
  for (const charge of subject.charges) {
    if (!charge.asaas_id || payments.has(charge.asaas_id)) continue;
    try {
      const payment = await atAsaas('read payment', () => asaas.getPayment(charge.asaas_id!), ['not_found']);
      payments.set(payment.id, payment);
    } catch (error) {
      if (!isAsaas(error, 'not_found')) throw error;
    }
  }
  return { customers: [...customers.values()], payments: [...payments.values()] };
}

/**
 * Settles the client's money at Asaas, in this order: read everything; refuse (409, nothing touched) while money was
 * received or is moving (`refuseOnMoney`: until the deletion has started deleting our data, after which it must
 * finish); remove each open payment (DELETE /payments/{id}; a card plan once and whole, DELETE /installments/{id}), so
 * nothing of a client we no longer know can be paid;
 * remove each customer (DELETE /customers/{id}), with the client's name, CPF, e-mail and phone. Every step takes "gone
 * already" as done, so running it again finishes it. Asaas unavailable → 502, with nothing of ours deleted yet.
 */
export async function settleClientMoney(
  asaas: ClientMoneyAsaas,
  subject: MoneySubject,
  options: {
    refuseOnMoney: boolean;
    /** Told of each removal as it happens, so a run that fails later still counts what it removed. */
    removed?: (counts: MoneySettled) => Promise<void>;
  },
): Promise<MoneySettled> {
  const tell = (counts: MoneySettled) => options.removed?.(counts) ?? Promise.resolve();
  const money = await readClientMoney(asaas, subject);
  const protocolOf = new Map<string, string>();
  for (const charge of subject.charges) {
    if (charge.asaas_id && charge.protocolo) protocolOf.set(charge.asaas_id, charge.protocolo);
  }
  const labelOf = (asaasId: string | null, protocolo: string | null) =>
    protocolo ? `protocolo ${protocolo}` : `cobrança ${asaasId ?? '?'} no Asaas`;
  const withMoney = [
    ...subject.charges
      .filter((charge) => paymentAtDeletion(charge) === 'money')
      .map((charge) => labelOf(charge.asaas_id, charge.protocolo)),
    ...money.payments
      .filter((payment) => paymentAtDeletion(payment) === 'money')
      .map((payment) => labelOf(payment.id, protocolOf.get(payment.id) ?? null)),
  ];
  const refusal = (labels: string[]) =>
    new ConflictError(ADMIN_CLIENT_MESSAGES.deleteRefusedPaid([...new Set(labels)]));
  if (withMoney.length > 0) {
    if (options.refuseOnMoney) throw refusal(withMoney);
    // Past the gate (a payment landed while the deletion ran): its record is Asaas's, and its webhook finds no charge
    // and is kept as an orphan payment (pattern 47) for a person to refund.
    logger.error('Money received for a client being deleted', { profileId: subject.profileId, payments: withMoney });
  }

  /** Asaas refused a removal: 409 before the gate (nothing of ours deleted yet), logged after it (the deletion ends). */
  const refused = (error: AsaasError, what: string) => {
    if (options.refuseOnMoney) return new ConflictError(ADMIN_CLIENT_MESSAGES.deleteAsaasRefused(reasonOf(error)));
    logger.error('Asaas refused a removal for a client being deleted', { error, what, profileId: subject.profileId });
    return null;
  };

  let removedPayments = 0;
  const open = money.payments.filter((p) => paymentAtDeletion(p) === 'open');
  // A card plan's instalments are each a payment at Asaas, removed together with their plan: one removal per plan.
  const removals = new Map<string, { payment: AsaasPayment; removes: number }>();
  for (const payment of open) {
    const key = payment.installment ?? payment.id;
    const removal = removals.get(key);
    if (removal) removal.removes += 1;
    else removals.set(key, { payment, removes: 1 });
  }
  for (const { payment, removes } of removals.values()) {
    try {
      await atAsaas(
        'remove payment',
        () => removeCharge(asaas, { payment: payment.id, installment: payment.installment }),
        ['not_found', 'rejected'],
      );
      removedPayments += removes;
      await tell({ removed_payments: removes, deleted_asaas_customers: 0 });
    } catch (error) {
      if (isAsaas(error, 'not_found')) continue;
      if (!isAsaas(error, 'rejected')) throw error;
      // Refused: most likely paid a moment ago. Asaas's word on it now decides.
      const now = await atAsaas('read payment', () => asaas.getPayment(payment.id));
      const state = paymentAtDeletion(now);
      if (state === 'closed') continue;
      if (state === 'money' && options.refuseOnMoney) {
        throw refusal([labelOf(payment.id, protocolOf.get(payment.id) ?? null)]);
      }
      const conflict = refused(error, `payment ${payment.id}`);
      if (conflict) throw conflict;
    }
  }

  let deletedCustomers = 0;
  for (const customer of money.customers.filter((c) => !c.deleted)) {
    try {
      await atAsaas('remove customer', () => asaas.deleteCustomer(customer.id), ['not_found', 'rejected']);
      deletedCustomers += 1;
      await tell({ removed_payments: 0, deleted_asaas_customers: 1 });
    } catch (error) {
      if (isAsaas(error, 'not_found')) continue;
      if (!isAsaas(error, 'rejected')) throw error;
      const conflict = refused(error, `customer ${customer.id}`);
      if (conflict) throw conflict;
    }
  }
  return { removed_payments: removedPayments, deleted_asaas_customers: deletedCustomers };
}

import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { PixCodes } from './br-code.js';
import {
  ALPHANUMERIC,
  apiError,
  BILLING_TYPES,
  type BillingType,
  brl,
  isCalendarDate,
  LOWER_ALPHANUMERIC,
  MIN_VALUE,
  normalizeCpfCnpj,
  PAYABLE,
  asaasFee,
  randomId,
  REFUNDABLE,
  REFUNDING,
  round2,
  saoPaulo,
  type Customer,
  type Payment,
  type Reply,
} from './objects.js';
import type { WebhookQueue } from './webhook-queue.js';

/**
 * The simulated Asaas account: its customers and payments, in memory, and every step of a payment's life (created,
 * paid, removed, overdue, refunded, disputed), each sending its event to the webhook queue. The API, the control
 * switches and the pages all act through it.
 */

const calendarDate = z.string().refine(isCalendarDate, 'yyyy-MM-dd');

/** How long after it was received a PIX may be refunded. */
const REFUND_DAYS = 90;
const DAY_MS = 86_400_000;

const statusSwitch = z.strictObject({
  status: z.string().regex(/^[A-Z_]+$/),
  /** The event sent; `PAYMENT_<status>` when absent, none when null. */
  event: z
    .string()
    .regex(/^[A-Z_]+$/)
    .nullable()
    .optional(),
});

/**
 * `POST /__control/payments/import`: payments written as they stand, at once and without webhooks (a data set for a
 * test or a benchmark, as if its events had been delivered long ago). Dates default to today; a paid status without
 * `paymentDate` was paid on `dateCreated`.
 */
const paymentImport = z.strictObject({
  payments: z
    .array(
      z.strictObject({
        customer: z.string().min(1).optional(),
        value: z.number().min(MIN_VALUE).max(1_000_000),
        externalReference: z.string().min(1).max(100).nullable().optional(),
        status: z
          .string()
          .regex(/^[A-Z_]{3,40}$/)
          .optional(),
        dateCreated: calendarDate.optional(),
        dueDate: calendarDate.optional(),
        paymentDate: calendarDate.nullable().optional(),
        deleted: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(2_000),
});

export type Account = ReturnType<typeof createAccount>;

/** `holderName`: the account holder's name as Asaas registered it, which every PIX code names as the payee. */
export function createAccount(webhooks: WebhookQueue, log: (line: string) => void, holderName: string) {
  const customers = new Map<string, Customer>();
  const payments = new Map<string, Payment>();
  const pix = new PixCodes(holderName);
  /** Where Asaas's payment page sends the customer back after paying (the charge's `callback.successUrl`). */
  const successUrls = new Map<string, string>();
  let invoiceSequence = 0;
  /** Where invoice pages are served (`invoiceUrl`), known once the server listens. */
  let baseUrl = '';
  /**
   * The account's balance, in reais, as refunds draw on it (Asaas refuses a refund the balance cannot pay): null =
   * unlimited, as until a test or a person sets one (`POST /__control/balance`, the page's 'Definir saldo'). Each
   * payment received adds its net value; each refund asked takes the refund's value; a denied one gives it back.
   */
  let balance: number | null = null;

  function createCustomer(body: Record<string, unknown>): Reply {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) return apiError('invalid_name', 'O nome do cliente deve ser informado.');
    let document: ReturnType<typeof normalizeCpfCnpj> = null;
    if (body.cpfCnpj !== undefined && body.cpfCnpj !== null && body.cpfCnpj !== '') {
      document = typeof body.cpfCnpj === 'string' ? normalizeCpfCnpj(body.cpfCnpj) : null;
      if (!document) return apiError('invalid_object', 'O CPF/CNPJ informado é inválido.');
    }
    const email = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return apiError('invalid_email', 'O email informado é inválido.');
    }
    const digits = (value: unknown) => (typeof value === 'string' && value.replace(/\D/g, '')) || null;
    const customer: Customer = {
      object: 'customer',
      id: `cus_${randomId(12, ALPHANUMERIC)}`,
      dateCreated: saoPaulo(new Date()).date,
      name,
      email,
      company: null,
      phone: digits(body.phone),
      mobilePhone: digits(body.mobilePhone),
      address: null,
      addressNumber: null,
      complement: null,
      province: null,
      postalCode: null,
      cpfCnpj: document?.value ?? null,
      personType: document?.personType ?? null,
      deleted: false,
      additionalEmails: null,
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      notificationDisabled: body.notificationDisabled === true,
      observations: null,
      municipalInscription: null,
      stateInscription: null,
      canDelete: true,
      cannotBeDeletedReason: null,
      canEdit: true,
      cannotEditReason: null,
      city: null,
      cityName: null,
      state: null,
      country: 'Brasil',
    };
    customers.set(customer.id, customer);
    log(`asaas-simulator: customer ${customer.id} created (${customer.name})`);
    return { status: 200, body: customer };
  }

  /** A PENDING PIX payment object as Asaas answers it, numbered in creation order. */
  function newPayment(fields: {
    customer: string;
    value: number;
    description: string | null;
    dueDate: string;
    dateCreated: string;
    externalReference: string | null;
    billingType?: BillingType;
    installment?: { id: string; number: number; count: number } | null;
  }): Payment {
    const id = `pay_${randomId(16, LOWER_ALPHANUMERIC)}`;
    const billingType = fields.billingType ?? 'PIX';
    invoiceSequence += 1;
    return {
      object: 'payment',
      id,
      dateCreated: fields.dateCreated,
      customer: fields.customer,
      subscription: null,
      installment: fields.installment?.id ?? null,
      paymentLink: null,
      value: fields.value,
      netValue: round2(fields.value - asaasFee(billingType, fields.value, fields.installment ?? null)),
      originalValue: null,
      interestValue: null,
      description: fields.description,
      billingType,
      canBePaidAfterDueDate: true,
      pixTransaction: null,
      status: 'PENDING',
      dueDate: fields.dueDate,
      originalDueDate: fields.dueDate,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      installmentNumber: fields.installment?.number ?? null,
      invoiceUrl: `${baseUrl}/i/${id}`,
      invoiceNumber: String(invoiceSequence).padStart(8, '0'),
      externalReference: fields.externalReference,
      deleted: false,
      anticipated: false,
      anticipable: false,
      creditDate: null,
      estimatedCreditDate: null,
      transactionReceiptUrl: null,
      nossoNumero: billingType === 'BOLETO' ? String(invoiceSequence).padStart(10, '0') : null,
      bankSlipUrl: billingType === 'BOLETO' ? `${baseUrl}/b/${id}.pdf` : null,
      lastInvoiceViewedDate: null,
      lastBankSlipViewedDate: null,
      discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
      fine: { value: 0, type: 'FIXED' },
      interest: { value: 0, type: 'PERCENTAGE' },
      postalService: false,
      custody: null,
      refunds: null,
    };
  }

  function createPayment(body: Record<string, unknown>): Reply {
    const customer = typeof body.customer === 'string' ? customers.get(body.customer) : undefined;
    if (!customer) return apiError('invalid_customer', 'Cliente inválido ou não informado.');
    if (customer.deleted) {
      return apiError('invalid_customer', 'O cliente informado foi removido. Restaure-o antes de criar cobranças.');
    }
    if (!customer.cpfCnpj) {
      return apiError(
        'invalid_customer.cpfCnpj',
        'Para criar esta cobrança é necessário preencher o CPF ou CNPJ do cliente.',
      );
    }
    const billingType = BILLING_TYPES.find((type) => type === body.billingType);
    if (!billingType) {
      return apiError('invalid_billingType', 'Forma de pagamento inválida. Informe PIX, BOLETO ou CREDIT_CARD.');
    }
    // A card in instalments: `installmentCount` with `totalValue` (Asaas splits it), up to 21 (Visa, Mastercard).
    const count = body.installmentCount;
    if (count !== undefined && count !== null) {
      if (billingType !== 'CREDIT_CARD') {
        return apiError('invalid_installmentCount', 'O parcelamento só está disponível para cartão de crédito.');
      }
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 2 || count > 21) {
        return apiError('invalid_installmentCount', 'O número de parcelas deve ser entre 2 e 21.');
      }
    }
    const amount = count ? body.totalValue : body.value;
    if (typeof amount !== 'number' || !Number.isFinite(amount)) {
      return apiError('invalid_value', 'O valor da cobrança deve ser informado.');
    }
    const value = round2(amount);
    if (value < MIN_VALUE) {
      return apiError('invalid_value', `O valor da cobrança (${brl.format(value)}) não pode ser menor que R$ 5,00.`);
    }
    const now = new Date();
    const today = saoPaulo(now).date;
    if (typeof body.dueDate !== 'string' || !isCalendarDate(body.dueDate)) {
      return apiError('invalid_dueDate', 'A data de vencimento informada é inválida.');
    }
    if (body.dueDate < today) {
      return apiError('invalid_dueDate', 'Não é permitido data de vencimento inferior a hoje.');
    }
    const description = typeof body.description === 'string' ? body.description : null;
    if (description && description.length > 500) {
      return apiError('invalid_description', 'A descrição da cobrança não pode ter mais de 500 caracteres.');
    }
    const instalments = typeof count === 'number' ? count : 1;
    const installmentId = instalments > 1 ? `ins_${randomId(16, LOWER_ALPHANUMERIC)}` : null;
    const cents = Math.round(value * 100);
    const created: Payment[] = [];
    for (let number = 1; number <= instalments; number += 1) {
      // The leftover centavos go one each to the first instalments; each falls due a month after the one before.
      const share = Math.floor(cents / instalments) + (number <= cents % instalments ? 1 : 0);
      const due = new Date(`${body.dueDate}T12:00:00Z`);
      due.setUTCMonth(due.getUTCMonth() + number - 1);
      const payment = newPayment({
        customer: customer.id,
        value: share / 100,
        description,
        dueDate: due.toISOString().slice(0, 10),
        dateCreated: today,
        externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
        billingType,
        installment: installmentId ? { id: installmentId, number, count: instalments } : null,
      });
      payments.set(payment.id, payment);
      if (billingType === 'PIX') pix.assign(payment.id);
      created.push(payment);
    }
    const callback = body.callback as { successUrl?: unknown } | undefined;
    for (const payment of created) {
      if (typeof callback?.successUrl === 'string') successUrls.set(payment.id, callback.successUrl);
      log(
        `asaas-simulator: payment ${payment.id} created (${billingType}, ${brl.format(payment.value)}, ${payment.externalReference ?? '-'})`,
      );
      webhooks.emit('PAYMENT_CREATED', payment, now);
    }
    return { status: 200, body: created[0] };
  }

  /** PENDING/OVERDUE → RECEIVED (a PIX lands at once), as the sandbox's confirm and the page's 'Pagar' do. */
  function pay(id: string): Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!PAYABLE.has(payment.status)) {
      return apiError(
        'invalid_action',
        `Somente cobranças pendentes ou vencidas podem ser confirmadas (${payment.status}).`,
      );
    }
    const now = new Date();
    const today = saoPaulo(now).date;
    Object.assign(payment, {
      status: 'RECEIVED',
      paymentDate: today,
      clientPaymentDate: today,
      confirmedDate: today,
      creditDate: today,
      estimatedCreditDate: today,
      pixTransaction: randomUUID(),
    });
    if (balance !== null) balance = round2(balance + payment.netValue);
    log(`asaas-simulator: payment ${id} received`);
    webhooks.emit('PAYMENT_RECEIVED', payment, now);
    return { status: 200, body: payment };
  }

  /**
   * DELETE /v3/payments/{id}: Asaas removes an unpaid charge, keeps its status with `deleted: true`. An instalment of a
   * card plan is not removed by itself (the card is authorised for the whole plan): Asaas answers 400 and the plan is
   * removed with DELETE /v3/installments/{id}, which removes each of its payments (`wholePlan`).
   */
  function remove(id: string, options: { wholePlan?: boolean } = {}): Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (payment.installment && payment.billingType === 'CREDIT_CARD' && !options.wholePlan) {
      return apiError(
        'invalid_action',
        'Esta cobrança é uma parcela de um parcelamento no cartão de crédito. Remova o parcelamento inteiro.',
      );
    }
    if (payment.status === 'AWAITING_RISK_ANALYSIS') {
      return apiError(
        'invalid_action',
        'Não é possível remover uma cobrança cujo pagamento está em análise de risco. Aguarde a conclusão da análise.',
      );
    }
    if (!PAYABLE.has(payment.status)) {
      return apiError(
        'invalid_action',
        `Somente cobranças pendentes ou vencidas podem ser removidas (${payment.status}).`,
      );
    }
    payment.deleted = true;
    log(`asaas-simulator: payment ${id} deleted`);
    webhooks.emit('PAYMENT_DELETED', payment, new Date());
    return { status: 200, body: { deleted: true, id } };
  }

  /**
   * DELETE /v3/customers/{id}: Asaas removes the customer (`deleted: true`, still answered by id) and, with it, its
   * pending and overdue payments (each PAYMENT_DELETED); received ones stay. A customer already removed is not found.
   */
  function removeCustomer(id: string): Reply {
    const customer = customers.get(id);
    if (!customer || customer.deleted) return apiError('not_found', 'Cliente não encontrado.', 404);
    customer.deleted = true;
    for (const payment of payments.values()) {
      if (payment.customer === id && !payment.deleted && PAYABLE.has(payment.status))
        remove(payment.id, { wholePlan: true });
    }
    log(`asaas-simulator: customer ${id} deleted`);
    return { status: 200, body: { deleted: true, id } };
  }

  function overdue(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (payment.status !== 'PENDING') {
      return apiError('invalid_action', `Somente cobranças pendentes podem vencer (${payment.status}).`);
    }
    payment.status = 'OVERDUE';
    log(`asaas-simulator: payment ${id} overdue`);
    webhooks.emit('PAYMENT_OVERDUE', payment, new Date());
    return { status: 200, body: payment };
  }

  /** A CPF-holding customer for imported payments that name none (created on the first import). */
  let importCustomer: Customer | undefined;

  function importPayments(body: Record<string, unknown>): Reply {
    const parsed = paymentImport.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
    const today = saoPaulo(new Date()).date;
    const ids: string[] = [];
    for (const entry of parsed.data.payments) {
      let customer = entry.customer ? customers.get(entry.customer) : undefined;
      if (entry.customer && !customer) return { status: 400, body: { error: `unknown customer ${entry.customer}` } };
      if (!customer) {
        importCustomer ??= createCustomer({ name: 'Cliente Importado', cpfCnpj: '52998224725' }).body as Customer;
        customer = importCustomer;
      }
      const dateCreated = entry.dateCreated ?? today;
      const payment = newPayment({
        customer: customer.id,
        value: round2(entry.value),
        description: null,
        dueDate: entry.dueDate ?? dateCreated,
        dateCreated,
        externalReference: entry.externalReference ?? null,
      });
      const status = entry.status ?? 'PENDING';
      const paid = status === 'RECEIVED' || status === 'CONFIRMED' || status === 'RECEIVED_IN_CASH';
      const paymentDate = entry.paymentDate === undefined ? (paid ? dateCreated : null) : entry.paymentDate;
      Object.assign(payment, {
        status,
        deleted: entry.deleted ?? false,
        paymentDate,
        clientPaymentDate: paymentDate,
        confirmedDate: paymentDate,
        creditDate: paymentDate,
        estimatedCreditDate: paymentDate,
        pixTransaction: paymentDate ? randomUUID() : null,
      });
      payments.set(payment.id, payment);
      ids.push(payment.id);
    }
    log(`asaas-simulator: ${ids.length} payment(s) imported`);
    return { status: 200, body: { imported: ids.length, ids } };
  }

  /**
   * The page's 'Estornar' (and `/__control/…/refund`): a received payment, or one whose refund we asked for
   * (REFUND_REQUESTED / REFUND_IN_PROGRESS), is refunded now, as the bank's return of a PIX completes it.
   */
  function refund(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDABLE.has(payment.status) && !REFUNDING.has(payment.status)) {
      return apiError('invalid_action', `Somente cobranças recebidas podem ser estornadas (${payment.status}).`);
    }
    const now = new Date();
    payment.status = 'REFUNDED';
    payment.refunds = [
      { dateCreated: saoPaulo(now).dateTime, status: 'DONE', value: payment.value, description: null },
    ];
    log(`asaas-simulator: payment ${id} refunded`);
    webhooks.emit('PAYMENT_REFUNDED', payment, now);
    return { status: 200, body: payment };
  }

  /**
   * POST /v3/payments/{id}/refund {value?, description?}: a full refund of a received PIX goes REFUND_IN_PROGRESS
   * until the bank returns it (the page's 'Estornar' completes it); a partial one keeps the payment received and lists
   * the refund (PAYMENT_PARTIALLY_REFUNDED).
   */
  function requestRefund(id: string, body: Record<string, unknown>): Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDABLE.has(payment.status)) {
      return apiError('invalid_action', `Somente cobranças recebidas podem ser estornadas (${payment.status}).`);
    }
    const value = body.value === undefined || body.value === null ? payment.value : body.value;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || round2(value) > payment.value) {
      return apiError('invalid_value', 'O valor do estorno deve ser maior que zero e até o valor da cobrança.');
    }
    const now = new Date();
    // A PIX can be returned up to 90 days after it was received (Banco Central's MED rules, as Asaas applies them).
    if (payment.paymentDate && payment.paymentDate < saoPaulo(new Date(now.getTime() - REFUND_DAYS * DAY_MS)).date) {
      return apiError(
        'invalid_action',
        `Não é possível estornar um Pix recebido há mais de ${REFUND_DAYS} dias. Devolva o valor ao pagador por transferência.`,
      );
    }
    if (balance !== null && balance < round2(value)) {
      return apiError(
        'invalid_action',
        `Saldo insuficiente para realizar o estorno. Saldo disponível: ${brl.format(balance)}; valor do estorno: ${brl.format(round2(value))}.`,
      );
    }
    if (balance !== null) balance = round2(balance - round2(value));
    const description = typeof body.description === 'string' ? body.description : null;
    const partial = round2(value) < payment.value;
    payment.refunds = [
      ...(payment.refunds ?? []),
      { dateCreated: saoPaulo(now).dateTime, status: partial ? 'DONE' : 'PENDING', value: round2(value), description },
    ];
    if (!partial) payment.status = 'REFUND_IN_PROGRESS';
    log(`asaas-simulator: payment ${id} refund requested (${brl.format(value)})`);
    webhooks.emit(partial ? 'PAYMENT_PARTIALLY_REFUNDED' : 'PAYMENT_REFUND_IN_PROGRESS', payment, now);
    return { status: 200, body: payment };
  }

  /** The page's 'Chargeback': the payer disputes a received payment with their bank. */
  function chargeback(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDABLE.has(payment.status)) {
      return apiError('invalid_action', `Somente cobranças recebidas podem ser contestadas (${payment.status}).`);
    }
    payment.status = 'CHARGEBACK_REQUESTED';
    log(`asaas-simulator: payment ${id} chargeback requested`);
    webhooks.emit('PAYMENT_CHARGEBACK_REQUESTED', payment, new Date());
    return { status: 200, body: payment };
  }

  /**
   * Tests' and people's switch for any other step of a payment's life (CONFIRMED, RECEIVED_IN_CASH, a cash payment
   * undone, a refund denied, a chargeback disputed or won): sets the status and sends `event` (none when null).
   */
  function setStatus(id: string, body: Record<string, unknown>): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    const parsed = statusSwitch.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
    const now = new Date();
    payment.status = parsed.data.status;
    if (
      parsed.data.status === 'RECEIVED' ||
      parsed.data.status === 'CONFIRMED' ||
      parsed.data.status === 'RECEIVED_IN_CASH'
    ) {
      const today = saoPaulo(now).date;
      payment.paymentDate ??= today;
      payment.clientPaymentDate ??= today;
      payment.confirmedDate ??= today;
    }
    const event = parsed.data.event === undefined ? `PAYMENT_${parsed.data.status}` : parsed.data.event;
    log(`asaas-simulator: payment ${id} → ${parsed.data.status}${event ? ` (${event})` : ''}`);
    if (event) webhooks.emit(event, payment, now);
    return { status: 200, body: payment };
  }

  /**
   * The bank denied a refund Asaas had accepted (`/__control/…/deny-refund`, the page's 'Negar estorno'): the payment is
   * RECEIVED again, its refund CANCELLED, the value back in the balance, and PAYMENT_REFUND_DENIED is sent.
   */
  function denyRefund(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDING.has(payment.status)) {
      return apiError('invalid_action', `Somente estornos em andamento podem ser negados (${payment.status}).`);
    }
    const pending = [...(payment.refunds ?? [])].reverse().find((refund) => refund.status === 'PENDING');
    if (pending) pending.status = 'CANCELLED';
    if (balance !== null) balance = round2(balance + (pending?.value ?? payment.value));
    payment.status = 'RECEIVED';
    log(`asaas-simulator: payment ${id} refund denied`);
    webhooks.emit('PAYMENT_REFUND_DENIED', payment, new Date());
    return { status: 200, body: payment };
  }

  /**
   * POST /v3/payments/{id}/restore (and the page's 'Restaurar'): a removed payment is live again, in the status it kept,
   * and PAYMENT_RESTORED is sent; its PIX can be paid again.
   */
  function restore(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!payment.deleted) return apiError('invalid_action', 'Somente cobranças removidas podem ser restauradas.');
    payment.deleted = false;
    log(`asaas-simulator: payment ${id} restored`);
    webhooks.emit('PAYMENT_RESTORED', payment, new Date());
    return { status: 200, body: payment };
  }

  /** `/__control/…/age {days}`: the payment was received `days` days ago (a refund past 90 days is refused). */
  function age(id: string, body: Record<string, unknown>): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    const days = typeof body.days === 'number' && Number.isInteger(body.days) && body.days >= 0 ? body.days : 91;
    if (!payment.paymentDate) return apiError('invalid_action', 'Somente cobranças pagas têm data de pagamento.');
    const paid = saoPaulo(new Date(Date.now() - days * DAY_MS)).date;
    Object.assign(payment, { paymentDate: paid, clientPaymentDate: paid, confirmedDate: paid, creditDate: paid });
    log(`asaas-simulator: payment ${id} paid ${days} day(s) ago`);
    return { status: 200, body: payment };
  }

  /** `POST /__control/balance {value}`: the account's balance in reais (null: unlimited). */
  function setBalance(body: Record<string, unknown>): Reply {
    const value = body.value;
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 10_000_000)) {
      return { status: 400, body: { error: 'value must be null or a number of reais ≥ 0' } };
    }
    balance = value === null ? null : round2(value);
    log(`asaas-simulator: balance ${balance === null ? 'unlimited' : brl.format(balance)}`);
    return { status: 200, body: { balance } };
  }

  /** POST /__control/reset: an empty account, numbering from the start again. */
  function reset(): void {
    customers.clear();
    payments.clear();
    successUrls.clear();
    pix.clear();
    invoiceSequence = 0;
    importCustomer = undefined;
    balance = null;
  }

  return {
    customers,
    payments,
    setBaseUrl: (url: string) => void (baseUrl = url),
    successUrl: (paymentId: string) => successUrls.get(paymentId) ?? null,
    /** Money in or out of the balance (a card received, a card refunded), as the account's own steps move it. */
    addToBalance: (value: number) => void (balance = balance === null ? null : round2(balance + value)),
    pixQrCode: (payment: Payment) => pix.qrCode(payment),
    createCustomer,
    createPayment,
    pay,
    remove,
    removeCustomer,
    overdue,
    importPayments,
    refund,
    requestRefund,
    chargeback,
    setStatus,
    denyRefund,
    restore,
    age,
    setBalance,
    balance: () => balance,
    reset,
  };
}

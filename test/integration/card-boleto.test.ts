import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createChargeRoute } from '../../domain/api/payments.js';
import type { AsaasWebhook } from '../../domain/api/webhooks.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { EMAIL_RECEIPT_MESSAGES } from '../../domain/messages.js';
import { CHECKOUT_MESSAGES } from '../../domain/payment-methods.js';
import { withdrawalMoneyLine } from '../../lambdas/contracts/withdrawal-emails.js';
import { withdrawContract } from '../../lambdas/contracts/withdrawal-service.js';
import { handleAsaasWebhook, type WebhookDeps } from '../../lambdas/payments/asaas-webhook-service.js';
import { handler as createChargeHandler } from '../../lambdas/payments/create-charge.js';
import { createChargeForContract, type CreateChargeDeps } from '../../lambdas/payments/create-charge-service.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { getCharge, saveChargeTaskToken, type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { customerClaims } from '../factories.js';
import { callRoute } from '../route-call.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { guardedTestDb, testDb } from './db.js';
import { seedCustomer, seedSignature } from './seed.js';

/** Paying by card in instalments and by boleto, against DynamoDB Local and the Asaas simulator. */
const db = testDb();
const sim = useAsaasSimulator();
const { control, listing } = sim;
const workflow = recordingWorkflow();
const webhookDeps = (): WebhookDeps => ({
  db: guardedTestDb('ReceiveAsaasWebhook'),
  clock: systemClock,
  workflow,
  asaas: sim.asaas,
});
const chargeDeps = (): CreateChargeDeps => ({
  db: guardedTestDb('CreateCharge'),
  clock: systemClock,
  asaas: sim.asaas,
  workflow,
  appUrl: 'http://127.0.0.1:5173',
});

type SimPayment = {
  id: string;
  status: string;
  deleted: boolean;
  installment: string | null;
  installmentNumber: number | null;
  externalReference: string | null;
  value: number;
};
type SimEvent = AsaasWebhook & { payment: SimPayment };

async function signedCustomer() {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer);
  return { ...customer, caller: { userId: customer.userId, email: customer.profile.email, isAdmin: false } };
}

/** What Asaas sent about these payments since `from` events, as it sent them (full payment objects). */
async function eventsOf(ids: string[], from = 0): Promise<SimEvent[]> {
  return (await listing<SimEvent[]>('events')).slice(from).filter((e) => ids.includes(e.payment.id));
}
const eventCount = async () => (await listing<unknown[]>('events')).length;

/** Delivers each event twice, in a shuffled order, as Asaas's at-least-once queue may. */
async function deliverTwice(events: AsaasWebhook[]) {
  const all = [...events, ...events].sort(() => Math.random() - 0.5);
  for (const event of all) await handleAsaasWebhook(webhookDeps(), event);
}

const planAtAsaas = async (chargeId: string) =>
  (await listing<SimPayment[]>('payments'))
    .filter((p) => p.externalReference === chargeId)
    .sort((a, b) => (a.installmentNumber ?? 0) - (b.installmentNumber ?? 0));

async function cardCustomer(parcelas: number) {
  const customer = await signedCustomer();
  const { charge } = await createChargeForContract(chargeDeps(), customer.caller, customer.contract.id, {
    forma: 'cartao',
    parcelas,
  });
  const ref: ChargeRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
  return { ...customer, ref, charge: charge! };
}

const processOf = async (ref: ChargeRef) =>
  (await getCustomerCollection(db, ref.userId)).processes.find((p) => p.contrato_id === ref.contractId)!;

const financeDay = async () =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.financeDayPk, sk: saoPauloDay(new Date()) } }),
    )
  ).Item ?? {};

describe('a card in instalments', () => {
  it('is one Asaas installment of 6 and makes the process paid on the first confirmed instalment, counted once', async () => {
    const { ref, charge } = await cardCustomer(6);
    expect(charge).toMatchObject({ forma: 'cartao', parcelas: 6, valor: 449, status: 'PENDING', qr_code: null });
    expect(charge.link).toContain('/i/');
    const plan = await planAtAsaas(charge.id);
    expect(plan.map((p) => p.installmentNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(plan.map((p) => p.installment))).toEqual(new Set([charge.asaas_parcelamento_id]));
    expect(Math.round(plan.reduce((sum, p) => sum + p.value, 0) * 100)).toBe(44_900);
    expect(plan[0]!.id).toBe(charge.asaas_id);

    const before = await getAdminCounters(db);
    const dayBefore = await financeDay();
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-pay`);
    const events = await eventsOf(
      plan.map((p) => p.id),
      from,
    );
    expect(events.map((e) => e.event)).toEqual(Array.from({ length: 6 }, () => 'PAYMENT_CONFIRMED'));
    await deliverTwice(events);
    await confirmPayment(ref);

    const stored = await getCharge(db, ref);
    expect(stored?.status).toBe('CONFIRMED');
    expect(stored?.parcelas_status).toEqual({
      2: 'CONFIRMED',
      3: 'CONFIRMED',
      4: 'CONFIRMED',
      5: 'CONFIRMED',
      6: 'CONFIRMED',
    });
    expect((await processOf(ref)).status).toBe('pago');
    const after = await getAdminCounters(db);
    expect(after.charges.paid).toBe(before.charges.paid + 1);
    // The day's money counts the whole sale once, not each instalment.
    const dayAfter = await financeDay();
    expect(Number(dayAfter.received_cents ?? 0) - Number(dayBefore.received_cents ?? 0)).toBe(44_900);
    expect(Number(dayAfter.received_count ?? 0) - Number(dayBefore.received_count ?? 0)).toBe(1);
  });

  it('says a refused card on the screen and leaves the process waiting for payment', async () => {
    const { ref, charge } = await cardCustomer(3);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-refuse`);
    const events = await eventsOf([charge.asaas_id!], from);
    expect(events.map((e) => e.event)).toEqual(['PAYMENT_CREDIT_CARD_CAPTURE_REFUSED']);
    await deliverTwice(events);
    const stored = await getCharge(db, ref);
    expect(stored).toMatchObject({ status: 'PENDING', cartao_recusado: { motivo: 'recusado' } });
    expect((await processOf(ref)).status).toBe('pagamento_pendente');
  });

  it('follows a risk analysis to approval', async () => {
    const { ref, charge } = await cardCustomer(2);
    const plan = await planAtAsaas(charge.id);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    await deliverTwice(
      await eventsOf(
        plan.map((p) => p.id),
        from,
      ),
    );
    expect((await getCharge(db, ref))?.status).toBe('AWAITING_RISK_ANALYSIS');
    const approved = await eventCount();
    await control(`payments/${charge.asaas_id}/risk-approve`);
    const events = await eventsOf(
      plan.map((p) => p.id),
      approved,
    );
    expect(events.map((e) => e.event)).toContain('PAYMENT_APPROVED_BY_RISK_ANALYSIS');
    await deliverTwice(events);
    expect((await getCharge(db, ref))?.status).toBe('CONFIRMED');
  });

  it('follows a risk analysis to its reproval: nothing charged, another method offered', async () => {
    const { ref, charge, caller, contract } = await cardCustomer(2);
    const plan = await planAtAsaas(charge.id);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    await control(`payments/${charge.asaas_id}/risk-reprove`);
    await deliverTwice(
      await eventsOf(
        plan.map((p) => p.id),
        from,
      ),
    );
    expect(await getCharge(db, ref)).toMatchObject({ status: 'PENDING', cartao_recusado: { motivo: 'reprovado' } });
    expect((await processOf(ref)).status).toBe('pagamento_pendente');
    // The customer picks PIX instead: the card plan is removed at Asaas, the PIX replaces it.
    const pix = await createChargeForContract(chargeDeps(), caller, contract.id, { forma: 'pix' });
    expect(pix.charge).toMatchObject({ forma: 'pix' });
    expect(pix.charge?.pix_payload).toBeTruthy();
    expect((await planAtAsaas(charge.id)).every((p) => p.deleted)).toBe(true);
  });

  it('refunds the whole installment when the customer withdraws', async () => {
    const customer = await cardCustomer(6);
    const { ref, charge } = customer;
    const plan = await planAtAsaas(charge.id);
    const paid = await eventCount();
    await control(`payments/${charge.asaas_id}/card-pay`);
    await deliverTwice(
      await eventsOf(
        plan.map((p) => p.id),
        paid,
      ),
    );
    await confirmPayment(ref);
    const from = await eventCount();
    const sent: { to: string; html: string }[] = [];
    const result = await withdrawContract(
      {
        ...webhookDeps(),
        db: guardedTestDb('CancelContract'),
        sendEmail: async (to, email) => void sent.push({ to, html: email.html }),
        appUrl: 'http://127.0.0.1:5173',
      },
      customer.caller,
      customer.contract.id,
    );
    expect(result.settlement).toBe('refund-requested');
    expect((await planAtAsaas(charge.id)).map((p) => p.status)).toEqual(Array.from({ length: 6 }, () => 'REFUNDED'));
    // The e-mail tells the card plan where its money goes, as the refund of the whole plan does it: never the PIX's.
    const [email] = sent;
    expect(email?.html).toContain(withdrawalMoneyLine('refund-requested', 'cartao'));
    expect(email?.html).toContain(EMAIL_RECEIPT_MESSAGES.refundDestination('cartao'));
    expect(email?.html).not.toContain('PIX');
    // And the value refunded is the card sale's (R$ 449,00), not the contract's PIX price.
    expect(email?.html).toContain('R$ 449,00');
    expect(email?.html).not.toContain('R$ 399,00');
    await deliverTwice(
      await eventsOf(
        plan.map((p) => p.id),
        from,
      ),
    );
    const stored = await getCharge(db, ref);
    expect(stored?.status).toBe('REFUNDED');
    expect(Object.values(stored?.parcelas_status ?? {})).toEqual(Array.from({ length: 5 }, () => 'REFUNDED'));
  });

  it('reverses the payment once when the payer disputes an instalment', async () => {
    const { ref, charge } = await cardCustomer(6);
    const plan = await planAtAsaas(charge.id);
    const paid = await eventCount();
    await control(`payments/${charge.asaas_id}/card-pay`);
    await deliverTwice(
      await eventsOf(
        plan.map((p) => p.id),
        paid,
      ),
    );
    await confirmPayment(ref);
    expect((await processOf(ref)).status).toBe('pago');
    const from = await eventCount();
    await control(`payments/${plan[2]!.id}/chargeback`);
    await control(`payments/${plan[3]!.id}/chargeback`);
    await deliverTwice(
      await eventsOf(
        plan.map((p) => p.id),
        from,
      ),
    );
    expect((await getCharge(db, ref))?.status).toBe('CHARGEBACK_REQUESTED');
    const collection = await getCustomerCollection(db, ref.userId);
    expect(collection.history.filter((h) => h.de === 'pago')).toHaveLength(1);
    expect((await processOf(ref)).status).not.toBe('pago');
  });
});

/**
 * A card event Asaas sends as it sent this one, with another event name and the status it carries: PAYMENT_AUTHORIZED
 * comes only for a pre-authorised card (the product asks for none, the simulator sends none), and a late copy of an
 * earlier step is what Asaas's queue delivers out of order.
 */
const asEvent = (event: SimEvent, name: string, status: string): SimEvent => ({
  ...event,
  id: `${event.id}-${name}`,
  event: name,
  payment: { ...event.payment, status },
});

const firstOf = (events: SimEvent[], name: string) => events.find((e) => e.event === name)!;

/** Delivers each event once, in the order given (each is applied once: a redelivery of one is answered 'duplicate'). */
async function deliverInOrder(events: AsaasWebhook[]) {
  for (const event of events) await handleAsaasWebhook(webhookDeps(), event);
}

describe('card events delivered out of order', () => {
  it.each([
    ['the reproval before the analysis', (held: SimEvent[], reproved: SimEvent[]) => [...reproved, ...held]],
    [
      'the analysis both before and after the reproval',
      (held: SimEvent[], reproved: SimEvent[]) => [
        held[0]!,
        ...reproved,
        ...held.map((e) => asEvent(e, 'PAYMENT_AWAITING_RISK_ANALYSIS', 'AWAITING_RISK_ANALYSIS')),
      ],
    ],
    [
      'each instalment’s analysis after its reproval',
      (held: SimEvent[], reproved: SimEvent[]) => reproved.flatMap((r, i) => [r, held[i]!]),
    ],
  ])('never leaves a reproved card ‘em análise’: %s', async (_, order) => {
    const { ref, charge } = await cardCustomer(3);
    const plan = await planAtAsaas(charge.id);
    const ids = plan.map((p) => p.id);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    const reproval = await eventCount();
    await control(`payments/${charge.asaas_id}/risk-reprove`);
    const held = await eventsOf(ids, from).then((all) => all.slice(0, ids.length));
    const reproved = await eventsOf(ids, reproval);
    expect(held.map((e) => e.event)).toEqual(ids.map(() => 'PAYMENT_AWAITING_RISK_ANALYSIS'));
    expect(reproved.map((e) => e.event)).toEqual(ids.map(() => 'PAYMENT_REPROVED_BY_RISK_ANALYSIS'));

    await deliverInOrder(order(held, reproved));
    expect(await getCharge(db, ref)).toMatchObject({
      status: 'PENDING',
      cartao_recusado: { motivo: 'reprovado' },
      parcelas_status: { 2: 'PENDING', 3: 'PENDING' },
    });
    expect((await processOf(ref)).status).toBe('pagamento_pendente');
  });

  it('keeps a refused card refused when its authorisation or an analysis is delivered after the refusal', async () => {
    const { ref, charge } = await cardCustomer(2);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-refuse`);
    const refused = firstOf(await eventsOf([charge.asaas_id!], from), 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED');
    await deliverInOrder([
      refused,
      asEvent(refused, 'PAYMENT_AUTHORIZED', 'AUTHORIZED'),
      asEvent(refused, 'PAYMENT_AWAITING_RISK_ANALYSIS', 'AWAITING_RISK_ANALYSIS'),
    ]);
    expect(await getCharge(db, ref)).toMatchObject({ status: 'PENDING', cartao_recusado: { motivo: 'recusado' } });
    expect((await processOf(ref)).status).toBe('pagamento_pendente');
  });

  it('keeps an approved card paid when the analysis or the authorisation arrives after the approval', async () => {
    const { ref, charge } = await cardCustomer(2);
    const plan = await planAtAsaas(charge.id);
    const ids = plan.map((p) => p.id);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    const approval = await eventCount();
    await control(`payments/${charge.asaas_id}/risk-approve`);
    const held = (await eventsOf(ids, from)).slice(0, ids.length);
    const approved = await eventsOf(ids, approval);
    expect(approved.map((e) => e.event)).toEqual(ids.map(() => 'PAYMENT_APPROVED_BY_RISK_ANALYSIS'));
    await deliverInOrder([...approved, ...held, asEvent(held[0]!, 'PAYMENT_AUTHORIZED', 'AUTHORIZED')]);
    await confirmPayment(ref);
    expect(await getCharge(db, ref)).toMatchObject({ status: 'CONFIRMED', parcelas_status: { 2: 'CONFIRMED' } });
    expect((await processOf(ref)).status).toBe('pago');
  });

  it('reads PAYMENT_AUTHORIZED back: nothing moves until Asaas confirms the card, in either order', async () => {
    const { ref, charge } = await cardCustomer(3);
    const created = firstOf(await eventsOf([charge.asaas_id!]), 'PAYMENT_CREATED');
    const authorized = asEvent(created, 'PAYMENT_AUTHORIZED', 'AUTHORIZED');
    // Authorised but not yet captured at Asaas (the payment still PENDING there): nothing to apply, nothing refused.
    expect(await handleAsaasWebhook(webhookDeps(), authorized)).toBe('ignored');
    const pending = await getCharge(db, ref);
    expect(pending?.status).toBe('PENDING');
    expect(pending?.cartao_recusado).toBeUndefined();

    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-pay`);
    const confirmed = firstOf(await eventsOf([charge.asaas_id!], from), 'PAYMENT_CONFIRMED');
    // A second authorisation delivered after the capture: Asaas shows it paid, the charge stays paid.
    await deliverInOrder([confirmed, asEvent(created, 'PAYMENT_AUTHORIZED', 'AUTHORIZED')]);
    expect((await getCharge(db, ref))?.status).toBe('CONFIRMED');
  });

  it('still follows a second card sent to analysis after a reproval (read back, not ignored)', async () => {
    const { ref, charge } = await cardCustomer(2);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    await control(`payments/${charge.asaas_id}/risk-reprove`);
    await deliverTwice(await eventsOf([charge.asaas_id!], from));
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    const retry = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    await deliverTwice(await eventsOf([charge.asaas_id!], retry));
    expect((await getCharge(db, ref))?.status).toBe('AWAITING_RISK_ANALYSIS');
  });
});

describe('a boleto', () => {
  it('shows its typeable line, PDF and due date, is replaced once overdue and paid late all the same', async () => {
    const { caller, contract, userId } = await signedCustomer();
    const { charge } = await createChargeForContract(chargeDeps(), caller, contract.id, { forma: 'boleto' });
    expect(charge).toMatchObject({ forma: 'boleto', valor: 419, status: 'PENDING', qr_code: null });
    expect(charge?.boleto_linha).toMatch(/^\d{47}$/);
    expect(charge?.boleto_pdf).toMatch(/\/b\/pay_\w+\.pdf$/);
    expect(charge?.vencimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const pdf = await fetch(charge!.boleto_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);

    const ref: ChargeRef = { userId, contractId: contract.id, chargeId: charge!.id };
    await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
    const from = await eventCount();
    await control(`payments/${charge!.asaas_id}/overdue`);
    await control(`payments/${charge!.asaas_id}/pay`);
    await deliverTwice(await eventsOf([charge!.asaas_id!], from));
    // Paid after its due date: the late payment path confirms it as any payment.
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect(workflow.resumes).toContain(`token-${charge!.id}`);

    const other = await signedCustomer();
    const first = await createChargeForContract(chargeDeps(), other.caller, other.contract.id, { forma: 'boleto' });
    const overdue = await eventCount();
    await control(`payments/${first.charge!.asaas_id}/overdue`);
    await deliverTwice(await eventsOf([first.charge!.asaas_id!], overdue));
    const again = await createChargeForContract(chargeDeps(), other.caller, other.contract.id, { forma: 'boleto' });
    expect(again.charge?.id).not.toBe(first.charge!.id);
    expect(again.charge).toMatchObject({ forma: 'boleto', status: 'PENDING' });
  });
});

describe('choosing how to pay', () => {
  it('keeps ONE open charge at Asaas through 20 parallel changes of method', async () => {
    const { caller, contract, userId } = await signedCustomer();
    await createChargeForContract(chargeDeps(), caller, contract.id, { forma: 'pix' });
    const choices = [
      { forma: 'cartao', parcelas: 3 },
      { forma: 'boleto' },
      { forma: 'pix' },
      { forma: 'cartao', parcelas: 12 },
    ] as const;
    await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => createChargeForContract(chargeDeps(), caller, contract.id, choices[i % 4])),
    );
    const charges = (await getCustomerCollection(db, userId)).charges;
    const references = new Set(charges.map((c) => c.id));
    const open = (await listing<SimPayment[]>('payments')).filter(
      (p) => references.has(p.externalReference ?? '') && !p.deleted && (p.installmentNumber ?? 1) === 1,
    );
    expect(open).toHaveLength(1);
    const contractItem = (
      await db.client.send(
        new GetCommand({
          TableName: db.tableName,
          Key: { pk: keys.customer(userId), sk: keys.contractSk(contract.id) },
        }),
      )
    ).Item;
    expect(open[0]!.externalReference).toBe(contractItem?.charge_id);
  });

  it('answers a method not offered or a bad instalment count with 400 in Portuguese', async () => {
    const { userId, contract, profile } = await signedCustomer();
    const call = (body: unknown) =>
      callRoute(createChargeRoute, createChargeHandler, {
        claims: customerClaims(userId, profile.email),
        params: { contractId: contract.id },
        body,
      });
    for (const [body, message] of [
      [{ forma: 'cheque' }, CHECKOUT_MESSAGES.invalidMethod],
      [{ forma: 'cartao', parcelas: 13 }, CHECKOUT_MESSAGES.invalidInstalments],
      [{ forma: 'cartao', parcelas: 0 }, CHECKOUT_MESSAGES.invalidInstalments],
      [{ forma: 'pix', parcelas: 2 }, CHECKOUT_MESSAGES.instalmentsCardOnly],
    ] as const) {
      const answer = await call(body);
      expect(answer.status).toBe(400);
      expect(answer.ok ? '' : JSON.stringify(answer.error)).toContain(message);
    }
  });

  it('refuses to swap a card held for risk analysis (409)', async () => {
    const { charge, caller, contract } = await cardCustomer(2);
    const from = await eventCount();
    await control(`payments/${charge.asaas_id}/card-risk`);
    await deliverTwice(await eventsOf([charge.asaas_id!], from));
    await expect(createChargeForContract(chargeDeps(), caller, contract.id, { forma: 'pix' })).rejects.toMatchObject({
      statusCode: 409,
      message: CHECKOUT_MESSAGES.cannotReplace,
    });
  });
});

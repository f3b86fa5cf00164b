import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { retryAdminInvoiceRoute } from '../../domain/api/admin-invoices.js';
import { listAdminInvoiceProblemsRoute } from '../../domain/api/admin-invoices.js';
import { ASAAS_WEBHOOK_TOKEN_HEADER, receiveAsaasWebhookRoute } from '../../domain/api/webhooks.js';
import { handler as listProblems } from '../../lambdas/admin/invoices/list-admin-invoice-problems.js';
import { handler as retryInvoiceRoute } from '../../lambdas/admin/invoices/retry-admin-invoice.js';
import { handleAsaasWebhook } from '../../lambdas/payments/asaas-webhook-service.js';
import { settleCancelledCharge } from '../../lambdas/payments/charge-settlement-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import {
  cancelChargeInvoice,
  invoiceAlertId,
  scheduleChargeInvoice,
  type InvoiceDeps,
} from '../../lambdas/payments/invoice-service.js';
import { handler as receiveWebhook } from '../../lambdas/payments/receive-asaas-webhook.js';
import { createAsaasInvoices } from '../../lambdas/providers/asaas-invoices.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import type { ChargeRef } from '../../lambdas/shared/data/charges.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { getInvoice } from '../../lambdas/shared/data/invoices.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { SIMULATED_INVOICE_ERROR, type Invoice } from '../../local/services/asaas-simulator/invoices.js';
import { adminClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { testDb } from './db.js';
import { INTEGRATION_SECRETS } from './global-setup.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * A nota fiscal for every payment (docs/decisions.md, same title), against DynamoDB Local and the Asaas simulator:
 * scheduled once when the payment is confirmed, followed through verified INVOICE_* events (forward only), cancelled by
 * a refund, and put before the admins (an alert once, a list, a retry) when Asaas or the prefeitura would not.
 */
const db = testDb();
const sim = useAsaasSimulator();
const { control } = sim;
const workflow = recordingWorkflow();
const invoiceDeps = (): InvoiceDeps => ({
  db,
  clock: systemClock,
  invoices: createAsaasInvoices({
    baseUrl: sim.simulator.apiUrl,
    apiKey: INTEGRATION_SECRETS.asaasApiKey,
    retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
    sleep: async () => undefined,
  }),
});
const webhookDeps = () => ({
  db,
  clock: systemClock,
  workflow,
  asaas: sim.asaas,
  sendEmail: async () => undefined,
  admins: { adminEmails: async () => [] },
  appUrl: 'http://127.0.0.1:5173',
  invoices: invoiceDeps(),
});

/** The notas the simulator holds, and its switches (`autoProgress: false`: every step by hand). */
const simulated = () => sim.listing<{ invoices: Invoice[] }>('invoices');
const notasOf = async (paymentId: string) => (await simulated()).invoices.filter((n) => n.payment === paymentId);

/** A customer who signed and chose how to pay (PIX unless told), with the charge made at the simulator. */
async function chargeOfSignedCustomer(choice?: Parameters<typeof createChargeForContract>[3]) {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer);
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow },
    caller,
    customer.contract.id,
    choice,
  );
  const ref: ChargeRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  return { customer, charge, ref };
}

/** A customer who signed and paid by PIX; the payment confirmed through the webhook's path. */
async function paidCharge() {
  const { customer, charge, ref } = await chargeOfSignedCustomer();
  await control(`payments/${charge!.asaas_id}/pay`);
  await handleAsaasWebhook(webhookDeps(), asaasEvent(charge!.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED'));
  return { ...customer, ref, asaasId: charge!.asaas_id! };
}

let eventSequence = 0;
/** An INVOICE_* delivery as Asaas makes it, through the real handler (token checked, event recorded once). */
const deliver = (event: string, invoice: { id: string; status: string; payment: string | null }, id?: string) =>
  callRoute(receiveAsaasWebhookRoute, receiveWebhook, {
    body: {
      id: id ?? `evt_nf_${Date.now()}_${(eventSequence += 1)}`,
      event,
      dateCreated: '2026-11-27 10:00:00',
      invoice,
    },
    headers: { [ASAAS_WEBHOOK_TOKEN_HEADER]: INTEGRATION_SECRETS.asaasWebhookToken },
  });

const alertItem = async (id: string) =>
  (await db.client.send(new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.adminAlert(id)) }))).Item;

describe('a paid charge’s nota fiscal', () => {
  it('is scheduled once when the payment is confirmed, whatever the retries and parallel confirmations', async () => {
    await control('invoices', { autoProgress: false, failNext: 0, denyNextCancellation: 0 });
    const paid = await paidCharge();
    await confirmPayment(paid.ref);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => scheduleChargeInvoice(invoiceDeps(), paid.ref)));
    await confirmPayment(paid.ref);

    expect(outcomes.every((o) => o === 'exists' || o === 'busy')).toBe(true);
    const notas = await notasOf(paid.asaasId);
    expect(notas).toHaveLength(1);
    expect(notas[0]).toMatchObject({ status: 'SCHEDULED', value: expect.any(Number), municipalServiceCode: '17.14' });
    expect(notas[0]!.serviceDescription).toContain(paid.contract.protocolo);
    const invoice = await getInvoice(db, paid.ref);
    expect(invoice).toMatchObject({ status: 'SCHEDULED', asaas_invoice_id: notas[0]!.id, claim_until: null });
    // The customer's collection reads it.
    const { invoices } = await getCustomerCollection(db, paid.userId);
    expect(invoices).toEqual([expect.objectContaining({ charge_id: paid.ref.chargeId, status: 'SCHEDULED' })]);
  });

  it('follows verified events forward only: replays, late and forged bodies change nothing', async () => {
    await control('invoices', { autoProgress: false });
    const paid = await paidCharge();
    await scheduleChargeInvoice(invoiceDeps(), paid.ref);
    const [nota] = await notasOf(paid.asaasId);
    await control(`invoices/${nota!.id}/authorize`);

    const authorized = { id: nota!.id, status: 'AUTHORIZED', payment: paid.asaasId };
    expect(okBody(await deliver('INVOICE_AUTHORIZED', authorized, `evt_auth_${nota!.id}`)).outcome).toBe('recorded');
    expect(okBody(await deliver('INVOICE_AUTHORIZED', authorized, `evt_auth_${nota!.id}`)).outcome).toBe('duplicate');
    // INVOICE_SYNCHRONIZED arriving after the authorization: read back, AUTHORIZED already; nothing moves back.
    const late = await deliver('INVOICE_SYNCHRONIZED', { ...authorized, status: 'SYNCHRONIZED' });
    expect(okBody(late).outcome).toBe('ignored');
    // A forged cancellation (the token leaked): Asaas says AUTHORIZED, so it stays.
    await deliver('INVOICE_CANCELED', { ...authorized, status: 'CANCELED' });

    const invoice = await getInvoice(db, paid.ref);
    expect(invoice).toMatchObject({ status: 'AUTHORIZED', numero: expect.stringMatching(/^\d{6}$/) });
    expect(invoice!.pdf_url).toContain(`/nf/${nota!.id}`);
    // A nota Asaas does not know, and one of a payment we do not have.
    expect(
      okBody(await deliver('INVOICE_CREATED', { id: 'inv_nobody', status: 'SCHEDULED', payment: null })).outcome,
    ).toBe('unverified');
  });

  it('is cancelled when the payment is refunded, and follows Asaas to CANCELED', async () => {
    await control('invoices', { autoProgress: false });
    const paid = await paidCharge();
    await scheduleChargeInvoice(invoiceDeps(), paid.ref);
    const [nota] = await notasOf(paid.asaasId);
    await control(`invoices/${nota!.id}/authorize`);
    await deliver('INVOICE_AUTHORIZED', { id: nota!.id, status: 'AUTHORIZED', payment: paid.asaasId });

    // The settlement's refund (withdrawal, admin 'Estornar') asks the nota's cancellation through its hook.
    const settlement = await settleCancelledCharge(
      { ...webhookDeps(), cancelInvoice: (ref) => cancelChargeInvoice(invoiceDeps(), ref) },
      paid.ref,
      'Cancelamento do contrato',
    );
    expect(settlement.outcome).toBe('refund-requested');
    expect((await notasOf(paid.asaasId))[0]!.status).toBe('PROCESSING_CANCELLATION');
    expect(await getInvoice(db, paid.ref)).toMatchObject({
      status: 'PROCESSING_CANCELLATION',
      cancelamento_pedido_em: expect.any(String),
    });
    // Asked again (a second settlement, a retried request): nothing more is asked of Asaas.
    expect(await cancelChargeInvoice(invoiceDeps(), paid.ref)).toBe('nothing');

    await control(`invoices/${nota!.id}/settle-cancellation`);
    await deliver('INVOICE_CANCELED', { id: nota!.id, status: 'CANCELED', payment: paid.asaasId });
    expect(await getInvoice(db, paid.ref)).toMatchObject({ status: 'CANCELED' });
  });

  it('is one nota for a card plan’s whole value, named by its installment, and the plan’s refund cancels it', async () => {
    await control('invoices', { autoProgress: false });
    const { charge, ref } = await chargeOfSignedCustomer({ forma: 'cartao', parcelas: 3 });
    const plan = charge!.asaas_parcelamento_id!;
    await control(`payments/${charge!.asaas_id}/card-pay`);
    await handleAsaasWebhook(webhookDeps(), asaasEvent(charge!.asaas_id!, 'PAYMENT_CONFIRMED', 'CONFIRMED'));
    await Promise.all([1, 2, 3].map(() => scheduleChargeInvoice(invoiceDeps(), ref)));

    const notas = (await simulated()).invoices.filter((n) => n.externalReference === ref.chargeId);
    expect(notas).toHaveLength(1);
    const nota = notas[0]!;
    // The sale's value (R$ 449,00 in 3×), not the first instalment's R$ 149,67.
    expect(nota).toMatchObject({ installment: plan, payment: null, value: 449 });
    expect(await getInvoice(db, ref)).toMatchObject({ asaas_invoice_id: nota.id, valor: 449 });

    await control(`invoices/${nota.id}/authorize`);
    const authorized = { id: nota.id, status: 'AUTHORIZED', payment: null };
    expect(okBody(await deliver('INVOICE_AUTHORIZED', authorized)).outcome).toBe('recorded');
    expect(await getInvoice(db, ref)).toMatchObject({ status: 'AUTHORIZED', numero: expect.stringMatching(/^\d{6}$/) });

    const settlement = await settleCancelledCharge(
      { ...webhookDeps(), cancelInvoice: (r) => cancelChargeInvoice(invoiceDeps(), r) },
      ref,
      'Cancelamento do contrato',
    );
    expect(settlement.outcome).toBe('refund-requested');
    const atAsaas = await sim.listing<{ installment: string | null; status: string }[]>('payments');
    expect(atAsaas.filter((p) => p.installment === plan).map((p) => p.status)).toEqual([
      'REFUNDED',
      'REFUNDED',
      'REFUNDED',
    ]);
    const cancelling = (await simulated()).invoices.find((n) => n.id === nota.id);
    expect(cancelling?.status).toBe('PROCESSING_CANCELLATION');
    await control(`invoices/${nota.id}/settle-cancellation`);
    await deliver('INVOICE_CANCELED', { ...authorized, status: 'CANCELED' });
    expect(await getInvoice(db, ref)).toMatchObject({ status: 'CANCELED' });
  });

  it('raises one admin alert for a nota in error, lists it, and an audited retry issues it again', async () => {
    await control('invoices', { autoProgress: false });
    const paid = await paidCharge();
    await scheduleChargeInvoice(invoiceDeps(), paid.ref);
    const [nota] = await notasOf(paid.asaasId);
    await control(`invoices/${nota!.id}/fail`);
    const failed = { id: nota!.id, status: 'ERROR', payment: paid.asaasId };
    await deliver('INVOICE_ERROR', failed);
    await deliver('INVOICE_ERROR', failed);
    await deliver('INVOICE_UPDATED', failed);

    expect(await getInvoice(db, paid.ref)).toMatchObject({
      status: 'ERROR',
      status_description: SIMULATED_INVOICE_ERROR,
    });
    const alert = await alertItem(invoiceAlertId(paid.ref.chargeId, 'erro', 0));
    expect(alert).toMatchObject({ subject: `Nota fiscal com erro — ${paid.contract.protocolo}` });
    expect(String(alert!.paragraphs)).toContain(SIMULATED_INVOICE_ERROR);

    const problems = okBody(await callRoute(listAdminInvoiceProblemsRoute, listProblems, { claims: adminClaims() }));
    expect(problems.items.find((row) => row.charge_id === paid.ref.chargeId)).toMatchObject({
      status: 'ERROR',
      protocolo: paid.contract.protocolo,
    });

    const claims = adminClaims();
    const retried = okBody(
      await callRoute(retryAdminInvoiceRoute, retryInvoiceRoute, { claims, params: paid.ref }),
    ).invoice;
    expect(retried).toMatchObject({ status: 'SCHEDULED', tentativa: 1, falha: null });
    expect((await notasOf(paid.asaasId))[0]!.status).toBe('SCHEDULED');
    const after = okBody(await callRoute(listAdminInvoiceProblemsRoute, listProblems, { claims: adminClaims() }));
    expect(after.items.map((row) => row.charge_id)).not.toContain(paid.ref.chargeId);
    const trail = await auditTrailOf(db, paid.userId);
    expect(trail[0]).toMatchObject({
      action: 'invoice-retry',
      actor: { userId: claims.sub },
      before: { status: 'ERROR', tentativa: 0 },
      after: { status: 'SCHEDULED', tentativa: 1 },
    });
    // Nothing left to retry: a pt-BR 409.
    const again = errorOf(await callRoute(retryAdminInvoiceRoute, retryInvoiceRoute, { claims, params: paid.ref }));
    expect(again).toMatchObject({ status: 409, message: 'Esta nota fiscal não precisa de nova tentativa.' });
  });

  it('records a creation Asaas refused, alerts once and creates it on retry', async () => {
    await control('invoices', { autoProgress: false });
    const paid = await paidCharge();
    await control('api', { failNext: 1, status: 400 });
    expect(await scheduleChargeInvoice(invoiceDeps(), paid.ref)).toBe('failed');
    const failed = await getInvoice(db, paid.ref);
    expect(failed).toMatchObject({ status: 'SCHEDULING', falha: 'Simulated' });
    expect(failed?.asaas_invoice_id ?? null).toBeNull();
    expect(await alertItem(invoiceAlertId(paid.ref.chargeId, 'erro', 0))).toBeDefined();
    expect(await notasOf(paid.asaasId)).toHaveLength(0);

    const retried = okBody(
      await callRoute(retryAdminInvoiceRoute, retryInvoiceRoute, { claims: adminClaims(), params: paid.ref }),
    ).invoice;
    expect(retried).toMatchObject({ status: 'SCHEDULED', asaas_invoice_id: expect.any(String), tentativa: 1 });
    expect(await notasOf(paid.asaasId)).toHaveLength(1);
  });

  it('has a denied cancellation alerted once and asked again by the retry', async () => {
    await control('invoices', { autoProgress: false });
    const paid = await paidCharge();
    await scheduleChargeInvoice(invoiceDeps(), paid.ref);
    const [nota] = await notasOf(paid.asaasId);
    await control(`invoices/${nota!.id}/authorize`);
    await deliver('INVOICE_AUTHORIZED', { id: nota!.id, status: 'AUTHORIZED', payment: paid.asaasId });
    expect(await cancelChargeInvoice(invoiceDeps(), paid.ref)).toBe('requested');
    await control(`invoices/${nota!.id}/deny-cancellation`);
    const denied = { id: nota!.id, status: 'CANCELLATION_DENIED', payment: paid.asaasId };
    await deliver('INVOICE_CANCELLATION_DENIED', denied);
    await deliver('INVOICE_CANCELLATION_DENIED', denied);
    expect(await getInvoice(db, paid.ref)).toMatchObject({ status: 'CANCELLATION_DENIED' });
    expect(await alertItem(invoiceAlertId(paid.ref.chargeId, 'cancelamento', 0))).toMatchObject({
      subject: `Nota fiscal não cancelada — ${paid.contract.protocolo}`,
    });

    const retried = okBody(
      await callRoute(retryAdminInvoiceRoute, retryInvoiceRoute, { claims: adminClaims(), params: paid.ref }),
    ).invoice;
    expect(retried.status).toBe('PROCESSING_CANCELLATION');
    expect((await notasOf(paid.asaasId))[0]!.status).toBe('PROCESSING_CANCELLATION');
  });
});

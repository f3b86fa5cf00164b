import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import { refundAdminCharge, refundOrphanPayment } from '../../lambdas/admin/finance/admin-refunds-service.js';
import { handleAsaasWebhook } from '../../lambdas/payments/asaas-webhook-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { getCharge, type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { getOrphanPayment } from '../../lambdas/shared/data/orphan-payments.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { guardedTestDb, testDb } from './db.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { seedCustomer, seedSignature } from './seed.js';

/** The admin's 'Estornar' and the refund of a payment for no charge (docs/decisions.md, "Withdrawal and refunds"). */
const db = testDb();
const sim = useAsaasSimulator();
const { control } = sim;
const workflow = recordingWorkflow();
const deps = () => ({
  db,
  clock: systemClock,
  workflow,
  asaas: sim.asaas,
  sendEmail: async () => undefined,
  admins: { adminEmails: async () => [] },
  appUrl: 'http://127.0.0.1:5173',
});
/** RefundAdminCharge's calls run on the table as its grants reach it; seeds and webhook use `db`. */
const refundDb = guardedTestDb('RefundAdminCharge');
const refundDeps = () => ({ ...deps(), db: refundDb });
const admin = { userId: 'admin-finance', email: 'financeiro@baixa.test', isAdmin: true };

/** A customer who signed a month ago (outside the 7 days) and paid; `pay: false` leaves the PIX open. */
async function customerWithCharge(pay = true) {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer, { signedAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) });
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow },
    caller,
    customer.contract.id,
  );
  const ref: ChargeRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  if (pay) {
    await control(`payments/${charge!.asaas_id}/pay`);
    await handleAsaasWebhook(deps(), asaasEvent(charge!.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED'));
    await confirmPayment(ref);
  }
  return { ...customer, ref, asaasId: charge!.asaas_id! };
}

describe("the admin's 'Estornar'", () => {
  it('refunds a paid charge outside the 7 days: contract cancelled, process closed with the reason, audited', async () => {
    const customer = await customerWithCharge();
    const { row, settlement } = await refundAdminCharge(
      refundDeps(),
      admin,
      customer.ref,
      'Pedido indeferido pelo juízo',
    );
    expect(row.status).toBe('REFUND_IN_PROGRESS');
    expect(row.contrato_cancelado_em).toEqual(expect.any(String));
    expect(settlement).toEqual({ outcome: 'refund-requested' });
    const { contracts, processes, history } = await getCustomerCollection(db, customer.userId);
    expect(contracts[0]?.cancelado_em).toEqual(expect.any(String));
    expect(processes[0]?.status).toBe('encerrado');
    expect(history.find((h) => h.para === 'encerrado')).toMatchObject({
      de: 'pago',
      by_user: admin.userId,
      obs: 'Pagamento estornado pela equipe: Pedido indeferido pelo juízo',
    });
    expect(await auditTrailOf(db, customer.userId)).toEqual([
      expect.objectContaining({
        action: 'charge-refund',
        actor: { userId: admin.userId, email: admin.email },
        before: { status: 'RECEIVED', process_status: 'pago' },
      }),
    ]);
    // A second click: the charge is no longer paid.
    await expect(refundAdminCharge(refundDeps(), admin, customer.ref, 'de novo')).rejects.toMatchObject({
      statusCode: 409,
      message: WITHDRAWAL_MESSAGES.refundNotPaid,
    });
  });

  it('refuses a charge that is not paid, changing nothing', async () => {
    const customer = await customerWithCharge(false);
    await expect(refundAdminCharge(refundDeps(), admin, customer.ref, 'Engano')).rejects.toMatchObject({
      statusCode: 409,
      message: WITHDRAWAL_MESSAGES.refundNotPaid,
    });
    expect((await getCharge(db, customer.ref))?.status).toBe('PENDING');
    expect((await getCustomerCollection(db, customer.userId)).contracts[0]?.cancelado_em ?? null).toBeNull();
  });
});

describe('a payment for no charge of ours', () => {
  it('is refunded from the back office and follows Asaas until it is returned', async () => {
    const customer = await sim.asaas.createCustomer({
      name: 'Pagador Avulso',
      cpfCnpj: '52998224725',
      email: 'avulso@baixa.test',
      externalReference: `avulso-${ulid()}`,
    });
    const payment = await sim.asaas.createPixCharge({
      customer: customer.id,
      value: 399,
      dueDate: new Date().toISOString().slice(0, 10),
      description: 'Criada no painel',
      externalReference: `painel-${ulid()}`,
    });
    await control(`payments/${payment.id}/pay`);
    expect(await handleAsaasWebhook(deps(), asaasEvent(payment.id, 'PAYMENT_RECEIVED', 'RECEIVED'))).toBe(
      'orphan_payment',
    );

    const refunded = await refundOrphanPayment(deps(), admin, payment.id, 'Pagamento sem contrato');
    expect(refunded).toMatchObject({ asaasId: payment.id, status: 'REFUND_IN_PROGRESS', lastEvent: 'ADMIN_REFUND' });
    await control(`payments/${payment.id}/refund`);
    expect(await handleAsaasWebhook(deps(), asaasEvent(payment.id, 'PAYMENT_REFUNDED', 'REFUNDED'))).toBe('recorded');
    expect((await getOrphanPayment(db, payment.id))?.status).toBe('REFUNDED');
    expect(await auditTrailOf(db, `ORPHAN#${payment.id}`)).toEqual([
      expect.objectContaining({
        action: 'charge-refund',
        after: { status: 'REFUND_IN_PROGRESS', obs: 'Pagamento sem contrato' },
      }),
    ]);
    await expect(refundOrphanPayment(deps(), admin, payment.id, 'de novo')).rejects.toMatchObject({ statusCode: 409 });
  });

  it('paid by card in instalments, gives the card the whole plan back, not its first instalment alone', async () => {
    const customer = await sim.asaas.createCustomer({
      name: 'Pagador Cartão Avulso',
      cpfCnpj: '52998224725',
      email: 'avulso.cartao@baixa.test',
      externalReference: `avulso-${ulid()}`,
    });
    const reference = `painel-${ulid()}`;
    const first = await sim.asaas.createCharge({
      customer: customer.id,
      billingType: 'CREDIT_CARD',
      value: 449,
      installmentCount: 3,
      dueDate: new Date().toISOString().slice(0, 10),
      description: 'Criada no painel',
      externalReference: reference,
    });
    await control(`payments/${first.id}/card-pay`);
    expect(await handleAsaasWebhook(deps(), asaasEvent(first.id, 'PAYMENT_CONFIRMED', 'CONFIRMED'))).toBe(
      'orphan_payment',
    );
    const plan = async () =>
      (await sim.listing<{ id: string; status: string; externalReference: string | null }[]>('payments')).filter(
        (p) => p.externalReference === reference,
      );
    expect(await plan()).toHaveLength(3);

    await refundOrphanPayment(deps(), admin, first.id, 'Pagamento sem contrato');
    expect((await plan()).map((p) => p.status)).toEqual(['REFUNDED', 'REFUNDED', 'REFUNDED']);
  });
});

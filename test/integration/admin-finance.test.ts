import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { getAdminFinanceSummaryRoute, listAdminChargesRoute } from '../../domain/api/admin-finance.js';
import { FINANCE_PERIOD_MESSAGES } from '../../domain/finance-period.js';
import { handler as getSummary } from '../../lambdas/admin/finance/get-admin-finance-summary.js';
import { handler as listCharges } from '../../lambdas/admin/finance/list-admin-charges.js';
import { type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { moveChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { contractsAwaitingPayment } from '../../lambdas/shared/data/finance.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { adminClaims, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer, seedSignature } from './seed.js';
import { createCharge } from '../seeds.js';

const db = testDb();
const admin = adminClaims();

/**
 * Each test works in a month of its own far from today (other files write charges at the real time), so the period's
 * figures are exactly this test's. São Paulo is UTC−3: 02:30 UTC is still the day before there.
 */
let month = 0;
function isolatedMonth(): (day: number, time?: string) => string {
  month += 1;
  const year = 2040 + Math.floor(month / 12);
  const mm = String((month % 12) + 1).padStart(2, '0');
  return (day, time = '15:00:00') => `${year}-${mm}-${String(day).padStart(2, '0')}T${time}.000Z`;
}
const dayOf = (instant: string) => instant.slice(0, 10);

async function chargeFor(
  at: string,
  options: { valor?: number | null; name?: string } = {},
): Promise<{ ref: ChargeRef; protocolo: string; userId: string }> {
  const { userId, contract } = await seedCustomer(db, options.name ? { nome_completo: options.name } : {});
  const charge = await createCharge(db, {
    userId,
    contractId: contract.id,
    asaasId: `pay_${ulid().toLowerCase()}`,
    pixPayload: 'payload',
    now: at,
    valor: options.valor === undefined ? 399 : options.valor,
  });
  return { ref: { userId, contractId: contract.id, chargeId: charge.id }, protocolo: contract.protocolo, userId };
}

const summaryOf = async (from: string, to: string) =>
  okBody(await callRoute(getAdminFinanceSummaryRoute, getSummary, { claims: admin, query: { from, to } }));

describe('/admin/financeiro: the period’s figures, computed on the server', () => {
  it('counts received, refunded and pending by São Paulo day, exactly once whatever the deliveries do', async () => {
    const at = isolatedMonth();
    // Paid at 23:30 in São Paulo on the 10th (02:30 UTC on the 11th): the 10th's money.
    const late = await chargeFor(at(10, '12:00:00'));
    await moveChargeStatus(db, late.ref, 'RECEIVED', at(11, '02:30:00'));
    // Ten deliveries of the same payment at once, then late ones: one receipt.
    const repeated = await chargeFor(at(12, '10:00:00'), { valor: 79.8 });
    await Promise.all(
      Array.from({ length: 10 }, () => moveChargeStatus(db, repeated.ref, 'RECEIVED', at(12, '10:05:00'), {})),
    );
    await moveChargeStatus(db, repeated.ref, 'CONFIRMED', at(12, '11:00:00'));
    await moveChargeStatus(db, repeated.ref, 'PENDING', at(12, '11:00:00'));
    // Paid on the 12th, refunded on the 14th.
    const refunded = await chargeFor(at(12, '09:00:00'));
    await moveChargeStatus(db, refunded.ref, 'CONFIRMED', at(12, '09:30:00'));
    await moveChargeStatus(db, refunded.ref, 'REFUND_REQUESTED', at(14, '16:00:00'));
    await moveChargeStatus(db, refunded.ref, 'REFUNDED', at(15, '16:00:00'));
    // Written before charges kept their value: its contract's R$ 399,00 counts.
    const legacy = await chargeFor(at(13, '09:00:00'), { valor: null });
    await moveChargeStatus(db, legacy.ref, 'RECEIVED', at(13, '09:10:00'), { freshRead: true });
    // Still open: pending on the day of its last change; an overdue one is not pending.
    await chargeFor(at(13, '20:00:00'));
    await chargeFor(at(14, '20:00:00'), { valor: 500 });
    const overdue = await chargeFor(at(13, '21:00:00'));
    await moveChargeStatus(db, overdue.ref, 'OVERDUE', at(14, '21:00:00'));

    const from = dayOf(at(9));
    const to = dayOf(at(15));
    const summary = await summaryOf(from, to);
    expect(summary).toMatchObject({
      from,
      to,
      received: { amount: 399 + 79.8 + 399 + 399, count: 4 },
      refunded: { amount: 399, count: 1 },
      pending: { amount: 899, count: 2 },
    });
    expect(summary.days.map((d) => [d.day.slice(8), d.received, d.refunded])).toEqual([
      ['09', 0, 0],
      ['10', 399, 0],
      ['11', 0, 0],
      ['12', 478.8, 0],
      ['13', 399, 0],
      ['14', 0, 399],
      ['15', 0, 0],
    ]);

    // One day: the 12th.
    expect(await summaryOf(dayOf(at(12)), dayOf(at(12)))).toMatchObject({
      received: { amount: 478.8, count: 2 },
      refunded: { amount: 0, count: 0 },
      pending: { amount: 0, count: 0 },
    });
    // The day items are what pattern 56 wrote: centavos, exact.
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.financeDayPk, sk: dayOf(at(12)) } }),
    );
    expect(Item).toMatchObject({ type: 'FINANCE_DAY', received_cents: 47_880, received_count: 2 });
  });

  it('undoes a refund that did not happen and a cash payment undone, on the day of the undo', async () => {
    const at = isolatedMonth();
    const denied = await chargeFor(at(1));
    await moveChargeStatus(db, denied.ref, 'RECEIVED', at(1, '16:00:00'));
    await moveChargeStatus(db, denied.ref, 'REFUND_REQUESTED', at(2));
    await moveChargeStatus(db, denied.ref, 'RECEIVED', at(3), { freshRead: true });
    const cash = await chargeFor(at(1));
    await moveChargeStatus(db, cash.ref, 'RECEIVED_IN_CASH', at(1, '17:00:00'));
    await moveChargeStatus(db, cash.ref, 'PENDING', at(3, '17:00:00'));

    const summary = await summaryOf(dayOf(at(1)), dayOf(at(3)));
    expect(summary).toMatchObject({
      received: { amount: 399, count: 1 },
      refunded: { amount: 0, count: 0 },
      pending: { amount: 399, count: 1 },
    });
    expect(summary.days.map((d) => [d.received, d.refunded])).toEqual([
      [798, 0],
      [0, 399],
      [-399, -399],
    ]);
  });

  it('is for admins only, and refuses a period it cannot read in pt-BR', async () => {
    const customer = await callRoute(getAdminFinanceSummaryRoute, getSummary, {
      claims: customerClaims(),
      query: { from: '2040-01-01', to: '2040-01-31' },
    });
    expect(errorOf(customer).status).toBe(403);
    const reversed = errorOf(
      await callRoute(getAdminFinanceSummaryRoute, getSummary, {
        claims: admin,
        query: { from: '2040-01-31', to: '2040-01-01' },
      }),
    );
    expect(reversed).toMatchObject({ status: 400, fields: { to: FINANCE_PERIOD_MESSAGES.reversed } });
    const tooLong = errorOf(
      await callRoute(getAdminFinanceSummaryRoute, getSummary, {
        claims: admin,
        query: { from: '2040-01-01', to: '2041-01-01' },
      }),
    );
    expect(tooLong).toMatchObject({ status: 400, fields: { to: FINANCE_PERIOD_MESSAGES.tooLong } });
    const notADay = errorOf(
      await callRoute(getAdminFinanceSummaryRoute, getSummary, {
        claims: admin,
        query: { from: '2040-02-30', to: '2040-03-01' },
      }),
    );
    expect(notADay).toMatchObject({ status: 400, fields: { from: FINANCE_PERIOD_MESSAGES.invalidDay } });
    const missing = errorOf(
      await callRoute(listAdminChargesRoute, listCharges, { claims: admin, body: { from: '2040-01-01' } }),
    );
    expect(missing).toMatchObject({ status: 400, fields: { to: FINANCE_PERIOD_MESSAGES.bothDays } });
  });
});

const asaasIdOf = () => `pay_${ulid().toLowerCase()}`;

describe("/admin/financeiro: 'Sem cobrança ainda'", () => {
  it('counts the signed contracts waiting for payment, with a charge and without one yet, adding up', async () => {
    const signed = async () => {
      const customer = await seedCustomer(db);
      await seedSignature(db, customer);
      return customer;
    };
    const [charged, replaced, uncharged] = [await signed(), await signed(), await signed()];
    await createCharge(db, { userId: charged.userId, contractId: charged.contract.id, asaasId: asaasIdOf() });
    // A charge that expired and was replaced still is a charge: the contract is not 'sem cobrança'.
    const old = await createCharge(db, {
      userId: replaced.userId,
      contractId: replaced.contract.id,
      asaasId: asaasIdOf(),
    });
    await moveChargeStatus(
      db,
      { userId: replaced.userId, contractId: replaced.contract.id, chargeId: old.id },
      'OVERDUE',
      new Date().toISOString(),
    );
    // Never signed: no process waits for a payment.
    const unsigned = await seedCustomer(db);

    const awaiting = await contractsAwaitingPayment(db);
    const ids = awaiting.uncharged.map((ref) => ref.contractId);
    expect(ids).toContain(uncharged.contract.id);
    expect(ids).not.toContain(charged.contract.id);
    expect(ids).not.toContain(replaced.contract.id);
    expect(ids).not.toContain(unsigned.contract.id);

    const { awaitingPayment } = await summaryOf('2025-01-01', '2025-01-31');
    expect(awaitingPayment.uncharged).toBeGreaterThanOrEqual(1);
    expect(awaitingPayment.charged).toBeGreaterThanOrEqual(2);
    expect(awaitingPayment.charged + awaitingPayment.uncharged).toBe(awaitingPayment.total);
    // Charged, the uncharged one leaves the bucket.
    await createCharge(db, { userId: uncharged.userId, contractId: uncharged.contract.id, asaasId: asaasIdOf() });
    expect((await contractsAwaitingPayment(db)).uncharged.map((ref) => ref.contractId)).not.toContain(
      uncharged.contract.id,
    );
  });
});

describe('/admin/financeiro: the list follows the period', () => {
  it('lists the charges whose status last changed in the period, most recent first, by status and by search', async () => {
    const at = isolatedMonth();
    const surname = `Periodo${ulid().slice(-6)}`;
    const before = await chargeFor(at(4, '02:59:59'), { name: `Ana ${surname} Lima` });
    const first = await chargeFor(at(4, '03:00:00'), { name: `Bia ${surname} Lima` });
    const moved = await chargeFor(at(3), { name: `Caio ${surname} Lima` });
    await moveChargeStatus(db, moved.ref, 'RECEIVED', at(5));
    const last = await chargeFor(at(6, '02:59:59'));
    const after = await chargeFor(at(6, '03:00:00'));

    const list = (query: Record<string, string>) =>
      callRoute(listAdminChargesRoute, listCharges, { claims: admin, body: query }).then(okBody);
    const from = dayOf(at(4));
    const to = dayOf(at(5));
    const all = await list({ from, to });
    expect(all.items.map((row) => row.id)).toEqual([last.ref.chargeId, moved.ref.chargeId, first.ref.chargeId]);
    expect(all.items[1]).toMatchObject({ status: 'RECEIVED', valor: 399, protocolo: moved.protocolo });
    expect(all.items.map((row) => row.id)).not.toContain(before.ref.chargeId);
    expect(all.items.map((row) => row.id)).not.toContain(after.ref.chargeId);

    // Page by page with the cursor: the CSV export reads the whole period this way.
    const firstPage = await list({ from, to, limit: '2' });
    expect(firstPage.items).toHaveLength(2);
    const secondPage = await list({ from, to, limit: '2', cursor: firstPage.cursor! });
    expect([...firstPage.items, ...secondPage.items].map((row) => row.id)).toEqual(all.items.map((row) => row.id));

    expect((await list({ from, to, status: 'PENDING' })).items.map((row) => row.id)).toEqual([
      last.ref.chargeId,
      first.ref.chargeId,
    ]);
    expect((await list({ from, to, status: 'received' })).items.map((row) => row.id)).toEqual([moved.ref.chargeId]);
    // A search keeps its clients' charges of the period only.
    expect((await list({ from, to, search: surname })).items.map((row) => row.id).sort()).toEqual(
      [first.ref.chargeId, moved.ref.chargeId].sort(),
    );
    expect((await list({ search: surname })).items).toHaveLength(3);
    expect((await list({ from: dayOf(at(7)), to: dayOf(at(7)) })).items).toEqual([]);
  });

  it('filters by method, reading on past pages without it until a page is full, the cursor passed through', async () => {
    const at = isolatedMonth();
    // The manual one moved first: newest first, it comes after three PIX payments.
    const manual = await chargeFor(at(10, '12:00:00'));
    await moveChargeStatus(db, manual.ref, 'RECEIVED_IN_CASH', at(10, '13:00:00'), {}, undefined, {
      pagamento_manual: { valor: 399, data: dayOf(at(10)), motivo: 'Transferência', por: 'admin', em: at(10) },
    });
    const pix = [];
    for (const hour of ['14', '15', '16']) {
      const charge = await chargeFor(at(10, `${hour}:00:00`));
      await moveChargeStatus(db, charge.ref, 'RECEIVED', at(10, `${hour}:30:00`));
      pix.push(charge.ref.chargeId);
    }
    const list = (query: Record<string, string>) =>
      callRoute(listAdminChargesRoute, listCharges, { claims: admin, body: query }).then(okBody);
    const day = { from: dayOf(at(10)), to: dayOf(at(10)) };

    // Pages of two: the first two PIX pages hold no manual payment; the answer reads on and finds it.
    const manualOnly = await list({ ...day, metodo: 'manual', limit: '2' });
    expect(manualOnly.items.map((row) => [row.id, row.metodo])).toEqual([[manual.ref.chargeId, 'manual']]);
    const pixPage = await list({ ...day, metodo: 'pix', limit: '2' });
    expect(pixPage.items.map((row) => row.id)).toEqual([pix[2], pix[1]]);
    const pixRest = await list({ ...day, metodo: 'pix', limit: '2', cursor: pixPage.cursor! });
    expect(pixRest.items.map((row) => row.id)).toEqual([pix[0]]);
    expect(
      errorOf(await callRoute(listAdminChargesRoute, listCharges, { claims: admin, body: { metodo: 'cheque' } })),
    ).toMatchObject({ status: 400 });
  });
});

import { describe, expect, it } from 'vitest';
import { changeAdminProcessStatusRoute, type StatusChangeBody } from '../../domain/api/admin-processes.js';
import { CNJ_NUMBER_MESSAGES, cnjCheckDigits, formatCnjNumber } from '../../domain/cnj-number.js';
import { addCalendarDays, saoPauloDay, saoPauloDayStart } from '../../domain/sao-paulo-calendar.js';
import { adminStatusHistorySchema } from '../../domain/schemas/entities.js';
import { STATUS_CHANGE_MESSAGES } from '../../domain/status-change.js';
import { handler as changeStatus } from '../../lambdas/admin/processes/change-admin-process-status.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { adminClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testDb } from './db.js';
import { seedCustomer, seedKitApproved, seedPendingCharge } from './seed.js';

const db = testDb();
const admin = adminClaims();
const today = saoPauloDay(new Date());

/** A CNJ number of TJSP (J 8, TR 26) with its check digits, as a lawyer types it: digits only. */
function tjspNumber(sequence = '1234567'): string {
  const parts = { sequence, year: '2026', justice: '8', court: '26', origin: '0100' };
  return `${parts.sequence}${cnjCheckDigits(parts)}${parts.year}${parts.justice}${parts.court}${parts.origin}`;
}

const move = (ref: { userId: string; contractId: string }, body: StatusChangeBody) =>
  callRoute(changeAdminProcessStatusRoute, changeStatus, { claims: admin, params: ref, body });

/** The history records as the admin reads them (the customer's reading drops the internal side). */
async function adminHistoryOf(userId: string) {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#type = :history',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':pk': keys.customer(userId), ':history': 'HISTORY' },
      ScanIndexForward: false,
    }),
  );
  return Items.map((item) => adminStatusHistorySchema.parse(item));
}

async function paidCustomer() {
  const customer = await seedCustomer(db);
  await seedPendingCharge(db, { userId: customer.userId, contractId: customer.contract.id }, 'RECEIVED');
  // Its filing kit approved: the server files only then (docs/decisions.md, the filing kit).
  await seedKitApproved(db, { userId: customer.userId, contractId: customer.contract.id });
  return { ...customer, ref: { userId: customer.userId, contractId: customer.contract.id } };
}

describe('guarded status changes', () => {
  it('refuses a move that skips the payment without a reason, and records it with one', async () => {
    const { userId, contract } = await seedCustomer(db);
    const ref = { userId, contractId: contract.id };

    const refused = errorOf(await move(ref, { status: 'baixa_deferida', data_decisao: today }));
    expect(refused.status).toBe(400);
    expect(refused.fields).toEqual({ motivo: STATUS_CHANGE_MESSAGES.reasonRequired });
    expect((await getCustomerCollection(db, userId)).processes[0]!.status).toBe('cadastro');

    const accepted = okBody(
      await move(ref, {
        status: 'baixa_deferida',
        data_decisao: today,
        motivo: 'Pagamento feito em dinheiro no escritório',
        nota_interna: 'Cliente antigo, conferir recibo na pasta',
        obs: 'Sua baixa foi deferida.',
      }),
    );
    expect(accepted.process).toMatchObject({ status: 'baixa_deferida', baixa_deferida_em: saoPauloDayStart(today) });

    const [record] = await adminHistoryOf(userId);
    expect(record).toMatchObject({
      de: 'cadastro',
      para: 'baixa_deferida',
      obs: 'Sua baixa foi deferida.',
      motivo: 'Pagamento feito em dinheiro no escritório',
      avisos: `${STATUS_CHANGE_MESSAGES.withoutPayment}; ${STATUS_CHANGE_MESSAGES.withoutFiling}`,
      nota_interna: 'Cliente antigo, conferir recibo na pasta',
    });
    const [audit] = await auditTrailOf(db, userId);
    expect(audit!.after).toMatchObject({ motivo: 'Pagamento feito em dinheiro no escritório' });
  });

  it('never shows the internal note or the reason to the customer', async () => {
    const { userId, contract } = await seedCustomer(db);
    const ref = { userId, contractId: contract.id };
    okBody(
      await move(ref, { status: 'pago', motivo: 'Pagamento em análise no banco', nota_interna: 'Nota só da equipe' }),
    );
    expect((await adminHistoryOf(userId))[0]).toMatchObject({ nota_interna: 'Nota só da equipe' });
    const { history } = await getCustomerCollection(db, userId);
    expect(history[0]).toMatchObject({ de: 'cadastro', para: 'pago', obs: null });
    expect(JSON.stringify(history)).not.toContain('Nota só da equipe');
    expect(JSON.stringify(history)).not.toContain('Pagamento em análise no banco');
  });

  it("refuses 'Peticionado' without a CNJ number, with a wrong one, or with a future filing day", async () => {
    const { ref, userId } = await paidCustomer();
    const withoutNumber = errorOf(await move(ref, { status: 'peticionado', peticionado_em: today }));
    expect(withoutNumber.status).toBe(400);
    expect(withoutNumber.fields).toEqual({ numero_cnj: STATUS_CHANGE_MESSAGES.cnjRequired });

    const valid = tjspNumber();
    const wrongDigits = `${valid.slice(0, 7)}${valid[7] === '9' ? '0' : '9'}${valid.slice(8)}`;
    const badNumber = errorOf(
      await move(ref, { status: 'peticionado', numero_cnj: wrongDigits, peticionado_em: today }),
    );
    expect(badNumber.status).toBe(400);
    expect(badNumber.fields).toEqual({ numero_cnj: CNJ_NUMBER_MESSAGES.check_digits });

    const future = errorOf(
      await move(ref, { status: 'peticionado', numero_cnj: valid, peticionado_em: addCalendarDays(today, 1) }),
    );
    expect(future.fields).toEqual({ peticionado_em: STATUS_CHANGE_MESSAGES.futureDate });

    const withoutDay = errorOf(await move(ref, { status: 'peticionado', numero_cnj: valid }));
    expect(withoutDay.fields).toEqual({ peticionado_em: STATUS_CHANGE_MESSAGES.filingDateRequired });
    expect((await getCustomerCollection(db, userId)).processes[0]!.status).toBe('cadastro');
  });

  it("records the court case of 'Peticionado': the number as the CNJ writes it, its court, unit and day", async () => {
    const { ref, userId } = await paidCustomer();
    const number = tjspNumber('7654321');
    const filed = okBody(
      await move(ref, { status: 'peticionado', numero_cnj: number, peticionado_em: today, vara: '1ª Vara Cível' }),
    );
    expect(filed.process).toMatchObject({
      status: 'peticionado',
      numero_cnj: formatCnjNumber(number),
      tribunal: 'TJSP',
      vara: '1ª Vara Cível',
      peticionado_em: today,
    });
    // A paid process filed in order is no unusual move: no reason asked, none recorded.
    const [record] = await adminHistoryOf(userId);
    expect(record).toMatchObject({ para: 'peticionado', motivo: null, avisos: null });
  });

  it("asks 'Baixa Caiu' for its day and reason, and names a move back", async () => {
    const { ref, userId } = await paidCustomer();
    okBody(await move(ref, { status: 'peticionado', numero_cnj: tjspNumber('1111111'), peticionado_em: today }));
    const refused = errorOf(await move(ref, { status: 'baixa_caiu' }));
    expect(refused.fields).toEqual({
      motivo: STATUS_CHANGE_MESSAGES.fallReasonRequired,
      data_queda: STATUS_CHANGE_MESSAGES.fallDateRequired,
    });
    okBody(await move(ref, { status: 'baixa_caiu', data_queda: today, motivo: 'Credor recorreu' }));

    const back = errorOf(await move(ref, { status: 'pago' }));
    expect(back.fields).toEqual({ motivo: STATUS_CHANGE_MESSAGES.reasonRequired });
    okBody(await move(ref, { status: 'pago', motivo: 'Refazer a petição' }));
    const [record] = await adminHistoryOf(userId);
    expect(record).toMatchObject({ de: 'baixa_caiu', para: 'pago', avisos: STATUS_CHANGE_MESSAGES.stepsBack(4) });
  });
});

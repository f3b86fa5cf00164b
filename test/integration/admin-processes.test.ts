import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import {
  listAdminChargesRoute,
  markAdminChargePaidRoute,
  verifyAdminChargeRoute,
} from '../../domain/api/admin-finance.js';
import {
  PROCESS_NOTE_MAX_LENGTH,
  changeAdminProcessStatusRoute,
  listAdminProcessesRoute,
} from '../../domain/api/admin-processes.js';
import type { RouteContract } from '../../domain/api/route.js';
import { cnjCheckDigits } from '../../domain/cnj-number.js';
import { addCalendarDays, saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { ADMIN_PROCESS_MESSAGES, PROCESS_MESSAGES } from '../../domain/messages.js';
import { PROTOCOL_PATTERN } from '../../domain/protocol.js';
import { handler as listCharges } from '../../lambdas/admin/finance/list-admin-charges.js';
import { handler as markPaid } from '../../lambdas/admin/finance/mark-admin-charge-paid.js';
import { handler as verifyCharge } from '../../lambdas/admin/finance/verify-admin-charge.js';
import { handler as changeStatus } from '../../lambdas/admin/processes/change-admin-process-status.js';
import { handler as listProcesses } from '../../lambdas/admin/processes/list-admin-processes.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { getCharge } from '../../lambdas/shared/data/charges.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection, getProfileByUser } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { adminClaims, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { recordingWorkflow, until, useAsaasSimulator, useLocalWorkflow } from './asaas-harness.js';
import { testDb } from './db.js';
import { seedCustomer, seedKitApproved, seedPendingCharge, seedReferredCustomer, seedSignature } from './seed.js';
import { payReferral } from '../referral-payments.js';

const db = testDb();
const sim = useAsaasSimulator();
// The filing deadline is not what these tests are about.
const { sfn, stateMachineArn } = useLocalWorkflow({ waitOverrides: { AwaitFilingDeadline: 10 } });

const admin = adminClaims();
const secondAdmin = { ...adminClaims(), email: 'outra.admin@example.com' };
/**
 * Everything the guard may ask of a move (domain/status-change.ts; its own tests are guarded-status-changes.test.ts):
 * these tests are about history, counters and races, so every move carries a reason and the court facts.
 */
const guardFacts = () => {
  const day = saoPauloDay(new Date());
  const parts = { sequence: '1234567', year: '2026', justice: '8', court: '26', origin: '0100' };
  return {
    motivo: 'Teste da troca de status',
    numero_cnj: `${parts.sequence}${cnjCheckDigits(parts)}${parts.year}${parts.justice}${parts.court}${parts.origin}`,
    peticionado_em: day,
    data_decisao: day,
    data_queda: day,
  };
};
const statusChange = (ref: { userId: string; contractId: string }, status: string, claims = admin, obs?: string) =>
  callRoute(changeAdminProcessStatusRoute, changeStatus, {
    claims,
    params: ref,
    body: { status, obs, ...guardFacts() },
  });
const processOf = async (userId: string) => (await getCustomerCollection(db, userId)).processes[0]!;

describe('/admin/processos: the inline status change', () => {
  it('moves any status to any other with history, counters and the audit record; baixa dates are set once', async () => {
    const { userId, contract } = await seedCustomer(db);
    const ref = { userId, contractId: contract.id };
    const before = await getAdminCounters(db);

    const granted = okBody(await statusChange(ref, 'baixa_deferida', admin, 'Deferido pelo SPC'));
    expect(granted.process).toMatchObject({
      status: 'baixa_deferida',
      protocolo: contract.protocolo,
      user_id: userId,
      nome_cliente: expect.any(String),
    });
    const grantedAt = granted.process.baixa_deferida_em;
    expect(grantedAt).toBeTruthy();
    okBody(await statusChange(ref, 'baixa_caiu'));
    okBody(await statusChange(ref, 'baixa_deferida'));
    const process = await processOf(userId);
    expect(process.baixa_deferida_em).toBe(grantedAt);
    expect(process.baixa_caiu_em).toBeTruthy();

    const { history } = await getCustomerCollection(db, userId);
    expect(history.map((h) => [h.de, h.para, h.by_user])).toEqual([
      ['baixa_caiu', 'baixa_deferida', admin.sub],
      ['baixa_deferida', 'baixa_caiu', admin.sub],
      ['cadastro', 'baixa_deferida', admin.sub],
    ]);
    expect(history[2]!.obs).toBe('Deferido pelo SPC');

    const trail = await auditTrailOf(db, userId);
    expect(trail.map((e) => [e.action, e.before?.status, e.after?.status])).toEqual([
      ['process-status', 'baixa_caiu', 'baixa_deferida'],
      ['process-status', 'baixa_deferida', 'baixa_caiu'],
      ['process-status', 'cadastro', 'baixa_deferida'],
    ]);
    expect(trail[0]!.actor).toEqual({ userId: admin.sub, email: admin.email });
    expect(trail[0]!.target).toEqual({ type: 'process', id: process.id });

    const after = await getAdminCounters(db);
    expect(after.processes.byStatus.cadastro - before.processes.byStatus.cadastro).toBe(-1);
    expect(after.processes.byStatus.baixa_deferida - before.processes.byStatus.baixa_deferida).toBe(1);
    expect(after.processes.byStatus.baixa_caiu - before.processes.byStatus.baixa_caiu).toBe(0);
  });

  it('records both of two admins’ concurrent changes, in order, with exact counters', async () => {
    const { userId, contract } = await seedCustomer(db);
    const ref = { userId, contractId: contract.id };
    await seedKitApproved(db, ref);
    const before = await getAdminCounters(db);
    const results = await Promise.all([
      statusChange(ref, 'peticionado', admin),
      statusChange(ref, 'encerrado', secondAdmin),
      statusChange(ref, 'pago', admin),
      statusChange(ref, 'baixa_deferida', secondAdmin),
    ]);
    results.forEach((r) => okBody(r));

    const { history } = await getCustomerCollection(db, userId);
    const chain = [...history].reverse();
    expect(chain).toHaveLength(4);
    expect(chain[0]!.de).toBe('cadastro');
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.de).toBe(chain[i - 1]!.para);
    expect(new Set(chain.map((h) => h.para))).toEqual(new Set(['peticionado', 'encerrado', 'pago', 'baixa_deferida']));
    const final = await processOf(userId);
    expect(final.status).toBe(chain[3]!.para);
    expect(await auditTrailOf(db, userId)).toHaveLength(4);

    const after = await getAdminCounters(db);
    const delta = (s: keyof typeof after.processes.byStatus) =>
      after.processes.byStatus[s] - before.processes.byStatus[s];
    expect(delta('cadastro')).toBe(-1);
    expect(delta(final.status)).toBe(1);
    const total = Object.keys(after.processes.byStatus).reduce(
      (sum, s) => sum + delta(s as keyof typeof after.processes.byStatus),
      0,
    );
    expect(total).toBe(-1 + 1);
  });

  it('keeps a note trimmed, a blank one as none, and refuses one over 500 characters in Portuguese', async () => {
    const { userId, contract } = await seedCustomer(db);
    const ref = { userId, contractId: contract.id };
    await seedKitApproved(db, ref);
    okBody(await statusChange(ref, 'pago', admin, '  Pago na secretaria.  '));
    okBody(await statusChange(ref, 'peticionado', admin, '   '));
    const tooLong = errorOf(await statusChange(ref, 'encerrado', admin, 'x'.repeat(PROCESS_NOTE_MAX_LENGTH + 1)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.fields).toMatchObject({ obs: ADMIN_PROCESS_MESSAGES.noteTooLong });

    const { history } = await getCustomerCollection(db, userId);
    expect(history.map((h) => [h.para, h.obs])).toEqual([
      ['peticionado', null],
      ['pago', 'Pago na secretaria.'],
    ]);
    const process = await processOf(userId);
    expect(process).toMatchObject({ status: 'peticionado', observacoes: 'Pago na secretaria.' });
    const trail = await auditTrailOf(db, userId);
    expect(trail.map((e) => e.after?.obs)).toEqual([null, 'Pago na secretaria.']);
  });

  it('answers 400 for a status outside the enum and 404 for an unknown process, changing nothing', async () => {
    const { userId, contract } = await seedCustomer(db);
    const invalid = errorOf(await statusChange({ userId, contractId: contract.id }, 'aprovado'));
    expect(invalid.status).toBe(400);
    expect(invalid.fields).toHaveProperty('status');
    const unknown = errorOf(await statusChange({ userId, contractId: ulid() }, 'pago'));
    expect(unknown).toMatchObject({ status: 404, message: PROCESS_MESSAGES.processNotFound });
    expect((await processOf(userId)).status).toBe('cadastro');
    expect(await auditTrailOf(db, userId)).toEqual([]);
  });

  it('lists one page at a time, filters by status, and searches by protocol or client name', async () => {
    const name = `Zuleica ${ulid().slice(-6).toLowerCase()} Teixeira`;
    const target = await seedCustomer(db, { nome_completo: name });
    for (let i = 0; i < 26; i++) await seedCustomer(db);
    const first = okBody(await callRoute(listAdminProcessesRoute, listProcesses, { claims: admin }));
    expect(first.items).toHaveLength(25);
    expect(first.cursor).toBeTruthy();
    const second = okBody(
      await callRoute(listAdminProcessesRoute, listProcesses, { claims: admin, body: { cursor: first.cursor! } }),
    );
    const firstIds = new Set(first.items.map((p) => p.id));
    expect(second.items.some((p) => firstIds.has(p.id))).toBe(false);
    expect(first.items[0]!.nome_cliente).toBeTruthy();
    expect(first.items[0]!.protocolo).toMatch(PROTOCOL_PATTERN);

    await seedKitApproved(db, { userId: target.userId, contractId: target.contract.id });
    await statusChange({ userId: target.userId, contractId: target.contract.id }, 'peticionado');
    const filtered = okBody(
      await callRoute(listAdminProcessesRoute, listProcesses, { claims: admin, body: { status: 'peticionado' } }),
    );
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((p) => p.status === 'peticionado')).toBe(true);
    expect(filtered.items.map((p) => p.id)).toContain(target.process.id);

    const byProtocol = okBody(
      await callRoute(listAdminProcessesRoute, listProcesses, {
        claims: admin,
        body: { search: target.contract.protocolo.toLowerCase() },
      }),
    );
    expect(byProtocol.items.map((p) => p.id)).toEqual([target.process.id]);
    const byName = okBody(
      await callRoute(listAdminProcessesRoute, listProcesses, {
        claims: admin,
        body: { search: name.split(' ')[1]! },
      }),
    );
    expect(byName.items.map((p) => [p.id, p.nome_cliente])).toEqual([[target.process.id, name]]);
    const byNameOtherStatus = okBody(
      await callRoute(listAdminProcessesRoute, listProcesses, {
        claims: admin,
        body: { search: name.split(' ')[1]!, status: 'pago' },
      }),
    );
    expect(byNameOtherStatus.items).toEqual([]);
  });
});

/** A signed contract, as 'Gerar PIX' needs it. */
const sign = (userId: string, contractId: string) => seedSignature(db, { userId, contract: { id: contractId } });

const chargeParams = (ref: { userId: string; contractId: string; chargeId: string }) => ref;
/** What 'Marcar pago''s confirmation asks: the charge's value (a seeded charge's is its contract's), today, how. */
const received = (valor = 399) => ({ valor, data: saoPauloDay(new Date()), motivo: 'Transferência bancária' });

describe('/admin/financeiro', () => {
  it("'Marcar pago' confirms through the workflow: process 'pago', the referral paid and the 5th one's reward", async () => {
    const referrer = await seedCustomer(db);
    const payers = await Promise.all(Array.from({ length: 5 }, () => seedReferredCustomer(db, referrer)));
    for (const earlier of payers.slice(0, 4)) await payReferral(db, earlier.profile);
    const payer = payers[4]!;
    const charge = await seedPendingCharge(db, { userId: payer.userId, contractId: payer.contract.id });
    const ref = { userId: payer.userId, contractId: payer.contract.id, chargeId: charge.id };
    const before = await getAdminCounters(db);
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(ref) }));
    await until(
      () => getCharge(db, ref),
      (c) => typeof c?.taskToken === 'string',
    );

    const marked = okBody(
      await callRoute(markAdminChargePaidRoute, markPaid, { claims: admin, params: ref, body: received() }),
    );
    expect(marked.charge).toMatchObject({
      id: charge.id,
      status: 'CONFIRMED',
      protocolo: payer.contract.protocolo,
      metodo: 'manual',
      pagamento_manual: { ...received(), por: admin.email },
    });
    const execution = await until(
      () => sfn.send(new DescribeExecutionCommand({ executionArn })),
      (e) => e.status !== 'RUNNING',
    );
    expect(execution.status).toBe('SUCCEEDED');
    expect(JSON.parse(execution.output ?? '{}')).toMatchObject({
      confirmation: { status: 'pago', referralPaid: true, rewardsGranted: 1 },
    });
    expect((await processOf(payer.userId)).status).toBe('pago');
    expect((await getProfileByUser(db, referrer.userId))!.free_renewals).toBe(1);
    const referral = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(payer.profile.email.toLowerCase()) },
      }),
    );
    expect(referral.Item).toMatchObject({ status: 'paid' });
    const after = await getAdminCounters(db);
    expect(after.charges.paid).toBe(before.charges.paid + 1);

    const [entry] = await auditTrailOf(db, payer.userId);
    expect(entry).toMatchObject({
      action: 'charge-mark-paid',
      target: { type: 'charge', id: charge.id },
      before: { status: 'PENDING' },
      after: { status: 'CONFIRMED', ...received() },
      actor: { userId: admin.sub },
    });
  });

  it("counts as 'Pendentes' the charges still waiting for their money: PENDING and AWAITING_RISK_ANALYSIS", async () => {
    const { userId, contract } = await seedCustomer(db);
    const before = await getAdminCounters(db);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
    const ref = { userId, contractId: contract.id, chargeId: charge.id };
    const pending = await getAdminCounters(db);
    expect(pending.charges.pending).toBe(before.charges.pending + 1);

    await recordChargeStatus(db, ref, 'PENDING', 'AWAITING_RISK_ANALYSIS', new Date().toISOString());
    const inReview = await getAdminCounters(db);
    expect(inReview.charges.byStatus.PENDING).toBe(pending.charges.byStatus.PENDING! - 1);
    expect(inReview.charges.pending).toBe(pending.charges.pending);

    await recordChargeStatus(db, ref, 'AWAITING_RISK_ANALYSIS', 'OVERDUE', new Date().toISOString());
    expect((await getAdminCounters(db)).charges.pending).toBe(before.charges.pending);
  });

  it("refuses 'Marcar pago' for a charge already paid, with the spec's message, and writes nothing", async () => {
    const { userId, contract } = await seedCustomer(db);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
    await recordChargeStatus(
      db,
      { userId, contractId: contract.id, chargeId: charge.id },
      'PENDING',
      'RECEIVED',
      new Date().toISOString(),
    );
    const refused = errorOf(
      await callRoute(markAdminChargePaidRoute, markPaid, {
        claims: admin,
        params: chargeParams({ userId, contractId: contract.id, chargeId: charge.id }),
        body: received(),
      }),
    );
    expect(refused).toMatchObject({ status: 409, message: ADMIN_PROCESS_MESSAGES.markPaidFailed });
    expect(await auditTrailOf(db, userId)).toEqual([]);
    const unknown = errorOf(
      await callRoute(markAdminChargePaidRoute, markPaid, {
        claims: admin,
        params: { userId, contractId: contract.id, chargeId: ulid() },
        body: received(),
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it("refuses 'Marcar pago' without its evidence: another amount, a future day, no reason", async () => {
    const { userId, contract } = await seedCustomer(db);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
    const ref = { userId, contractId: contract.id, chargeId: charge.id };
    const mark = (body: Record<string, unknown>) =>
      callRoute(markAdminChargePaidRoute, markPaid, { claims: admin, params: ref, body });

    const amount = errorOf(await mark(received(300)));
    expect(amount).toMatchObject({
      status: 400,
      fields: { valor: ADMIN_PROCESS_MESSAGES.markPaidValueMismatch('R$ 399,00') },
    });
    const future = errorOf(await mark({ ...received(), data: addCalendarDays(saoPauloDay(new Date()), 1) }));
    expect(future).toMatchObject({ status: 400, fields: { data: ADMIN_PROCESS_MESSAGES.markPaidInvalidDate } });
    const noReason = errorOf(await mark({ ...received(), motivo: ' ' }));
    expect(noReason).toMatchObject({ status: 400, fields: { motivo: ADMIN_PROCESS_MESSAGES.markPaidReasonRequired } });
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    expect(await auditTrailOf(db, userId)).toEqual([]);
  });

  it('verifies against Asaas (a fresh read), says what it found, and audits only a move', async () => {
    const { userId, contract, profile } = await seedCustomer(db);
    await sign(userId, contract.id);
    const created = await createChargeForContract(
      { db, clock: () => new Date(), asaas: sim.asaas, workflow: recordingWorkflow() },
      { userId, email: profile.email, isAdmin: false },
      contract.id,
    );
    const charge = created.charge!;
    const ref = { userId, contractId: contract.id, chargeId: charge.id };

    const unchanged = okBody(await callRoute(verifyAdminChargeRoute, verifyCharge, { claims: admin, params: ref }));
    expect(unchanged).toMatchObject({
      pago: false,
      mudou: false,
      mensagem: 'O pagamento ainda não foi recebido.',
      charge: { status: 'PENDING' },
    });

    await sim.control(`payments/${charge.asaas_id}/pay`);
    const paid = okBody(await callRoute(verifyAdminChargeRoute, verifyCharge, { claims: admin, params: ref }));
    expect(paid).toMatchObject({
      pago: true,
      mudou: true,
      mensagem: 'O Asaas informa: Pago. A cobrança passou de Pendente para Pago.',
      charge: { status: 'RECEIVED', nome_cliente: profile.nome_completo, metodo: 'pix' },
    });

    const trail = await auditTrailOf(db, userId);
    expect(trail.map((e) => [e.action, e.before?.status, e.after?.status])).toEqual([
      ['charge-verify', 'PENDING', 'RECEIVED'],
    ]);

    const listed = okBody(
      await callRoute(listAdminChargesRoute, listCharges, { claims: admin, body: { search: contract.protocolo } }),
    );
    expect(listed.items.map((c) => [c.id, c.status, c.valor, c.email_cliente])).toEqual([
      [charge.id, 'RECEIVED', contract.valor, profile.email],
    ]);
    const byStatus = okBody(
      await callRoute(listAdminChargesRoute, listCharges, { claims: admin, body: { status: 'received' } }),
    );
    expect(byStatus.items.every((c) => c.status === 'RECEIVED')).toBe(true);
    expect(byStatus.items.map((c) => c.id)).toContain(charge.id);
  });
});

describe('admin routes refuse customers', () => {
  const ref = { userId: ulid(), contractId: ulid(), chargeId: ulid() };
  const cases: [string, RouteContract, Parameters<typeof callRoute>[1], Record<string, unknown>][] = [
    ['list processes', listAdminProcessesRoute, listProcesses, {}],
    ['change a status', changeAdminProcessStatusRoute, changeStatus, { params: ref, body: { status: 'pago' } }],
    ['list charges', listAdminChargesRoute, listCharges, {}],
    ['mark paid', markAdminChargePaidRoute, markPaid, { params: ref, body: received() }],
    ['verify', verifyAdminChargeRoute, verifyCharge, { params: ref }],
  ];
  it.each(cases)('%s → 403', async (_name, contract, handler, options) => {
    const error = errorOf(await callRoute(contract, handler, { claims: customerClaims(), ...options }));
    expect(error.status).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { changeAdminProcessStatusRoute } from '../../domain/api/admin-processes.js';
import { getAdminTodayRoute } from '../../domain/api/admin-today.js';
import { cnjCheckDigits } from '../../domain/cnj-number.js';
import { TODAY_MESSAGES } from '../../domain/today.js';
import { handler as changeStatus } from '../../lambdas/admin/processes/change-admin-process-status.js';
import { handler as getToday } from '../../lambdas/admin/today/get-admin-today.js';
import { getAdminToday } from '../../lambdas/admin/today/today-service.js';
import { markMovementReviewed, storeCourtMovement } from '../../lambdas/shared/data/court.js';
import { saveConfirmedUpload } from '../../lambdas/shared/data/filing-kit.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { adminClaims, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer, seedKitApproved, seedPendingCharge } from './seed.js';

const db = testDb();
// A Tuesday in 2020: every forecast other tests write is years later, so these three are the queue's oldest.
const NOW = new Date('2020-03-10T15:00:00Z');
const at = (day: string) => `${day}T12:00:00.000Z`;

/** A paid process whose filing forecast is `day` (noon UTC, as the workflow stores it). */
async function paidProcess(day: string) {
  const customer = await seedCustomer(db);
  const ref = { userId: customer.userId, contractId: customer.contract.id };
  await seedPendingCharge(db, ref, 'RECEIVED');
  await changeProcessStatus(db, { ref, to: 'pago', previsao: at(day), byUser: 'test', now: new Date().toISOString() });
  // The filing kit approved: the process is ready to file, its forecast `day`.
  await seedKitApproved(db, ref);
  await changeProcessStatus(db, { ref, to: 'em_analise', byUser: 'test', now: new Date().toISOString() });
  return { ...customer, ref };
}

const today = () => getAdminToday({ db, clock: () => NOW });
const filingQueue = async () => (await today()).queues.find((queue) => queue.id === 'prazos')!;

describe("'Hoje': the filing deadlines", () => {
  it('counts the paid processes not filed, oldest forecast first: late in red, due today, not due', async () => {
    const before = await filingQueue();
    const late = await paidProcess('2020-03-09');
    const dueToday = await paidProcess('2020-03-10');
    const notDue = await paidProcess('2020-03-12');

    const queue = await filingQueue();
    expect(queue.count).toBe(before.count + 3);
    expect(queue.late).toBe(before.late + 1);
    const ours = queue.items.filter((item) =>
      [late, dueToday, notDue].some((c) => c.contract.protocolo === item.title),
    );
    expect(ours.map((item) => [item.title, item.deadline])).toEqual([
      [late.contract.protocolo, { label: TODAY_MESSAGES.lateBy(1), late: true }],
      [dueToday.contract.protocolo, { label: TODAY_MESSAGES.dueToday, late: false }],
      [notDue.contract.protocolo, { label: TODAY_MESSAGES.businessDaysLeft(2), late: false }],
    ]);
    expect(ours[0]).toMatchObject({
      subtitle: late.profile.nome_completo,
      href: `/admin/clientes/${late.profile.id}`,
      process: {
        user_id: late.userId,
        contrato_id: late.contract.id,
        status: 'em_analise',
        protocolo: late.contract.protocolo,
      },
    });
  });

  it('lets a filed process leave the queue', async () => {
    const late = await paidProcess('2020-03-02');
    const before = await filingQueue();
    expect(before.items[0]!.title).toBe(late.contract.protocolo);

    const parts = { sequence: '2222222', year: '2020', justice: '8', court: '13', origin: '0637' };
    const numero = `${parts.sequence}${cnjCheckDigits(parts)}${parts.year}${parts.justice}${parts.court}${parts.origin}`;
    okBody(
      await callRoute(changeAdminProcessStatusRoute, changeStatus, {
        claims: adminClaims(),
        params: late.ref,
        body: { status: 'peticionado', numero_cnj: numero, peticionado_em: '2026-01-05' },
      }),
    );
    const after = await filingQueue();
    expect(after.count).toBe(before.count - 1);
    expect(after.late).toBe(before.late - 1);
    expect(after.items.map((item) => item.title)).not.toContain(late.contract.protocolo);
  });

  it('answers admins through its route and refuses customers', async () => {
    const answer = okBody(await callRoute(getAdminTodayRoute, getToday, { claims: adminClaims() }));
    expect(answer.queues.map((queue) => queue.id)).toEqual([
      'prazos',
      'documentos',
      'estornos',
      'divergencias',
      'liminares',
      'lgpd',
      'respostas',
    ]);
    expect(errorOf(await callRoute(getAdminTodayRoute, getToday, { claims: customerClaims() })).status).toBe(403);
  });
});

describe("'Hoje': documents to review and court movements to confirm", () => {
  const queue = async (id: string) => (await today()).queues.find((q) => q.id === id)!;

  it('counts the filing kit’s files awaiting a lawyer, oldest first, each linking to its case file', async () => {
    const before = await queue('documentos');
    const customer = await seedCustomer(db);
    const ref = { userId: customer.userId, contractId: customer.contract.id };
    // Sent in 2020, before anything other tests write: this one is the queue's oldest.
    const sentAt = '2020-03-01T12:00:00.000Z';
    const saved = await saveConfirmedUpload(db, ref, {
      uploadId: `up-${customer.userId}`,
      item: {
        contrato_id: ref.contractId,
        key: 'identidade',
        state: 'enviado',
        files: [],
        sent_at: sentAt,
        updated_at: sentAt,
        pdf_key: null,
        version: 0,
      },
      readVersion: null,
      at: sentAt,
    });
    expect(saved).toBe(true);

    const after = await queue('documentos');
    expect(after.count).toBe(before.count + 1);
    expect(after.items[0]).toMatchObject({
      title: 'Documento de identidade com foto',
      subtitle: `${customer.profile.nome_completo} · ${customer.contract.protocolo}`,
      href: `/admin/clientes/${customer.profile.id}`,
      since: sentAt,
    });
  });

  it('lists an injunction movement awaiting confirmation until an admin reviews it', async () => {
    const before = await queue('liminares');
    const customer = await seedCustomer(db);
    const ref = { userId: customer.userId, contractId: customer.contract.id };
    const movement = {
      id: `mov-${customer.userId}`,
      contrato_id: ref.contractId,
      codigo: 817,
      nome: 'Concessão',
      complementos: [],
      data_hora: '2020-03-02T15:00:00.000Z',
      kind: 'liminar_concedida' as const,
      texto: 'O juiz concedeu a liminar.',
      sugestao_status: 'baixa_deferida' as const,
      revisado_em: null,
      created_at: '2020-03-02T16:00:00.000Z',
    };
    expect(await storeCourtMovement(db, ref, movement)).toBe('stored');

    const listed = await queue('liminares');
    expect(listed.count).toBe(before.count + 1);
    expect(listed.items.find((item) => item.id === movement.id)).toMatchObject({
      title: customer.contract.protocolo,
      subtitle: `${customer.profile.nome_completo} · O juiz concedeu a liminar.`,
      href: `/admin/clientes/${customer.profile.id}`,
    });

    expect(await markMovementReviewed(db, ref, movement.id, new Date().toISOString())).toBe(true);
    expect((await queue('liminares')).count).toBe(before.count);
  });
});

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundAdminChargeRoute } from '../../domain/api/admin-finance.js';
import { cancelContractRoute } from '../../domain/api/contracts.js';
import { exportMyDataRoute, requestErasureRoute } from '../../domain/api/data-rights.js';
import { inviteReferralRoute } from '../../domain/api/referrals.js';
import { statusLabel } from '../../domain/process-status.js';
import { handler as refundAdminCharge } from '../../lambdas/admin/finance/refund-admin-charge.js';
import { handler as cancelContract } from '../../lambdas/contracts/cancel-contract.js';
import { handler as exportMyData } from '../../lambdas/data-rights/export-my-data.js';
import { handler as requestErasure } from '../../lambdas/data-rights/request-erasure.js';
import { publishChanges } from '../../lambdas/live/publish-changes-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { referralInviteSubject } from '../../lambdas/referrals/referral-emails.js';
import { handler as inviteReferral } from '../../lambdas/referrals/invite-referral.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { moveChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { emailOnceKeys, sendEmailOnce } from '../../lambdas/shared/data/email-once.js';
import { pointerKey } from '../../lambdas/shared/data/keys.js';
import { startStreamPoller, type StreamPoller } from '../../local/services/dynamodb-streams.js';
import { adminClaims, createEmailAddress, customerClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { recordingWorkflow, until, useAsaasSimulator } from './asaas-harness.js';
import { testDb } from './db.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * Told once (docs/decisions.md, same title): every e-mail a repeated or concurrent request can trigger goes out once
 * per event, whatever the number of requests. Each route is called 20 times at once, as an impatient customer (or
 * admin) would, through its real handler, and the e-mails are counted in the local SES inbox.
 */
const db = testDb();
const sim = useAsaasSimulator();
const PARALLEL = 20;

const subjectsTo = async (address: string) => (await emailsTo(address)).map((mail) => mail.subject);
const countOf = (subjects: (string | undefined)[], subject: string) => subjects.filter((s) => s === subject).length;

/** A customer with a signed contract and its PIX at Asaas, paid if `paid`. */
async function customerWithCharge(paid: boolean) {
  const customer = await seedCustomer(db, { email: createEmailAddress('uma-vez') });
  await seedSignature(db, customer);
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow: recordingWorkflow() },
    caller,
    customer.contract.id,
  );
  const ref = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  if (paid) {
    await sim.control(`payments/${charge!.asaas_id}/pay`);
    await moveChargeStatus(db, ref, 'RECEIVED', new Date().toISOString(), { freshRead: true });
  }
  return {
    ...customer,
    ref,
    asaasId: charge!.asaas_id!,
    claims: customerClaims(customer.userId, customer.profile.email),
  };
}

describe('told once, whatever the parallel requests', () => {
  it.each([
    ['an open PIX', false],
    ['a paid PIX', true],
  ])("'Cancelar contrato' ×20 with %s → one 'Contrato cancelado' e-mail", async (_case, paid) => {
    const customer = await customerWithCharge(paid);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        callRoute(cancelContractRoute, cancelContract, {
          claims: customer.claims,
          params: { contractId: customer.contract.id },
        }),
      ),
    );

    expect(answers.filter((answer) => answer.ok).length).toBeGreaterThanOrEqual(1);
    const subject = `Contrato cancelado — protocolo ${customer.contract.protocolo}`;
    expect(countOf(await subjectsTo(customer.profile.email), subject)).toBe(1);
    // The marker is the customer's: 'Baixar meus dados' says the e-mail went, and when.
    const data = okBody(await callRoute(exportMyDataRoute, exportMyData, { claims: customer.claims }));
    expect(data.comunicacoes).toContainEqual({
      tipo: 'E-mail de cancelamento do contrato',
      referencia: '—',
      enviado_em: expect.any(String),
    });
    expect(JSON.stringify(data.outros)).not.toContain('EMAIL_ONCE');
  });

  it("'Solicitar exclusão' ×20 → one e-mail with the request's protocol", async () => {
    const customer = await seedCustomer(db, { email: createEmailAddress('excluir-uma-vez') });
    const claims = customerClaims(customer.userId, customer.profile.email);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => callRoute(requestErasureRoute, requestErasure, { claims })),
    );

    const protocols = new Set(answers.map((answer) => (answer.ok ? answer.body.request.protocolo : null)));
    expect(protocols.size).toBe(1);
    const subject = `Solicitação de exclusão de dados — protocolo ${[...protocols][0]}`;
    expect(countOf(await subjectsTo(customer.profile.email), subject)).toBe(1);
  });

  it("'Convidar' ×20 for one friend → one invitation", async () => {
    const referrer = await seedCustomer(db);
    const friend = createEmailAddress('amiga-uma-vez');
    const claims = customerClaims(referrer.userId, referrer.profile.email);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        callRoute(inviteReferralRoute, inviteReferral, { claims, body: { email: friend } }),
      ),
    );

    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(countOf(await subjectsTo(friend), referralInviteSubject(EXAMPLE_COMPANY.brand))).toBe(1);
  });

  it('sends an e-mail whose sender died after its claim once the lease lapsed, and never while it is held', async () => {
    const customer = await seedCustomer(db);
    const key = emailOnceKeys.withdrawal(customer.userId, customer.contract.id);
    const sent: string[] = [];
    const start = new Date();
    // The first sender claims, then dies before its e-mail goes (its send never settles).
    let claimed!: () => void;
    const claimTaken = new Promise<void>((resolve) => (claimed = resolve));
    void sendEmailOnce(db, key, start, () => {
      claimed();
      return new Promise<void>(() => undefined);
    });
    await claimTaken;
    expect(await sendEmailOnce(db, key, start, async () => void sent.push('too early'))).toBe('being-sent');
    const afterLease = new Date(start.getTime() + 61_000);
    expect(await sendEmailOnce(db, key, afterLease, async () => void sent.push('retry'))).toBe('sent');
    expect(
      await sendEmailOnce(db, key, new Date(afterLease.getTime() + 3_600_000), async () => void sent.push('again')),
    ).toBe('already-sent');
    expect(sent).toEqual(['retry']);
  });

  it('gives the claim back when the send fails, so the next request sends it', async () => {
    const customer = await seedCustomer(db);
    const key = emailOnceKeys.withdrawal(customer.userId, customer.contract.id);
    await expect(
      sendEmailOnce(db, key, new Date(), async () => {
        throw new Error('SES throttled');
      }),
    ).rejects.toThrow('SES throttled');
    expect(await sendEmailOnce(db, key, new Date(), async () => undefined)).toBe('sent');
  });
});

describe("an admin's 'Estornar' ×20, told by the stream consumer", () => {
  let poller: StreamPoller;
  const delivered: DynamoDBRecord[] = [];
  beforeAll(async () => {
    const sendEmail = createSesEmailSender({ from: INTEGRATION_SENDER });
    poller = await startStreamPoller({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
      tableName: db.tableName,
      pollIntervalMs: 50,
      consume: async (event): Promise<DynamoDBBatchResponse> => {
        const answer = await publishChanges(
          {
            db,
            clock: systemClock,
            push: async () => 'gone',
            sendEmail,
            admins: { adminEmails: async () => [] },
            appUrl: 'http://127.0.0.1:5173',
          },
          event.Records,
        );
        delivered.push(...event.Records);
        return answer;
      },
    });
  });
  afterAll(() => poller?.stop());

  it("→ one refund, one 'encerrado' status e-mail to the customer", async () => {
    const customer = await customerWithCharge(true);

    await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        callRoute(refundAdminChargeRoute, refundAdminCharge, {
          claims: adminClaims(),
          params: customer.ref,
          body: { motivo: 'Pedido do cliente por telefone' },
        }),
      ),
    );
    // Everything the requests wrote has reached the consumer once a marker written after them has.
    const sentinel = `TOLD_ONCE#${ulid()}`;
    await db.client.send(new PutCommand({ TableName: db.tableName, Item: { ...pointerKey(sentinel), type: 'TEST' } }));
    await until(
      async () => delivered.some((record) => record.dynamodb?.Keys?.pk?.S === sentinel),
      Boolean,
      'the sentinel through the stream',
    );

    const subject = `Atualização do processo ${customer.contract.protocolo}: ${statusLabel('encerrado')}`;
    expect(countOf(await subjectsTo(customer.profile.email), subject)).toBe(1);
    const atAsaas = ((await sim.listing('payments')) as { id: string; refunds: unknown[] | null }[]).find(
      (payment) => payment.id === customer.asaasId,
    );
    expect(atAsaas?.refunds).toHaveLength(1);
  });
});

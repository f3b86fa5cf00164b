import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { describe, expect, it } from 'vitest';
import { getAdminClientRoute, getAdminContractPdfRoute } from '../../domain/api/admin-clients.js';
import { signContractRoute } from '../../domain/api/contracts.js';
import { changeAdminProcessStatusRoute } from '../../domain/api/admin-processes.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { handler as getAdminClient } from '../../lambdas/admin/clients/get-admin-client.js';
import { handler as getAdminContractPdf } from '../../lambdas/admin/clients/get-admin-contract-pdf.js';
import { handler as changeStatus } from '../../lambdas/admin/processes/change-admin-process-status.js';
import { handler as signContract } from '../../lambdas/contracts/sign-contract.js';
import { recordEmailSuppression } from '../../lambdas/shared/data/email-suppressions.js';
import { emailFromEnvironment } from '../../lambdas/shared/environment.js';
import { adminClaims, customerClaims, SIGNING_CONSENT, TEST_ADMIN_EMAIL } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { emailsTo } from './mail.js';
import { seedCustomer, seedPendingCharge } from './seed.js';

const db = testDb();

const caseFile = async (profileId: string) =>
  okBody(await callRoute(getAdminClientRoute, getAdminClient, { claims: adminClaims(), params: { id: profileId } }));

describe('the case file (GET /admin/clients/{id})', () => {
  it('lists the e-mails sent with their subject and delivery, and every event, newest first', async () => {
    const customer = await seedCustomer(db);
    const { userId, profile, contract } = customer;
    okBody(
      await callRoute(signContractRoute, signContract, {
        claims: customerClaims(userId),
        params: { contractId: contract.id },
        body: SIGNING_CONSENT,
      }),
    );
    await seedPendingCharge(db, { userId, contractId: contract.id });
    okBody(
      await callRoute(changeAdminProcessStatusRoute, changeStatus, {
        claims: adminClaims(),
        params: { userId, contractId: contract.id },
        body: {
          status: 'baixa_deferida',
          obs: 'Liminar concedida',
          motivo: 'Decisão recebida por telefone',
          data_decisao: saoPauloDay(new Date()),
        },
      }),
    );
    // The one sending path, as the stream consumer's status-update e-mail takes it: SES, then the record.
    await emailFromEnvironment(process.env, { caseFile: db })(profile.email, {
      subject: 'Atualização do seu processo',
      html: '<p>Olá</p>',
      caseFileOf: userId,
    });
    const sent = await emailsTo(profile.email);
    expect(sent.map((email) => email.subject)).toEqual([
      `Contrato assinado — protocolo ${contract.protocolo}`,
      'Atualização do seu processo',
    ]);

    const detail = await caseFile(profile.id);
    const titles = detail.timeline.map((event) => event.title);
    const at = detail.timeline.map((event) => event.at);
    expect(at).toEqual([...at].sort().reverse());
    const order = [
      'Atualização do seu processo',
      'Pagamento Pendente → Baixa Deferida',
      'PIX gerado',
      `Contrato assinado — protocolo ${contract.protocolo}`,
      'Contrato Assinado → Pagamento Pendente',
      'Contrato assinado',
      'Perfil preenchido',
    ];
    expect(order.map((title) => titles.indexOf(title))).toEqual(
      [...order.map((title) => titles.indexOf(title))].sort((a, b) => a - b),
    );
    expect(order.every((title) => titles.includes(title))).toBe(true);
    const emails = detail.timeline.filter((event) => event.kind === 'email');
    expect(emails).toHaveLength(2);
    expect(emails.every((event) => event.delivery === 'enviado' && event.details[0] === `Para ${profile.email}`)).toBe(
      true,
    );
    expect(detail.timeline.find((event) => event.title === 'Pagamento Pendente → Baixa Deferida')).toMatchObject({
      kind: 'status',
      actor: TEST_ADMIN_EMAIL,
      protocolo: contract.protocolo,
      // The admin's side of the unusual move shows under it: what it skipped and the reason given.
      details: [
        'Atenção: sem pagamento confirmado; sem petição registrada (número CNJ)',
        'Motivo: Decisão recebida por telefone',
        'Observação ao cliente: Liminar concedida',
      ],
    });
    const signed = detail.timeline.find((event) => event.title === 'Contrato assinado')!;
    expect(signed.contract_pdf).toBe(contract.id);

    // SES reports the address as bounced: the last message before the report is the one that bounced.
    await recordEmailSuppression(db, profile.email, { reason: 'bounce', at: new Date().toISOString() });
    const afterBounce = (await caseFile(profile.id)).timeline.filter((event) => event.kind === 'email');
    expect(afterBounce.map((event) => event.delivery)).toEqual(['devolvido', 'enviado']);

    // The PDF the signature stored, for the admin.
    const pdf = okBody(
      await callRoute(getAdminContractPdfRoute, getAdminContractPdf, {
        claims: adminClaims(),
        params: { id: profile.id, contractId: contract.id },
      }),
    );
    expect(pdf.protocolo).toBe(contract.protocolo);
    expect(new URL(pdf.pdf_url).pathname).toContain(`contracts/${contract.id}/`);
  });

  it("refuses the PDF of an unsigned contract, of another client's contract, and to a customer", async () => {
    const unsigned = await seedCustomer(db);
    const other = await seedCustomer(db);
    for (const params of [
      { id: unsigned.profile.id, contractId: unsigned.contract.id },
      { id: other.profile.id, contractId: unsigned.contract.id },
    ]) {
      const refused = await callRoute(getAdminContractPdfRoute, getAdminContractPdf, { claims: adminClaims(), params });
      expect(errorOf(refused)).toMatchObject({ status: 404, message: CONTRACT_MESSAGES.pdfUnavailable });
    }
    const customer = await callRoute(getAdminContractPdfRoute, getAdminContractPdf, {
      claims: customerClaims(unsigned.userId),
      params: { id: unsigned.profile.id, contractId: unsigned.contract.id },
    });
    expect(errorOf(customer).status).toBe(403);
  });
});

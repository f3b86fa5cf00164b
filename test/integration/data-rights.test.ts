import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import {
  executeErasureRequestRoute,
  exportMyDataRoute,
  getMyErasureRequestRoute,
  listErasureRequestsRoute,
  requestErasureRoute,
} from '../../domain/api/data-rights.js';
import { DATA_RIGHTS_MESSAGES, ERASURE_PROTOCOL_PATTERN } from '../../domain/data-rights.js';
import { handler as exportMyData } from '../../lambdas/data-rights/export-my-data.js';
import { handler as getMyErasureRequest } from '../../lambdas/data-rights/get-my-erasure-request.js';
import { handler as listErasureRequests } from '../../lambdas/data-rights/list-erasure-requests.js';
import { handler as requestErasure } from '../../lambdas/data-rights/request-erasure.js';
import { handler as executeErasureRequestHandler } from '../../lambdas/data-rights/execute-erasure-request.js';
import { executeErasureRequest } from '../../lambdas/data-rights/erasure-service.js';
import type { ClientDeletionDeps } from '../../lambdas/admin/clients/admin-clients-service.js';
import { createS3DocumentEraser, createS3Documents } from '../../lambdas/providers/documents.js';
import { createCognitoUserAccounts } from '../../lambdas/providers/user-accounts.js';
import { recordAdminAction } from '../../lambdas/shared/data/audit.js';
import { certificateItem, certificatePointerItem, type Certificate } from '../../lambdas/shared/data/certificates.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { saveConnection } from '../../lambdas/shared/data/connections.js';
import { storeCourtMovement } from '../../lambdas/shared/data/court.js';
import { saveConfirmedUpload } from '../../lambdas/shared/data/filing-kit.js';
import { kitKeys } from '../../lambdas/kit/kit-service.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import {
  createReferral,
  findReferralByInvite,
  referralSignupWrites,
  referrerCopyOf,
} from '../../lambdas/shared/data/referrals.js';
import { claimMarker } from '../../lambdas/shared/data/table.js';
import { statusNoticeLease } from '../../lambdas/shared/data/markers.js';
import { writeInvoice } from '../../lambdas/shared/data/invoices.js';
import { adminClaims, createEmailAddress, createProfileInput, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { useCognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET } from './global-setup.js';
import { useAsaasSimulator } from './asaas-harness.js';
import { emailsTo } from './mail.js';
import { initialContractFor, seedCustomer, seedPendingCharge, seedSignature } from './seed.js';
import { seedWhatsAppChannel } from './whatsapp-seed.js';

const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });
const admin = { userId: ulid(), email: 'admin@baixa.test', isAdmin: true };

const cognito = useCognitoWithTriggers();

afterAll(() => {
  s3.destroy();
});

const sim = useAsaasSimulator();

const deletionDeps = (): ClientDeletionDeps => ({
  db,
  clock: () => new Date(),
  accounts: createCognitoUserAccounts({ userPoolId: cognito.pool.userPoolId, client: cognito.client }),
  documents: createS3DocumentEraser({ bucket: INTEGRATION_BUCKET, pathStyle: true }),
  asaas: sim.asaas,
  workflow: { stop: async () => 'not-running' },
});

const readLink = (key: string) => createS3Documents({ bucket: INTEGRATION_BUCKET, pathStyle: true }).downloadUrl(key);

const putPdf = (key: string, body: string) =>
  s3.send(new PutObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: key, Body: body, ContentType: 'application/pdf' }));

/**
 * A customer with one item of every kind the table holds about a person, invited by `referrer` (whose data must never
 * show in this customer's export).
 */
async function seedCustomerWithEverything(referrer: Awaited<ReturnType<typeof seedCustomer>>) {
  const email = createEmailAddress('meusdados');
  const userId = ulid();
  const invite = await createReferral(db, {
    referrer: referrerCopyOf(referrer.profile),
    email,
    now: new Date().toISOString(),
    referralCode: referrer.profile.referral_code,
  });
  const target = await findReferralByInvite(db, invite.invite_code);
  const { profile, contract, process } = await createProfile(db, {
    userId,
    input: createProfileInput({ email, nome_completo: 'Olívia Exportável Matos' }),
    referredByProfileId: referrer.profile.id,
    now: new Date().toISOString(),
    initialContract: await initialContractFor(),
    referralWrites: (created) =>
      referralSignupWrites(
        db,
        {
          kind: 'move',
          referrerUserId: target!.referrerUserId,
          referral: { ...invite, referred_email: target!.referredEmail },
        },
        created,
        new Date().toISOString(),
      ),
  });
  const pdfKey = `contracts/${contract.id}/${ulid()}.pdf`;
  await putPdf(pdfKey, '%PDF-1.4 contrato da Olívia');
  await seedSignature(
    db,
    { userId, contract: { id: contract.id } },
    {
      ip: '203.0.113.7',
      geo: { cidade: 'São Lourenço', estado: 'MG', pais: 'Brasil', latitude: null, longitude: null },
      userAgent: 'Navegador da Olívia',
      textSha256: 'c'.repeat(64),
      pdfKey,
    },
  );
  const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
  await recordChargeStatus(
    db,
    { userId, contractId: contract.id, chargeId: charge.id },
    'PENDING',
    'RECEIVED',
    new Date().toISOString(),
  );
  await changeProcessStatus(db, {
    ref: { userId, contractId: contract.id },
    to: 'pago',
    byUser: admin.email,
    now: new Date().toISOString(),
  });
  const friendEmail = createEmailAddress('amigo');
  await createReferral(db, {
    referrer: referrerCopyOf(profile),
    email: friendEmail,
    now: new Date().toISOString(),
    referralCode: profile.referral_code,
  });
  const connectionId = `conn-${ulid()}`;
  await saveConnection(db, { userId, connectionId, now: new Date() });
  const code = `NC${ulid()}`;
  const certificate: Certificate = {
    codigo: code,
    user_id: userId,
    contrato_id: contract.id,
    processo_id: process.id,
    protocolo: contract.protocolo,
    nome_cliente: 'Olívia M.',
    cpf_cliente: '***.***.***-**',
    orgaos: ['SPC', 'SERASA'],
    baixa_deferida_em: new Date().toISOString(),
    emitido_em: new Date().toISOString(),
    sha256: 'd'.repeat(64),
    pdf_key: `customers/${userId}/nada-consta/${code}.pdf`,
  };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.tableName, Item: certificateItem(certificate) } },
        { Put: { TableName: db.tableName, Item: certificatePointerItem(certificate) } },
      ],
    }),
  );
  await putPdf(certificate.pdf_key, '%PDF-1.4 nada consta da Olívia');
  const now = new Date().toISOString();
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { pk: keys.customer(userId), sk: keys.accountSk, welcome_sent_at: now },
    }),
  );
  await claimMarker(db, keys.magicLink(userId), {
    type: 'MAGIC_LINK',
    requested_at: 1_700_000_000,
    nonce_hash: 'segredo',
  });
  await claimMarker(db, keys.recoveryRequest(userId), { type: 'RECOVERY', requested_at: now });
  await claimMarker(db, keys.purchaseConversion(charge.id), { type: 'PURCHASE_CONVERSION', sent_at: now });
  await recordAdminAction(db, {
    at: now,
    actor: { userId: admin.userId, email: admin.email },
    action: 'process-status',
    targetUserId: userId,
    target: { type: 'process', id: process.id },
    before: { status: 'pagamento_pendente' },
    after: { status: 'pago' },
  });
  const kit = await seedKitItem(userId, contract.id);
  await storeCourtMovement(
    db,
    { userId, contractId: contract.id },
    {
      id: `${now}#liminar`,
      contrato_id: contract.id,
      codigo: 339,
      nome: 'Concedida a Medida Liminar',
      complementos: [],
      data_hora: now,
      kind: 'liminar_concedida',
      texto: 'O juiz concedeu a liminar: a baixa temporária dos apontamentos foi autorizada.',
      sugestao_status: 'baixa_deferida',
      revisado_em: null,
      created_at: now,
    },
  );
  const whatsapp = await seedWhatsAppChannel(db, userId);
  return { userId, email, profile, contract, charge, friendEmail, certificate, kit, whatsapp };
}

/** One confirmed kit item (the identity document) with its original photo, its page and the item's PDF in S3. */
async function seedKitItem(userId: string, contractId: string) {
  const uploadId = ulid();
  const original = kitKeys.upload(userId, uploadId);
  const part = kitKeys.part(userId, uploadId);
  const itemPdf = kitKeys.itemPdf(userId, contractId, 'identidade', uploadId);
  await s3.send(
    new PutObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: original, Body: 'foto do RG', ContentType: 'image/jpeg' }),
  );
  await putPdf(part, '%PDF-1.4 página do RG');
  await putPdf(itemPdf, '%PDF-1.4 RG da Olívia');
  const now = new Date().toISOString();
  await saveConfirmedUpload(
    db,
    { userId, contractId },
    {
      uploadId,
      readVersion: null,
      at: now,
      item: {
        contrato_id: contractId,
        key: 'identidade',
        state: 'enviado',
        files: [
          {
            id: uploadId,
            content_type: 'image/jpeg',
            bytes: 10,
            uploaded_at: now,
            original_key: original,
            pdf_key: part,
          },
        ],
        pdf_key: itemPdf,
        pdf_bytes: 21,
        signing: null,
        refusal: null,
        sent_at: now,
        reviewed_at: null,
        updated_at: now,
        version: 0,
      },
    },
  );
  return { original, part, itemPdf };
}

describe('Baixar meus dados (GET /me/data-export)', () => {
  it('gives the owner every kind of item held about them, with their documents as working links, and nobody else’s data', async () => {
    const referrer = await seedCustomer(db, {
      nome_completo: 'Heitor Indicador Prado',
      email: createEmailAddress('heitor'),
    });
    const other = await seedCustomer(db, { nome_completo: 'Bianca Alheia Nunes', email: createEmailAddress('bianca') });
    const customer = await seedCustomerWithEverything(referrer);

    const data = okBody(
      await callRoute(exportMyDataRoute, exportMyData, { claims: customerClaims(customer.userId, customer.email) }),
    );

    expect(data.conta).toEqual({ email: customer.email, boas_vindas_enviadas_em: expect.any(String) });
    expect(data.perfil).toMatchObject({
      id: customer.profile.id,
      nome_completo: 'Olívia Exportável Matos',
      cpf: customer.profile.cpf,
    });
    expect(data.contratos).toHaveLength(1);
    expect(data.contratos[0]).toMatchObject({
      protocolo: customer.contract.protocolo,
      ip_assinatura: '203.0.113.7',
      evidencias_assinatura: { user_agent: 'Navegador da Olívia', texto_sha256: 'c'.repeat(64) },
    });
    expect(data.cobrancas).toEqual([expect.objectContaining({ id: customer.charge.id, status: 'RECEIVED' })]);
    expect(data.processos).toEqual([expect.objectContaining({ status: 'pago' })]);
    expect(data.historico.map((entry) => entry.para)).toContain('pago');
    // The admin who moved it is the team to the customer: which admin is the staff member's data.
    expect(data.historico.find((entry) => entry.para === 'pago')?.by_user).toBe('equipe');
    expect(data.indicacoes_feitas).toEqual([
      expect.objectContaining({ referred_email: customer.friendEmail, status: 'invited' }),
    ]);
    expect(data.indicacao_recebida).toMatchObject({ status: 'signed_up' });
    expect(data.certificados).toEqual([
      expect.objectContaining({ codigo: customer.certificate.codigo, orgaos: ['SPC', 'SERASA'] }),
    ]);
    expect(data.eventos_de_conversao).toEqual([expect.objectContaining({ cobranca_id: customer.charge.id })]);
    expect(data.registros_de_seguranca.recuperacao_de_senha_pedida_em).toEqual(expect.any(String));
    expect(data.registros_de_seguranca.conexoes_abertas).toHaveLength(1);
    expect(data.acoes_da_equipe).toEqual([
      expect.objectContaining({ action: 'process-status', after: { status: 'pago' } }),
    ]);

    // The signed links download the customer's own PDFs.
    const contractPdf = await fetch(data.contratos[0]!.documento!.url);
    expect(contractPdf.status).toBe(200);
    expect(await contractPdf.text()).toBe('%PDF-1.4 contrato da Olívia');
    const certificatePdf = await fetch(data.certificados[0]!.documento!.url);
    expect(await certificatePdf.text()).toBe('%PDF-1.4 nada consta da Olívia');
    // The filing kit's files: the item's PDF and its original, each a link that downloads it.
    expect(data.documentos_enviados).toEqual([
      expect.objectContaining({
        protocolo: customer.contract.protocolo,
        item: 'Documento de identidade com foto',
        situacao: 'Enviado',
        documento: {
          nome_arquivo: `Documento de identidade com foto — ${customer.contract.protocolo}.pdf`,
          url: expect.any(String),
        },
        arquivos: [
          expect.objectContaining({
            tipo: 'image/jpeg',
            documento: expect.objectContaining({ url: expect.any(String) }),
          }),
        ],
      }),
    ]);
    expect(await (await fetch(data.documentos_enviados[0]!.documento!.url)).text()).toBe('%PDF-1.4 RG da Olívia');
    expect(await (await fetch(data.documentos_enviados[0]!.arquivos[0]!.documento!.url)).text()).toBe('foto do RG');
    // The court's movements, in the court's words and ours.
    expect(data.movimentacoes_judiciais).toEqual([
      expect.objectContaining({
        protocolo: customer.contract.protocolo,
        codigo_tpu: 339,
        nome: 'Concedida a Medida Liminar',
        texto: expect.stringContaining('concedeu a liminar'),
      }),
    ]);
    // The WhatsApp channel: the consent's evidence, the message as read with its delivery, the reply, and the records
    // outside the partition that find them (the message's id; the number, as its SHA-256).
    expect(data.whatsapp.consentimento).toMatchObject({
      situacao: 'Autorizado',
      numero: customer.whatsapp.phone,
      ip_autorizacao: '203.0.113.9',
      texto_mostrado: expect.stringContaining('Quero receber atualizações'),
    });
    expect(data.whatsapp.mensagens).toEqual([
      expect.objectContaining({
        modelo: 'pagamento_confirmado',
        texto: expect.stringContaining('do seu processo LM123'),
        situacao: 'Enviada ao WhatsApp',
      }),
    ]);
    expect(data.whatsapp.respostas).toEqual([
      expect.objectContaining({ texto: 'Quando sai a baixa?', pediu_para_sair: false }),
    ]);
    expect(data.whatsapp.registros_de_busca.map((record) => record.referencia).sort()).toEqual(
      customer.whatsapp.outsideKeys.map((key) => key.pk.slice(key.pk.indexOf('#') + 1)).sort(),
    );
    // Shaped, not repeated raw under 'outros' with their storage keys.
    for (const type of ['KIT_ITEM', 'COURT_MOVEMENT', 'WHATSAPP_CONSENT', 'WHATSAPP_MESSAGE', 'WHATSAPP_REPLY']) {
      expect(data.outros.map((item) => item.type)).not.toContain(type);
    }

    const text = JSON.stringify(data);
    for (const foreign of [referrer, other]) {
      expect(text).not.toContain(foreign.userId);
      expect(text).not.toContain(foreign.profile.nome_completo);
      expect(text).not.toContain(foreign.profile.email);
      expect(text).not.toContain(foreign.profile.cpf);
    }
    expect(text).not.toContain(admin.email);
    expect(text).not.toContain(admin.userId);
    // Machinery is not information about the person.
    expect(text).not.toContain('segredo');
    expect(text).not.toContain('task_token');

    // The other customer's export is theirs alone.
    const theirs = okBody(
      await callRoute(exportMyDataRoute, exportMyData, { claims: customerClaims(other.userId, other.profile.email) }),
    );
    expect(theirs.perfil?.id).toBe(other.profile.id);
    expect(JSON.stringify(theirs)).not.toContain(customer.profile.nome_completo);
    expect(JSON.stringify(theirs)).not.toContain(customer.userId);
  });

  it('shows what the team did (money recorded by hand, a status moved) without which admin, and the nota fiscal without the prefeitura’s error', async () => {
    const customer = await seedCustomer(db, { email: createEmailAddress('manual') });
    const charge = await seedPendingCharge(db, { userId: customer.userId, contractId: customer.contract.id });
    const staff = createEmailAddress('equipe');
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(customer.userId), sk: keys.chargeSk(customer.contract.id, charge.id) },
        UpdateExpression: 'SET pagamento_manual = :paid, manual_refund = :refund',
        ExpressionAttributeValues: {
          ':paid': {
            valor: 399,
            data: '2026-11-20',
            motivo: 'Transferência bancária',
            por: staff,
            em: '2026-11-20T13:00:00.000Z',
          },
          ':refund': {
            valor: 399,
            data: '2026-11-22',
            motivo: 'Desistência',
            por: staff,
            em: '2026-11-22T13:00:00.000Z',
          },
        },
      }),
    );

    // The team moved the process, and the customer was e-mailed about it.
    const historyId = ulid();
    const ref = { userId: customer.userId, contractId: customer.contract.id };
    await changeProcessStatus(db, {
      ref,
      to: 'pago',
      byUser: admin.userId,
      now: new Date().toISOString(),
      newId: () => historyId,
    });
    // Its nota fiscal failed at the prefeitura: the team's to fix, and the customer never reads the prefeitura's error.
    const at = new Date().toISOString();
    await writeInvoice(db, { ...ref, chargeId: charge.id }, () => ({
      charge_id: charge.id,
      contrato_id: customer.contract.id,
      status: 'ERROR',
      valor: 399,
      status_description: 'Código de serviço municipal inválido',
      falha: 'A prefeitura recusou a nota',
      tentativa: 1,
      created_at: at,
      updated_at: at,
    }));
    const notice = statusNoticeLease(db, customer.userId, historyId);
    await notice.claim({ now: new Date(), leaseSeconds: 60 });
    await notice.complete(new Date());

    const data = okBody(
      await callRoute(exportMyDataRoute, exportMyData, {
        claims: customerClaims(customer.userId, customer.profile.email),
      }),
    );

    expect(data.historico).toEqual([expect.objectContaining({ para: 'pago', by_user: 'equipe' })]);
    // The e-mail's reference in the words it used, as the other entries of the list are.
    expect(data.comunicacoes).toContainEqual(
      expect.objectContaining({ tipo: 'E-mail de mudança de situação', referencia: 'Cadastro → Pago' }),
    );
    expect(JSON.stringify(data)).not.toContain(admin.userId);
    expect(data.notas_fiscais).toEqual([
      {
        charge_id: charge.id,
        contrato_id: customer.contract.id,
        status: 'ERROR',
        valor: 399,
        created_at: at,
        updated_at: at,
      },
    ]);
    expect(data.outros.map((item) => item.type)).not.toContain('INVOICE');
    expect(JSON.stringify(data)).not.toContain('prefeitura');
    expect(data.cobrancas).toEqual([
      expect.objectContaining({
        pagamento_manual: {
          valor: 399,
          data: '2026-11-20',
          motivo: 'Transferência bancária',
          em: '2026-11-20T13:00:00.000Z',
        },
        manual_refund: { valor: 399, data: '2026-11-22', motivo: 'Desistência', em: '2026-11-22T13:00:00.000Z' },
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain(staff);
  });

  it('refuses a caller without a token', async () => {
    expect(errorOf(await callRoute(exportMyDataRoute, exportMyData, { claims: {} })).status).toBe(401);
  });
});

describe('Solicitar exclusão (POST /me/erasure-request)', () => {
  it('records one open request whatever the parallel clicks, e-mails its protocol once and lists it for the admins', async () => {
    const email = createEmailAddress('excluir');
    const customer = await seedCustomer(db, { email, nome_completo: 'Caio Solicitante Ramos' });
    const claims = customerClaims(customer.userId, email);

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callRoute(requestErasureRoute, requestErasure, { claims })),
    );
    const bodies = answers.map(okBody);
    expect(bodies.filter((body) => body.created)).toHaveLength(1);
    const protocols = new Set(bodies.map((body) => body.request.protocolo));
    expect(protocols.size).toBe(1);
    const [protocolo] = [...protocols] as [string];
    expect(protocolo).toMatch(ERASURE_PROTOCOL_PATTERN);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);

    const again = okBody(await callRoute(requestErasureRoute, requestErasure, { claims }));
    expect(again).toMatchObject({ created: false, request: { protocolo, status: 'recebida' } });
    expect(okBody(await callRoute(getMyErasureRequestRoute, getMyErasureRequest, { claims })).request?.protocolo).toBe(
      protocolo,
    );

    const mails = await emailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Solicitação de exclusão de dados — protocolo ${protocolo}`);
    expect(mails[0]!.body?.html).toContain(protocolo);
    // Greeted by the first name, as the app greets.
    expect(mails[0]!.body?.html).toContain('Olá, Caio!');

    const list = okBody(await callRoute(listErasureRequestsRoute, listErasureRequests, { claims: adminClaims() }));
    const row = list.requests.find((request) => request.protocolo === protocolo);
    expect(row).toMatchObject({
      status: 'recebida',
      profile_id: customer.profile.id,
      nome_completo: 'Caio Solicitante Ramos',
      email,
      // An unsigned contract and no payment: nothing must be kept.
      guarda: { retida_ate: null, motivos: [] },
    });
    // Another customer sees neither the request nor the list.
    const stranger = customerClaims();
    expect(
      okBody(await callRoute(getMyErasureRequestRoute, getMyErasureRequest, { claims: stranger })).request,
    ).toBeNull();
    expect(errorOf(await callRoute(listErasureRequestsRoute, listErasureRequests, { claims: stranger })).status).toBe(
      403,
    );
  });

  it('asks for the profile first', async () => {
    const error = errorOf(await callRoute(requestErasureRoute, requestErasure, { claims: customerClaims() }));
    expect(error).toMatchObject({ status: 409, message: DATA_RIGHTS_MESSAGES.erasureNeedsProfile });
  });
});

describe('carrying an erasure request out (POST /admin/erasure-requests/{protocolo}/execution)', () => {
  it('deletes everything of a customer who never signed nor paid, and keeps the record without their name', async () => {
    const email = createEmailAddress('semcontrato');
    const userId = await cognito.signUpConfirmed(email);
    const { profile } = await createProfile(db, {
      userId,
      input: createProfileInput({ email }),
      referredByProfileId: null,
      now: new Date().toISOString(),
      initialContract: await initialContractFor(),
    });
    const { protocolo } = okBody(
      await callRoute(requestErasureRoute, requestErasure, { claims: customerClaims(userId, email) }),
    ).request;

    const { request } = await executeErasureRequest(deletionDeps(), { protocolo, caller: admin });
    expect(request).toMatchObject({ protocolo, status: 'concluida', nome_completo: null, email: null, guarda: null });
    const gone = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.profileSk } }),
    );
    expect(gone.Item).toBeUndefined();
    expect(
      (
        await db.client.send(
          new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.profileIdPointer(profile.id)) }),
        )
      ).Item,
    ).toBeUndefined();
    await expect(
      cognito.client.send(new AdminGetUserCommand({ UserPoolId: cognito.pool.userPoolId, Username: userId })),
    ).rejects.toThrow();
    // Done is done: running it again answers the same, and the customer could ask anew.
    expect((await executeErasureRequest(deletionDeps(), { protocolo, caller: admin })).request.status).toBe(
      'concluida',
    );
    expect(
      (
        await db.client.send(
          new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.openErasureRequest(userId)) }),
        )
      ).Item,
    ).toBeUndefined();
  });

  it('keeps a paying customer’s contract and payment until the legal date and erases the rest at once', async () => {
    const referrer = await seedCustomer(db);
    const customer = await seedCustomerWithEverything(referrer);
    const { protocolo } = okBody(
      await callRoute(requestErasureRoute, requestErasure, { claims: customerClaims(customer.userId, customer.email) }),
    ).request;

    const { request } = okBody(
      await callRoute(executeErasureRequestRoute, executeErasureRequestHandler, {
        claims: adminClaims(),
        params: { protocolo: protocolo.toLowerCase() },
      }),
    );
    // Paid this year: the tax records are kept until 1 January, five years after the next.
    const year = new Date().getUTCFullYear();
    expect(request).toMatchObject({ protocolo, status: 'retida', retida_ate: `${year + 6}-01-01T00:00:00.000Z` });
    expect(request.guarda?.motivos).toHaveLength(2);

    const data = okBody(
      await callRoute(exportMyDataRoute, exportMyData, { claims: customerClaims(customer.userId, customer.email) }),
    );
    expect(data.contratos).toHaveLength(1);
    expect(data.cobrancas).toHaveLength(1);
    expect(data.indicacoes_feitas).toEqual([]);
    expect(data.registros_de_seguranca).toMatchObject({
      link_magico_pedido_em: null,
      recuperacao_de_senha_pedida_em: null,
      conexoes_abertas: [],
    });
    expect(data.solicitacoes_lgpd).toEqual([expect.objectContaining({ protocolo, status: 'retida' })]);
    // WhatsApp is kept by no law: the consent, messages and replies go at once, and the pointers that found them.
    expect(data.whatsapp).toEqual({ consentimento: null, mensagens: [], respostas: [], registros_de_busca: [] });
    for (const key of customer.whatsapp.outsideKeys) {
      const { Item } = await db.client.send(
        new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
      );
      expect(Item, key.pk).toBeUndefined();
    }
    // Still open: asking again answers the same request.
    expect(
      okBody(
        await callRoute(requestErasureRoute, requestErasure, {
          claims: customerClaims(customer.userId, customer.email),
        }),
      ),
    ).toMatchObject({ created: false, request: { protocolo, status: 'retida' } });
  });

  it("keeps the filing kit's files with the contract while it is retained, and erases them when the retention ends", async () => {
    const email = createEmailAddress('kitapagar');
    const userId = await cognito.signUpConfirmed(email);
    const { contract } = await createProfile(db, {
      userId,
      input: createProfileInput({ email }),
      referredByProfileId: null,
      now: new Date().toISOString(),
      initialContract: await initialContractFor(),
    });
    await seedSignature(db, { userId, contract: { id: contract.id } });
    const ref = { userId, contractId: contract.id };
    const charge = await seedPendingCharge(db, ref);
    await recordChargeStatus(db, { ...ref, chargeId: charge.id }, 'PENDING', 'RECEIVED', new Date().toISOString());
    await changeProcessStatus(db, { ref, to: 'pago', byUser: admin.email, now: new Date().toISOString() });
    const kit = await seedKitItem(userId, contract.id);
    await changeProcessStatus(db, { ref, to: 'encerrado', byUser: admin.email, now: new Date().toISOString() });
    const { protocolo } = okBody(
      await callRoute(requestErasureRoute, requestErasure, { claims: customerClaims(userId, email) }),
    ).request;
    const exists = async (key: string) => (await fetch(await readLink(key))).status === 200;

    // Today: the contract and the payment are kept, and the documents sent for that contract with them.
    expect((await executeErasureRequest(deletionDeps(), { protocolo, caller: admin })).request.status).toBe('retida');
    expect(await exists(kit.original)).toBe(true);

    // Seven years later the retention has ended: the client's deletion erases every version of every kit file.
    const later = new Date(Date.now() + 7 * 366 * 24 * 3600 * 1000);
    const { request } = await executeErasureRequest(
      { ...deletionDeps(), clock: () => later },
      { protocolo, caller: admin },
    );
    expect(request.status).toBe('concluida');
    for (const key of [kit.original, kit.part, kit.itemPdf]) expect(await exists(key)).toBe(false);
    expect(
      (
        await db.client.send(
          new GetCommand({
            TableName: db.tableName,
            Key: { pk: keys.customer(userId), sk: keys.kitItemSk(contract.id, 'identidade') },
          }),
        )
      ).Item,
    ).toBeUndefined();
  }, 60_000);

  it('answers 404 for an unknown protocol and 400 for a malformed one', async () => {
    const unknown = await callRoute(executeErasureRequestRoute, executeErasureRequestHandler, {
      claims: adminClaims(),
      params: { protocolo: 'LGPD-20260101-ABCDEFGH' },
    });
    expect(errorOf(unknown)).toMatchObject({ status: 404, message: DATA_RIGHTS_MESSAGES.requestNotFound });
    const malformed = await callRoute(executeErasureRequestRoute, executeErasureRequestHandler, {
      claims: adminClaims(),
      params: { protocolo: 'nada' },
    });
    expect(errorOf(malformed).status).toBe(400);
  });
});

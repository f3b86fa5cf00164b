import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { createHash } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { downloadContractByLinkRoute, getContractPdfRoute, signContractRoute } from '../../domain/api/contracts.js';
import { contractText } from '../../domain/contract-text.js';
import { API_MESSAGES, CONTRACT_LINK_MESSAGES, CONTRACT_MESSAGES } from '../../domain/messages.js';
import { CONTRACT_LINK_DAYS, signContractLink } from '../../lambdas/contracts/contract-link.js';
import { handler as downloadContractByLink } from '../../lambdas/contracts/download-contract-by-link.js';
import { handler as getContractPdf } from '../../lambdas/contracts/get-contract-pdf.js';
import { handler as signContract } from '../../lambdas/contracts/sign-contract.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { customerClaims, SIGNING_CONSENT } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { INTEGRATION_BUCKET, INTEGRATION_SECRETS } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer } from './seed.js';

// SignContract's handler runs on the table as its grants reach it; seeds use the tests' own client.
guardLambdaTableAs('SignContract');
const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });

const sign = (userId: string, contractId: string) =>
  callRoute(signContractRoute, signContract, {
    claims: customerClaims(userId),
    params: { contractId },
    body: SIGNING_CONSENT,
  });

const storedPdf = async (key: string) =>
  (await (await s3.send(new GetObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: key }))).Body!).transformToByteArray();

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** The token of the 'Contrato assinado' e-mail's link to the PDF (`<app>/contrato/<token>`). */
function contractLinkToken(html: string | undefined): string {
  const token = /href="http:\/\/127\.0\.0\.1:5173\/contrato\/([^"]+)"/.exec(html ?? '')?.[1];
  if (!token) throw new Error('the e-mail carries no link to the contract');
  return token;
}

const byLink = (token: string) => callRoute(downloadContractByLinkRoute, downloadContractByLink, { params: { token } });

describe('POST /me/contracts/{contractId}/signature', () => {
  it('signs once with server-side evidence, moves the process to pagamento_pendente and stores the PDF', async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    const before = await getAdminCounters(db);
    const result = okBody(await sign(userId, contract.id));
    expect(result).toMatchObject({ processStatus: 'pagamento_pendente', next: '/app/pagamento' });
    expect(result.contract.assinado_em).toBeTruthy();
    expect(result.contract.ip_assinatura).toBe('127.0.0.1');
    expect(result.contract.geo_assinatura).toEqual({
      cidade: 'N/A',
      estado: 'N/A',
      pais: 'Brasil',
      latitude: null,
      longitude: null,
    });

    const collection = await getCustomerCollection(db, userId);
    expect(collection.processes[0]?.status).toBe('pagamento_pendente');
    expect(collection.history.map((h) => [h.de, h.para])).toEqual([
      ['contrato_assinado', 'pagamento_pendente'],
      ['cadastro', 'contrato_assinado'],
    ]);
    const after = await getAdminCounters(db);
    expect(after.clients.withContract).toBe(before.clients.withContract + 1);
    expect(after.processes.byStatus.pagamento_pendente).toBe(before.processes.byStatus.pagamento_pendente + 1);

    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.contractSk(contract.id) } }),
    );
    const expectedHash = createHash('sha256')
      .update(contractText(contract, profile, EXAMPLE_COMPANY))
      .digest('hex');
    expect(Item?.assinatura).toMatchObject({
      text_sha256: expectedHash,
      user_agent: 'vitest',
      aceite: 'Li e concordo com os termos do contrato',
    });
    const bytes = await storedPdf(Item!.assinatura.pdf_key);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    // The PDF prints the evidence it says was recorded: the acceptance and the text's SHA-256 in full.
    const printed = await pdfText(bytes);
    // The line breaks before the hash when the hash's glyphs are wide (it depends on the text): a space either way.
    expect(printed).toMatch(new RegExp(`Resumo SHA-256 do texto assinado:\\s+${expectedHash}`));
    expect(printed).toContain(
      'Aceite: antes de assinar, o CONTRATANTE marcou a declaração “Li e concordo com os termos do contrato”.',
    );
    expect(printed).toContain('Endereço IP: 127.0.0.1.');

    const [email] = await emailsTo(profile.email);
    expect(email?.subject).toBe(`Contrato assinado — protocolo ${contract.protocolo}`);
  });

  it.each([
    ['no body', undefined],
    ['an unticked box', { aceite: false }],
    ['other words', { aceite: 'Li e aceito' }],
  ])('refuses a signature without the acceptance (%s) with a pt-BR 400, and signs nothing', async (_case, body) => {
    const { userId, profile, contract } = await seedCustomer(db);
    const refused = await callRoute(signContractRoute, signContract, {
      claims: customerClaims(userId),
      params: { contractId: contract.id },
      body,
    });
    expect(errorOf(refused)).toMatchObject({
      status: 400,
      code: 'validation',
      message: API_MESSAGES.invalidRequest,
      fields: { aceite: CONTRACT_MESSAGES.consentRequired },
    });
    const collection = await getCustomerCollection(db, userId);
    expect(collection.contracts[0]?.assinado_em).toBeNull();
    expect(collection.processes[0]?.status).toBe('cadastro');
    expect(await emailsTo(profile.email)).toEqual([]);
  });

  it("records the viewer's address and location from CloudFront's headers as evidence", async () => {
    const { userId, contract } = await seedCustomer(db);
    const result = okBody(
      await callRoute(signContractRoute, signContract, {
        claims: customerClaims(userId),
        params: { contractId: contract.id },
        body: SIGNING_CONSENT,
        headers: {
          'cloudfront-viewer-address': '2804:14c:5b80:8f2a::7:51234',
          'cloudfront-viewer-city': 'S%C3%A3o%20Louren%C3%A7o',
          'cloudfront-viewer-country-region': 'MG',
          'cloudfront-viewer-country': 'BR',
          'cloudfront-viewer-latitude': '-22.11640',
          'cloudfront-viewer-longitude': '-45.05440',
        },
      }),
    );
    expect(result.contract.ip_assinatura).toBe('2804:14c:5b80:8f2a::7');
    expect(result.contract.geo_assinatura).toEqual({
      cidade: 'São Lourenço',
      estado: 'MG',
      pais: 'Brasil',
      latitude: -22.1164,
      longitude: -45.0544,
    });
  });

  it('refuses a request that bypassed CloudFront (no origin header) and signs nothing', async () => {
    const { userId, contract } = await seedCustomer(db);
    const forged = await callRoute(signContractRoute, signContract, {
      claims: customerClaims(userId),
      params: { contractId: contract.id },
      body: SIGNING_CONSENT,
      bypassCloudFront: true,
      headers: { 'x-origin-verify': 'guessed-value', 'cloudfront-viewer-city': 'Lisboa' },
    });
    expect(errorOf(forged)).toMatchObject({ status: 403, code: 'forbidden' });
    const collection = await getCustomerCollection(db, userId);
    expect(collection.contracts[0]?.assinado_em).toBeNull();
  });

  it('makes one signature out of 20 parallel attempts; the others get "Contrato já assinado"', async () => {
    const { userId, contract } = await seedCustomer(db);
    const before = await getAdminCounters(db);
    const results = await Promise.all(Array.from({ length: 20 }, () => sign(userId, contract.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(errorOf(refused)).toMatchObject({
        status: 409,
        reason: 'contract_already_signed',
        message: CONTRACT_MESSAGES.alreadySigned,
      });
    }
    const collection = await getCustomerCollection(db, userId);
    expect(collection.history).toHaveLength(2);
    const after = await getAdminCounters(db);
    expect(after.clients.withContract).toBe(before.clients.withContract + 1);
    expect(after.processes.byStatus.pagamento_pendente).toBe(before.processes.byStatus.pagamento_pendente + 1);
  });

  it("answers 404 for another customer's contract and for an unknown id, changing nothing", async () => {
    const owner = await seedCustomer(db);
    const intruder = await seedCustomer(db);
    expect(errorOf(await sign(intruder.userId, owner.contract.id))).toMatchObject({
      status: 404,
      reason: 'contract_not_found',
      message: CONTRACT_MESSAGES.notFoundOrSigned,
    });
    expect((await getCustomerCollection(db, owner.userId)).contracts[0]?.assinado_em).toBeNull();
    expect(errorOf(await sign(owner.userId, 'not-a-contract-id')).status).toBe(400);
  });
});

describe('the signed contract the customer keeps', () => {
  it("links the stored PDF from the 'Contrato assinado' e-mail; the link downloads it without signing in", async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    okBody(await sign(userId, contract.id));
    const [email] = await emailsTo(profile.email);
    expect(email?.body?.html).toContain('Baixar o contrato assinado (PDF)');
    expect(email?.body?.html).toContain(`O link vale por ${CONTRACT_LINK_DAYS} dias`);

    const answer = okBody(await byLink(contractLinkToken(email?.body?.html)));
    expect(answer.protocolo).toBe(contract.protocolo);
    const download = await fetch(answer.pdf_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`Contrato ${contract.protocolo}.pdf`);
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.contractSk(contract.id) } }),
    );
    expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(await storedPdf(Item!.assinatura.pdf_key)));
  });

  it('refuses a tampered, expired, foreign-key or malformed link with one pt-BR 404', async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    const other = await seedCustomer(db);
    okBody(await sign(userId, contract.id));
    const [email] = await emailsTo(profile.email);
    const token = contractLinkToken(email?.body?.html);
    const [payload, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const key = Buffer.from(INTEGRATION_SECRETS.contractLinkKey, 'utf8');
    const owner = { userId, contractId: contract.id };
    const yearAndADayAgo = new Date(Date.now() - (CONTRACT_LINK_DAYS + 1) * 24 * 60 * 60 * 1000);
    const refused = {
      // Another customer's id under the genuine signature.
      tampered: `${Buffer.from(JSON.stringify({ ...claims, sub: other.userId }), 'utf8').toString('base64url')}.${mac}`,
      flippedMac: `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      expired: signContractLink(key, owner, yearAndADayAgo),
      otherKey: signContractLink(Buffer.from('another-key-of-at-least-32-bytes-0123456789'), owner, new Date()),
      malformed: 'not-a-token',
    };
    for (const [name, bad] of Object.entries(refused)) {
      expect({ name, error: errorOf(await byLink(bad)) }).toMatchObject({
        name,
        error: { status: 404, message: CONTRACT_LINK_MESSAGES.invalid },
      });
    }
    // A year less a day is still good.
    const nearlyAYearAgo = new Date(Date.now() - (CONTRACT_LINK_DAYS - 1) * 24 * 60 * 60 * 1000);
    expect(okBody(await byLink(signContractLink(key, owner, nearlyAYearAgo))).protocolo).toBe(contract.protocolo);
  });

  it('downloads the caller’s own signed PDF from the contract page, and nobody else’s', async () => {
    const owner = await seedCustomer(db);
    const intruder = await seedCustomer(db);
    const unsigned = await seedCustomer(db);
    okBody(await sign(owner.userId, owner.contract.id));
    const pdfOf = (userId: string, contractId: string) =>
      callRoute(getContractPdfRoute, getContractPdf, { claims: customerClaims(userId), params: { contractId } });

    const own = okBody(await pdfOf(owner.userId, owner.contract.id));
    const download = await fetch(own.pdf_url);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    for (const [userId, contractId] of [
      [intruder.userId, owner.contract.id],
      [unsigned.userId, unsigned.contract.id],
    ] as const) {
      expect(errorOf(await pdfOf(userId, contractId))).toMatchObject({
        status: 404,
        message: CONTRACT_MESSAGES.pdfUnavailable,
      });
    }
  });
});

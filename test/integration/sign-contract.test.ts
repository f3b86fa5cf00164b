import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { createHash } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { signContractRoute } from '../../domain/api/contracts.js';
import { contractText } from '../../domain/contract-text.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { handler as signContract } from '../../lambdas/contracts/sign-contract.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { INTEGRATION_BUCKET } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer } from './seed.js';

// SignContract's handler runs on the table as its grants reach it (issue 20, item 7); seeds use the tests' own client.
guardLambdaTableAs('SignContract');
const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });

const sign = (userId: string, contractId: string) =>
  callRoute(signContractRoute, signContract, { claims: customerClaims(userId), params: { contractId } });

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
    expect(Item?.assinatura).toMatchObject({ text_sha256: expectedHash, user_agent: 'vitest' });
    const pdf = await s3.send(new GetObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: Item!.assinatura.pdf_key }));
    const bytes = await pdf.Body!.transformToByteArray();
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');

    const [email] = await emailsTo(profile.email);
    expect(email?.subject).toBe(`Contrato assinado — protocolo ${contract.protocolo}`);
  });

  it("records the viewer's address and location from CloudFront's headers as evidence", async () => {
    const { userId, contract } = await seedCustomer(db);
    const result = okBody(
      await callRoute(signContractRoute, signContract, {
        claims: customerClaims(userId),
        params: { contractId: contract.id },
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

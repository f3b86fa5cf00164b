import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { extractText, getDocumentProxy } from 'unpdf';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { signContractRoute } from '../../domain/api/contracts.js';
import { issueNadaConstaRoute } from '../../domain/api/nada-consta.js';
import { createProfileRoute } from '../../domain/api/profile.js';
import { PROFILE_MESSAGES } from '../../domain/messages.js';
import { parseVerificationCode } from '../../domain/nada-consta.js';
import { fullProtocol } from '../../domain/protocol.js';
import { handler as issueNadaConsta } from '../../lambdas/certificates/issue-nada-consta.js';
import { handler as signContract } from '../../lambdas/contracts/sign-contract.js';
import { handler as createProfile } from '../../lambdas/profile/create-profile.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { createProfileInput, customerClaims, SIGNING_CONSENT } from '../factories.js';
import { EMOJI_NAME, INVISIBLE_NAMES, PRINTABLE_NAMES } from '../names.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET } from './global-setup.js';
import { seedCustomer } from './seed.js';

/** Every test name through profile → signing → Nada Consta, on the real handlers and emulators. */
const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });

async function pdfText(key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: key }));
  const bytes = await object.Body!.transformToByteArray();
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.normalize('NFC').replace(/\s+/g, ' ');
}

function formBody(nome_completo: string) {
  const { email: _email, ...input } = createProfileInput({ nome_completo });
  return input;
}

/** Signs with a viewer city that needs cleaning too (decomposed accent, zero-width space), as CloudFront encodes it. */
async function signAndReadPdf(userId: string, contractId: string): Promise<string> {
  const signed = await callRoute(signContractRoute, signContract, {
    claims: customerClaims(userId),
    params: { contractId },
    body: SIGNING_CONSENT,
    headers: { 'cloudfront-viewer-city': encodeURIComponent('Sa\u0303o\u200B Lourenc\u0327o') },
  });
  expect(signed.status).toBe(200);
  expect(okBody(signed).contract.geo_assinatura?.cidade).toBe('São Lourenço');
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) } }),
  );
  return pdfText(Item!.assinatura.pdf_key as string);
}

/** Moves the process to a granted removal and issues the Nada Consta; returns its PDF's text. */
async function nadaConstaText(userId: string, contractId: string, protocolo: string, email: string) {
  const ref = { userId, contractId };
  for (const to of ['pago', 'peticionado', 'baixa_deferida'] as const) {
    await changeProcessStatus(db, { ref, to, byUser: 'admin', now: new Date().toISOString() });
  }
  const address = `2001:db8:${ulid().slice(-4).toLowerCase()}::7`;
  const issued = await callRoute(issueNadaConstaRoute, issueNadaConsta, {
    body: { protocolo: fullProtocol(protocolo), email, a: 3, b: 5, answer: 8 },
    headers: { 'cloudfront-viewer-address': `${address}:443` },
  });
  const code = parseVerificationCode(okBody(issued).codigo_verificacao!)!;
  return pdfText(`customers/${userId}/nada-consta/${code}.pdf`);
}

describe('names in any alphabet: profile → signing → Nada Consta', () => {
  it.each(PRINTABLE_NAMES)('$printed is saved in NFC, signed and certified', async ({ typed, printed, masked }) => {
    const userId = ulid();
    const claims = customerClaims(userId);
    const created = await callRoute(createProfileRoute, createProfile, { claims, body: formBody(typed) });
    expect(created.status).toBe(201);
    const { profile, contract } = okBody(created);
    expect(profile.nome_completo).toBe(printed);

    const contractPdf = await signAndReadPdf(userId, contract.id);
    expect(contractPdf).toContain(`CONTRATANTE: ${printed}, inscrito(a)`);
    expect(contractPdf).toContain('Localização aproximada: São Lourenço/');

    const certificate = await nadaConstaText(userId, contract.id, contract.protocolo, profile.email);
    expect(certificate).toContain(`Titular ${masked} CPF`);
  });

  it('refuses an emoji and invisible characters with 400 and a pt-BR message, saving nothing', async () => {
    for (const [name, message] of [
      [EMOJI_NAME, PROFILE_MESSAGES.unsupportedCharacters],
      ...INVISIBLE_NAMES.map((invisible) => [invisible, PROFILE_MESSAGES.invisibleCharacters] as const),
    ] as const) {
      const userId = ulid();
      const result = await callRoute(createProfileRoute, createProfile, {
        claims: customerClaims(userId),
        body: formBody(name),
      });
      expect(errorOf(result)).toMatchObject({ status: 400, fields: { nome_completo: message } });
      expect((await getCustomerCollection(db, userId)).profile).toBeNull();
    }
  });

  it('lets a customer whose stored name the schema now refuses still sign and get a Nada Consta', async () => {
    // Written by the data layer, as a profile saved before this schema was.
    const stored = `Ana 😀\u200B Maria\u202E Souza`;
    const { userId, profile, contract } = await seedCustomer(db, { nome_completo: stored });
    expect(profile.nome_completo).toBe(stored);

    const contractPdf = await signAndReadPdf(userId, contract.id);
    expect(contractPdf).toContain('CONTRATANTE: Ana ? Maria Souza, inscrito(a)');

    const certificate = await nadaConstaText(userId, contract.id, contract.protocolo, profile.email);
    expect(certificate).toContain('Titular Ana S. CPF');
  });
});

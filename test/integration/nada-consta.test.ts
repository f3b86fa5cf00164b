import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { inMiddleOfWindow } from './rate-window.js';
import { issueNadaConstaRoute, verifyNadaConstaRoute } from '../../domain/api/nada-consta.js';
import { formatDate, formatDateTime } from '../../domain/dates.js';
import { NADA_CONSTA_MESSAGES, RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { parseVerificationCode } from '../../domain/nada-consta.js';
import { fullProtocol } from '../../domain/protocol.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { handler as issueNadaConsta } from '../../lambdas/certificates/issue-nada-consta.js';
import { handler as verifyNadaConsta } from '../../lambdas/certificates/verify-nada-consta.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET, INTEGRATION_VALUES } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer } from './seed.js';

const db = testDb();
const s3 = new S3Client({ forcePathStyle: true });

const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::9`;
const viewer = (ip = freshAddress()) => ({ 'cloudfront-viewer-address': `${ip}:443` });

type IssueBody = { protocolo: string; email: string; a?: number; b?: number; answer?: number };
const issue = (body: IssueBody, ip?: string) =>
  callRoute(issueNadaConstaRoute, issueNadaConsta, {
    body: { a: 3, b: 5, answer: 8, ...body },
    headers: viewer(ip),
  });
const verify = (code: string, ip?: string) =>
  callRoute(verifyNadaConstaRoute, verifyNadaConsta, { params: { code }, headers: viewer(ip) });

/** A customer whose process reached `status` through the real status changes (pattern 13). */
async function customerAt(status: 'baixa_deferida' | 'peticionado', overrides = {}) {
  const seeded = await seedCustomer(db, overrides);
  const ref = { userId: seeded.userId, contractId: seeded.contract.id };
  for (const to of ['pago', 'peticionado', 'baixa_deferida'] as const) {
    await changeProcessStatus(db, { ref, to, byUser: 'admin', now: new Date().toISOString() });
    if (to === status) break;
  }
  const { processes } = await getCustomerCollection(db, seeded.userId);
  return { ...seeded, ref, process: processes[0]! };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function storedObject(key: string): Promise<Uint8Array> {
  const object = await s3.send(new GetObjectCommand({ Bucket: INTEGRATION_BUCKET, Key: key }));
  return object.Body!.transformToByteArray();
}

async function certificateItem(userId: string, contractId: string, grantedAt: string) {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.certificateSk(contractId, grantedAt) },
    }),
  );
  return Item;
}

describe('POST /public/nada-consta', () => {
  it('issues the PDF for a granted removal and the e-mail on file, stores it with its hash and e-mails it', async () => {
    const customer = await customerAt('baixa_deferida');
    const { profile, contract, process } = customer;
    const issuedAt = Date.now();
    const body = okBody(
      await issue({ protocolo: fullProtocol(contract.protocolo), email: ` ${profile.email.toUpperCase()} ` }),
    );
    expect(body.success).toBe(true);
    const code = parseVerificationCode(body.codigo_verificacao!)!;
    expect(body.codigo_verificacao).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(body.url_verificacao).toBe(`${INTEGRATION_VALUES.appUrl}/verificar/${body.codigo_verificacao}`);

    // The record: masked data only, the object's key under the customer, and the object's SHA-256.
    const item = await certificateItem(customer.userId, contract.id, process.baixa_deferida_em!);
    expect(item).toMatchObject({
      type: 'CERTIFICATE',
      codigo: code,
      protocolo: contract.protocolo,
      nome_cliente: 'Maria S.',
      cpf_cliente: `***.${profile.cpf.slice(3, 6)}.${profile.cpf.slice(6, 9)}-**`,
      orgaos: ['SPC', 'SERASA', 'BOA VISTA', 'SCPC'],
      pdf_key: `customers/${customer.userId}/nada-consta/${code}.pdf`,
    });
    expect(JSON.stringify(item)).not.toContain(profile.cpf);
    expect(JSON.stringify(item)).not.toContain(profile.email);
    const pointer = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.certificatePointer(code)) }),
    );
    expect(pointer.Item).toMatchObject({ user_id: customer.userId, contrato_id: contract.id });
    const stored = await storedObject(item!.pdf_key as string);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(item!.sha256);

    // The link: a 5-minute presigned GET of exactly that key, which downloads the same PDF.
    const url = new URL(body.pdf_url!);
    expect(decodeURIComponent(url.pathname)).toBe(`/${INTEGRATION_BUCKET}/${item!.pdf_key as string}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toContain('Nada Consta');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(stored))).toBe(true);

    // What the PDF says.
    const text = await pdfText(stored);
    for (const expected of [
      'Nada Consta',
      'Maria S.',
      `***.${profile.cpf.slice(3, 6)}.${profile.cpf.slice(6, 9)}-**`,
      fullProtocol(contract.protocolo),
      'SPC, SERASA, BOA VISTA, SCPC',
      `Baixa deferida em ${formatDate(process.baixa_deferida_em)}`,
      body.codigo_verificacao!,
      body.url_verificacao!,
      'A baixa é temporária',
    ]) {
      expect(text).toContain(expected);
    }
    const printedIssue = /Emitido em (\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})/.exec(text)?.[1];
    expect([formatDateTime(issuedAt), formatDateTime(issuedAt + 60_000)]).toContain(printedIssue);
    expect(text).not.toContain(profile.cpf);
    expect(text).not.toContain('Conceição');

    // The e-mail: to the address on file, with the verification link and the same PDF attached.
    const [email] = await emailsTo(profile.email);
    expect(email?.subject).toContain(fullProtocol(contract.protocolo));
    expect(email?.body?.html).toContain(`href="${body.url_verificacao}"`);
    const attachment = (email as { attachments?: { filename?: string; content: string }[] }).attachments?.[0];
    expect(attachment?.filename).toBe(`Nada Consta ${fullProtocol(contract.protocolo)}.pdf`);
    expect(Buffer.from(attachment!.content, 'base64').equals(Buffer.from(stored))).toBe(true);
  });

  it('refuses every other case with the same 422 and message: unknown protocol, other status, other e-mail', async () => {
    const granted = await customerAt('baixa_deferida');
    const filed = await customerAt('peticionado');
    const other = await customerAt('baixa_deferida');
    const refusals = [
      await issue({ protocolo: 'LM2099010199999', email: granted.profile.email }),
      await issue({ protocolo: filed.contract.protocolo, email: filed.profile.email }),
      await issue({ protocolo: granted.contract.protocolo, email: other.profile.email }),
      await issue({ protocolo: granted.contract.protocolo, email: `x${granted.profile.email}` }),
    ].map((result) => errorOf(result));
    for (const refusal of refusals) {
      expect(refusal).toEqual({ status: 422, code: 'validation', message: NADA_CONSTA_MESSAGES.notIssued });
    }
    expect(await emailsTo(granted.profile.email)).toEqual([]);
    expect(await emailsTo(filed.profile.email)).toEqual([]);
    // The right e-mail in another case works.
    expect(okBody(await issue({ protocolo: other.contract.protocolo, email: other.profile.email })).success).toBe(true);
  });

  it('checks the security sum on the server and the fields, with 400s in Portuguese', async () => {
    const { contract, profile } = await customerAt('baixa_deferida');
    const wrongSum = errorOf(
      await issue({ protocolo: contract.protocolo, email: profile.email, a: 2, b: 2, answer: 5 }),
    );
    expect(wrongSum).toMatchObject({ status: 400, fields: { answer: NADA_CONSTA_MESSAGES.invalidCheck } });
    const outOfRange = errorOf(
      await issue({ protocolo: contract.protocolo, email: profile.email, a: 9, b: 1, answer: 10 }),
    );
    expect(outOfRange).toMatchObject({ status: 400, fields: { a: NADA_CONSTA_MESSAGES.invalidCheck } });
    const missing = errorOf(await issue({ protocolo: ' ', email: 'nope' }));
    expect(missing).toMatchObject({
      status: 400,
      fields: { protocolo: NADA_CONSTA_MESSAGES.protocolRequired, email: NADA_CONSTA_MESSAGES.invalidEmail },
    });
    expect(await emailsTo(profile.email)).toEqual([]);
  });

  it('reuses the certificate of the same grant: same code and PDF, a new link, also under parallel requests', async () => {
    const { contract, profile, userId, process } = await customerAt('baixa_deferida');
    // Four at once and a fifth later: the protocol's allowance for the hour.
    const results = await Promise.all(
      Array.from({ length: 4 }, () => issue({ protocolo: contract.protocolo, email: profile.email })),
    );
    const codes = new Set(results.map((result) => okBody(result).codigo_verificacao));
    expect(codes.size).toBe(1);
    const item = await certificateItem(userId, contract.id, process.baixa_deferida_em!);
    const again = okBody(await issue({ protocolo: contract.protocolo, email: profile.email }, freshAddress()));
    expect(again.codigo_verificacao).toBe([...codes][0]);
    const [first, second] = [new URL(okBody(results[0]!).pdf_url!), new URL(again.pdf_url!)];
    expect(second.pathname).toBe(first.pathname);
    expect(decodeURIComponent(second.pathname)).toContain(item!.pdf_key as string);
    // Every success e-mails the same PDF again.
    const emails = await emailsTo(profile.email);
    expect(emails).toHaveLength(5);
    const stored = await storedObject(item!.pdf_key as string);
    for (const email of emails) {
      const attachment = (email as { attachments?: { content: string }[] }).attachments?.[0];
      expect(Buffer.from(attachment!.content, 'base64').equals(Buffer.from(stored))).toBe(true);
    }
  });

  it('is rate-limited per protocol (wrong e-mails count) and per address', () =>
    inMiddleOfWindow(RATE_LIMITS.nadaConstaByProtocol.windowSeconds, async () => {
      const { contract, profile } = await customerAt('baixa_deferida');
      for (let i = 0; i < RATE_LIMITS.nadaConstaByProtocol.limit; i++) {
        expect((await issue({ protocolo: contract.protocolo, email: `guess${i}@example.com` })).status).toBe(422);
      }
      // The right e-mail is refused too now: guessing has run out for this protocol.
      expect(errorOf(await issue({ protocolo: contract.protocolo, email: profile.email }))).toMatchObject({
        status: 429,
        code: 'too_many_requests',
        message: RATE_LIMIT_MESSAGES.tooManyRequests,
      });

      const ip = freshAddress();
      for (let i = 0; i < RATE_LIMITS.nadaConstaByAddress.limit; i++) {
        expect(
          (await issue({ protocolo: `LM20990101${String(i).padStart(5, '0')}`, email: 'a@example.com' }, ip)).status,
        ).toBe(422);
      }
      expect(errorOf(await issue({ protocolo: 'LM2099010100099', email: 'a@example.com' }, ip)).status).toBe(429);
    }));
});

describe('GET /public/nada-consta/{code}', () => {
  it('shows the masked data and vigente, then não vigente once the removal falls', async () => {
    const { contract, profile, ref, process } = await customerAt('baixa_deferida');
    const issued = okBody(await issue({ protocolo: contract.protocolo, email: profile.email }));
    const code = issued.codigo_verificacao!;
    const item = await certificateItem(ref.userId, ref.contractId, process.baixa_deferida_em!);

    const shown = okBody(await verify(code.toLowerCase().replaceAll('-', '')));
    expect(shown).toEqual({
      codigo: code,
      vigente: true,
      nome_cliente: 'Maria S.',
      cpf_cliente: `***.${profile.cpf.slice(3, 6)}.${profile.cpf.slice(6, 9)}-**`,
      protocolo: contract.protocolo,
      protocolo_completo: fullProtocol(contract.protocolo),
      orgaos: ['SPC', 'SERASA', 'BOA VISTA', 'SCPC'],
      baixa_deferida_em: process.baixa_deferida_em,
      emitido_em: item!.emitido_em,
      sha256: item!.sha256,
    });

    await changeProcessStatus(db, { ref, to: 'baixa_caiu', byUser: 'admin', now: new Date().toISOString() });
    expect(okBody(await verify(code)).vigente).toBe(false);
    // Nor can a new one be issued while it is down.
    expect(errorOf(await issue({ protocolo: contract.protocolo, email: profile.email })).status).toBe(422);
  });

  it('answers 404 in Portuguese for unknown and malformed codes', async () => {
    for (const code of ['ZZZZ-ZZZZ-ZZZZ', 'nada', 'ABCD-1234-WXYU', '%00', 'x'.repeat(300)]) {
      expect(errorOf(await verify(code))).toMatchObject({
        status: 404,
        message: NADA_CONSTA_MESSAGES.certificateNotFound,
      });
    }
  });

  it('is rate-limited per address', () =>
    inMiddleOfWindow(RATE_LIMITS.verificationByAddress.windowSeconds, async () => {
      const ip = freshAddress();
      for (let i = 0; i < RATE_LIMITS.verificationByAddress.limit; i++) {
        expect((await verify('ZZZZ-ZZZZ-ZZZZ', ip)).status).toBe(404);
      }
      expect(errorOf(await verify('ZZZZ-ZZZZ-ZZZZ', ip))).toMatchObject({
        status: 429,
        message: RATE_LIMIT_MESSAGES.tooManyRequests,
      });
    }));
});

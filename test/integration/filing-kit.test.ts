import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeAdminProcessStatusRoute, listAdminProcessesRoute } from '../../domain/api/admin-processes.js';
import { searchAdminRoute } from '../../domain/api/admin-search.js';
import {
  confirmKitUploadRoute,
  createKitUploadRoute,
  getAdminKitFileRoute,
  getMyKitFileRoute,
  getMyKitRoute,
  reviewKitItemRoute,
  type KitView,
} from '../../domain/api/filing-kit.js';
import { KIT_MESSAGES, KIT_PDF_TARGET, type KitItemKey, type KitUploadType } from '../../domain/filing-kit.js';
import { handler as changeStatus } from '../../lambdas/admin/processes/change-admin-process-status.js';
import { handler as listProcesses } from '../../lambdas/admin/processes/list-admin-processes.js';
import { handler as searchAdmin } from '../../lambdas/admin/search/search-admin.js';
import { handler as confirmUpload } from '../../lambdas/kit/confirm-kit-upload.js';
import { handler as createUpload } from '../../lambdas/kit/create-kit-upload.js';
import { handler as adminFile } from '../../lambdas/kit/get-admin-kit-file.js';
import { handler as getKit } from '../../lambdas/kit/get-my-kit.js';
import { handler as myFile } from '../../lambdas/kit/get-my-kit-file.js';
import { handler as review } from '../../lambdas/kit/review-kit-item.js';
import { kitKeys } from '../../lambdas/kit/kit-service.js';
import { createS3DocumentEraser, createS3Documents, MALWARE_SCAN_TAG } from '../../lambdas/providers/documents.js';
import { countKitItemsAwaitingReview, kitItemsAwaitingReview } from '../../lambdas/shared/data/filing-kit.js';
import { changeProcessStatus, getProcess } from '../../lambdas/shared/data/processes.js';
import { EICAR } from '../../local/services/s3-post-policy.js';
import { SIGNED_PDF_MESSAGES } from '../../domain/signed-pdf.js';
import {
  createHolderP12,
  createTestAuthority,
  createUnsignedPdf,
  signPdf,
  type TestAuthority,
} from '../signed-pdfs.js';
import { adminClaims, createCnjNumber, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET } from './global-setup.js';
import { seedCustomer, seedSignature } from './seed.js';

const db = testDb();
const documents = createS3Documents({ bucket: INTEGRATION_BUCKET, pathStyle: true });
const s3 = new S3Client({ forcePathStyle: true });
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/kit/${name}`, import.meta.url)));

/** A customer whose contract is signed and paid: the kit is open. */
async function paidCustomer(overrides: Parameters<typeof seedCustomer>[1] = {}) {
  const customer = await seedCustomer(db, overrides);
  await seedSignature(db, customer);
  const ref = { userId: customer.userId, contractId: customer.contract.id };
  await changeProcessStatus(db, {
    ref,
    to: 'pago',
    byUser: 'sistema',
    now: new Date().toISOString(),
    previsao: new Date().toISOString(),
  });
  return { ...customer, ref, claims: customerClaims(customer.userId, customer.profile.email) };
}

type Customer = Awaited<ReturnType<typeof paidCustomer>>;

/** What the browser does: asks for the form, POSTs the fields then the file to S3, and returns S3's answer. */
async function postToS3(
  claims: Record<string, string>,
  item: KitItemKey,
  bytes: Uint8Array,
  type: KitUploadType,
  tamper: (form: FormData, fields: Record<string, string>) => void = () => {},
  /** The size the browser announces (the server refuses more than 10 MB before signing anything). */
  declared = Math.max(1, Math.min(bytes.byteLength, 10 * 1024 * 1024)),
) {
  const upload = okBody(
    await callRoute(createKitUploadRoute, createUpload, {
      claims,
      body: { item, contentType: type, bytes: declared },
    }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  tamper(form, upload.fields);
  form.append('file', new Blob([bytes], { type }));
  const response = await fetch(upload.url, { method: 'POST', body: form });
  return { upload, response, text: await response.text() };
}

async function send(
  customer: Customer,
  item: KitItemKey,
  bytes: Uint8Array,
  type: KitUploadType,
  signing?: 'a_mao' | 'govbr',
) {
  const { upload, response, text } = await postToS3(customer.claims, item, bytes, type);
  expect(response.status, text).toBeLessThan(300);
  return callRoute(confirmKitUploadRoute, confirmUpload, {
    claims: customer.claims,
    params: { uploadId: upload.uploadId },
    body: { item, ...(signing ? { signing } : {}) },
  });
}

const itemOf = (view: KitView, key: KitItemKey) => view.items.find((item) => item.key === key)!;

function pngOf(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return new Uint8Array(PNG.sync.write(png));
}

/** A PNG whose header announces 20,000 × 20,000 pixels (1.6 GB decoded) with almost no data behind it. */
function hugePngHeader(): Uint8Array {
  const real = Buffer.from(pngOf(1, 1));
  real.writeUInt32BE(20_000, 16);
  real.writeUInt32BE(20_000, 20);
  return new Uint8Array(real);
}

/** A PDF with one Flate stream that inflates to 200 MB: a 'PDF bomb' of about 200 KB. */
function pdfBomb(): Uint8Array {
  const bomb = deflateSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });
  const head = Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n3 0 obj\n<< /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`,
  );
  return new Uint8Array(
    Buffer.concat([head, bomb, Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')]),
  );
}

describe('the filing kit checklist (GET /me/kit)', () => {
  it('is closed before the payment and lists the CPF items after it', async () => {
    const unpaid = await seedCustomer(db);
    const before = okBody(
      await callRoute(getMyKitRoute, getKit, { claims: customerClaims(unpaid.userId, unpaid.profile.email) }),
    );
    expect(before.availability).toBe('not_paid');

    const customer = await paidCustomer();
    const kit = okBody(await callRoute(getMyKitRoute, getKit, { claims: customer.claims }));
    expect(kit).toMatchObject({ availability: 'open', documentType: 'cpf', requiredCount: 4, approvedCount: 0 });
    expect(kit.items.map((item) => [item.key, item.label])).toEqual([
      ['identidade', 'Pendente'],
      ['comprovante_endereco', 'Pendente'],
      ['relatorio_negativacao', 'Pendente'],
      ['procuracao', 'Pendente'],
      ['declaracao_hipossuficiencia', 'Opcional'],
      ['outros', 'Opcional'],
    ]);
  });

  it('lists the CNPJ items for a company', async () => {
    const company = await paidCustomer({ tipo_documento: 'cnpj', cpf: '11.222.333/0001-81' });
    const kit = okBody(await callRoute(getMyKitRoute, getKit, { claims: company.claims }));
    expect(kit.items.filter((item) => item.required).map((item) => item.key)).toEqual([
      'contrato_social',
      'cartao_cnpj',
      'identidade_socio',
      'comprovante_endereco',
      'relatorio_negativacao',
      'procuracao',
    ]);
  });
});

describe('uploads: each accepted type is converted to one A4 PDF and the original kept', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await paidCustomer();
  });

  it.each([
    ['a JPEG photo', 'identidade', () => fixture('id-front.jpg'), 'image/jpeg'],
    ['a HEIC photo from a phone', 'comprovante_endereco', () => fixture('phone-photo.heic'), 'image/heic'],
    ['a PNG scan', 'relatorio_negativacao', () => pngOf(1240, 1754), 'image/png'],
    ['a PDF', 'outros', () => fixture('bill.pdf'), 'application/pdf'],
  ] as const)('%s', async (_name, item, bytesOf, type) => {
    const bytes = bytesOf();
    const view = okBody(await send(customer, item, bytes, type));
    const sent = itemOf(view, item);
    expect(sent).toMatchObject({ state: 'enviado', label: 'Enviado' });
    expect(sent.files).toHaveLength(1);
    expect(sent.files[0]).toMatchObject({ content_type: type, bytes: bytes.byteLength });
    expect(sent.pdf_bytes).toBeGreaterThan(0);
    expect(sent.pdf_bytes).toBeLessThanOrEqual(KIT_PDF_TARGET.maxBytes);
    // The original is kept, byte for byte.
    expect(await documents.read(kitKeys.upload(customer.userId, sent.files[0]!.id))).toEqual(bytes);
    // The converted page is A4.
    const part = await documents.read(kitKeys.part(customer.userId, sent.files[0]!.id));
    const page = (await PDFDocument.load(part!)).getPage(0);
    if (type !== 'application/pdf') {
      expect(page.getWidth()).toBeCloseTo(KIT_PDF_TARGET.pageWidth, 0);
      expect(page.getHeight()).toBeCloseTo(KIT_PDF_TARGET.pageHeight, 0);
    }
  });

  it('makes one item of several photos (front and back), in the order sent', async () => {
    const second = okBody(await send(customer, 'identidade', fixture('id-front.jpg'), 'image/jpeg'));
    const id = itemOf(second, 'identidade');
    expect(id.files).toHaveLength(2);
    const keysOfItem = await kitItemsAwaitingReview(db, { limit: 1000 });
    expect(keysOfItem.entries.some((entry) => entry.userId === customer.userId && entry.key === 'identidade')).toBe(
      true,
    );
  });

  it('confirms an upload once, whatever the retries', async () => {
    const { upload } = await postToS3(customer.claims, 'outros', fixture('bill.pdf'), 'application/pdf');
    const confirm = () =>
      callRoute(confirmKitUploadRoute, confirmUpload, {
        claims: customer.claims,
        params: { uploadId: upload.uploadId },
        body: { item: 'outros' },
      });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    const views = [okBody(a), okBody(b), okBody(await confirm())];
    const files = views.map((view) => itemOf(view, 'outros').files.filter((file) => file.id === upload.uploadId));
    expect(files.at(-1)).toHaveLength(1);
  });
});

describe('bad files are refused with a pt-BR message', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await paidCustomer();
  });

  const refusal = async (bytes: Uint8Array, type: KitUploadType) =>
    errorOf(await send(customer, 'outros', bytes, type));

  it.each([
    [
      'a renamed executable',
      () => new Uint8Array(Buffer.from('MZ\x90\x00\x03\x00\x00\x00' + 'x'.repeat(500))),
      'image/jpeg',
      KIT_MESSAGES.wrongType,
    ],
    ['an encrypted PDF', () => fixture('encrypted.pdf'), 'application/pdf', KIT_MESSAGES.encrypted],
    ['a corrupt JPEG', () => fixture('id-front.jpg').slice(0, 2000), 'image/jpeg', KIT_MESSAGES.corrupt],
    [
      'a corrupt PDF',
      () => new Uint8Array(Buffer.from('%PDF-1.7\n%garbage\n')),
      'application/pdf',
      KIT_MESSAGES.corrupt,
    ],
    ['a PDF bomb', pdfBomb, 'application/pdf', KIT_MESSAGES.pdfTooComplex],
    ['a 20,000-pixel image', hugePngHeader, 'image/png', KIT_MESSAGES.imageTooLarge],
    [
      'the EICAR test file (flagged by the malware scan)',
      () => new Uint8Array(Buffer.from(EICAR)),
      'application/pdf',
      KIT_MESSAGES.malware,
    ],
  ] as const)('%s', async (_name, bytesOf, type, message) => {
    const before = process.memoryUsage().rss;
    const error = await refusal(bytesOf(), type);
    expect(error).toMatchObject({ status: 400, message, reason: 'kit_file_refused' });
    // Refused from headers and budgets, not after decoding (a 20,000² image is 1.6 GB of pixels, the bomb 200 MB).
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('S3 itself refuses a file over 10 MB, another content type, another key and an empty file', async () => {
    const big = await postToS3(customer.claims, 'outros', new Uint8Array(10 * 1024 * 1024 + 1), 'application/pdf');
    expect(big.response.status).toBe(400);
    expect(big.text).toContain('EntityTooLarge');

    const otherType = await postToS3(customer.claims, 'outros', fixture('bill.pdf'), 'application/pdf', (form) =>
      form.set('Content-Type', 'text/html'),
    );
    expect(otherType.response.status).toBe(403);

    const otherKey = await postToS3(customer.claims, 'outros', fixture('bill.pdf'), 'application/pdf', (form) =>
      form.set('key', `customers/${ulid()}/kit/uploads/${ulid()}`),
    );
    expect(otherKey.response.status).toBe(403);

    const empty = await postToS3(customer.claims, 'outros', new Uint8Array(), 'application/pdf');
    expect(empty.response.status).toBe(400);
    expect(empty.text).toContain('EntityTooSmall');
  });

  it("another customer's upload is not found", async () => {
    const other = await paidCustomer();
    const { upload } = await postToS3(other.claims, 'outros', fixture('bill.pdf'), 'application/pdf');
    const error = errorOf(
      await callRoute(confirmKitUploadRoute, confirmUpload, {
        claims: customer.claims,
        params: { uploadId: upload.uploadId },
        body: { item: 'outros' },
      }),
    );
    expect(error).toMatchObject({ status: 404, message: KIT_MESSAGES.uploadMissing });
  });

  it('counts at most 50 upload forms a customer an hour', async () => {
    const limited = await paidCustomer();
    const ask = () =>
      callRoute(createKitUploadRoute, createUpload, {
        claims: limited.claims,
        body: { item: 'outros', contentType: 'application/pdf', bytes: 100 },
      });
    for (let i = 0; i < 50; i += 1) okBody(await ask());
    expect(errorOf(await ask())).toMatchObject({ status: 429, reason: 'rate_limited' });
  });
});

describe("the owner's downloads (GET /me/kit/{item}/file)", () => {
  it('gives the owner their item PDF and originals; another customer gets 404; an unscanned original waits', async () => {
    const customer = await paidCustomer();
    const photo = fixture('id-front.jpg');
    const view = okBody(await send(customer, 'identidade', photo, 'image/jpeg'));
    const file = itemOf(view, 'identidade').files[0]!;

    const original = okBody(
      await callRoute(getMyKitFileRoute, myFile, {
        claims: customer.claims,
        params: { item: 'identidade' },
        query: { file: file.id },
      }),
    );
    expect(new Uint8Array(await (await fetch(original.url)).arrayBuffer())).toEqual(photo);
    // Saved under the item's name and the protocol, with the original's extension.
    expect(decodeURIComponent(original.url)).toContain(
      `Documento de identidade com foto  ${customer.contract.protocolo}.jpg`,
    );
    const itemPdf = okBody(
      await callRoute(getMyKitFileRoute, myFile, {
        claims: customer.claims,
        params: { item: 'identidade' },
        query: {},
      }),
    );
    expect(
      Buffer.from(await (await fetch(itemPdf.url)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Another customer asking for the same item and file id: only their own partition is read.
    const other = await paidCustomer();
    for (const query of [{ file: file.id }, {}] as Record<string, string>[]) {
      const error = errorOf(
        await callRoute(getMyKitFileRoute, myFile, { claims: other.claims, params: { item: 'identidade' }, query }),
      );
      expect(error).toMatchObject({ status: 404, message: KIT_MESSAGES.fileNotFound });
    }
    // An item never sent, a file id that is not the item's.
    expect(
      errorOf(
        await callRoute(getMyKitFileRoute, myFile, { claims: customer.claims, params: { item: 'outros' }, query: {} }),
      ).status,
    ).toBe(404);

    // The original opens only with the scan's clean verdict: none yet waits, a threat is refused.
    const key = kitKeys.upload(customer.userId, file.id);
    await s3.send(new PutObjectTaggingCommand({ Bucket: INTEGRATION_BUCKET, Key: key, Tagging: { TagSet: [] } }));
    const pending = errorOf(
      await callRoute(getMyKitFileRoute, myFile, {
        claims: customer.claims,
        params: { item: 'identidade' },
        query: { file: file.id },
      }),
    );
    expect(pending).toMatchObject({ status: 409, reason: 'kit_scan_pending' });
    await s3.send(
      new PutObjectTaggingCommand({
        Bucket: INTEGRATION_BUCKET,
        Key: key,
        Tagging: { TagSet: [{ Key: MALWARE_SCAN_TAG, Value: 'THREATS_FOUND' }] },
      }),
    );
    const threat = errorOf(
      await callRoute(getMyKitFileRoute, myFile, {
        claims: customer.claims,
        params: { item: 'identidade' },
        query: { file: file.id },
      }),
    );
    expect(threat).toMatchObject({ status: 400, message: KIT_MESSAGES.malware });
  }, 60_000);
});

describe("the lawyer's review", () => {
  it('refuses with a reason the customer sees, takes the re-sent file, and moves the process only when complete', async () => {
    const customer = await paidCustomer();
    const admin = adminClaims();
    const id = customer.profile.id;
    const refused = errorOf(
      await callRoute(changeAdminProcessStatusRoute, changeStatus, {
        claims: admin,
        params: { userId: customer.userId, contractId: customer.contract.id },
        body: {
          status: 'peticionado',
          numero_cnj: '0058967-77.2016.8.19.0000',
          peticionado_em: saoPauloDay(new Date()),
          motivo: 'Documentos aprovados, protocolado',
        },
      }),
    );
    expect(refused).toMatchObject({
      status: 409,
      reason: 'kit_not_approved',
      message: KIT_MESSAGES.filingBeforeApproval,
    });

    const items: KitItemKey[] = ['identidade', 'comprovante_endereco', 'relatorio_negativacao', 'procuracao'];
    for (const item of items) {
      okBody(
        await send(customer, item, fixture('id-front.jpg'), 'image/jpeg', item === 'procuracao' ? 'a_mao' : undefined),
      );
    }
    const awaiting = await countKitItemsAwaitingReview(db);
    expect(awaiting).toBeGreaterThanOrEqual(4);

    // Opening the file marks it 'Em análise'.
    const link = okBody(
      await callRoute(getAdminKitFileRoute, adminFile, { claims: admin, params: { id, item: 'identidade' } }),
    );
    expect(link.url).toContain('kit/items/');
    const mine = okBody(await callRoute(getMyKitRoute, getKit, { claims: customer.claims }));
    expect(itemOf(mine, 'identidade').label).toBe('Em análise');
    expect(itemOf(mine, 'procuracao').signing).toMatchObject({ method: 'a_mao' });

    const refusedItem = okBody(
      await callRoute(reviewKitItemRoute, review, {
        claims: admin,
        params: { id, item: 'comprovante_endereco' },
        body: { decision: 'recusar', code: 'vencido' },
      }),
    );
    expect(itemOf(refusedItem, 'comprovante_endereco')).toMatchObject({
      state: 'recusado',
      label: 'Recusado: documento fora do prazo',
      fix: 'Envie um documento emitido nos últimos 90 dias.',
    });

    for (const item of ['identidade', 'relatorio_negativacao', 'procuracao'] as const) {
      okBody(
        await callRoute(reviewKitItemRoute, review, {
          claims: admin,
          params: { id, item },
          body: { decision: 'aprovar' },
        }),
      );
    }
    expect((await getProcess(db, customer.ref))?.status).toBe('pago');

    // /admin/processos shows the kit on the row, found by protocol or by the client's name alike.
    // A name other tests' customers share pages its results: follow the cursor ('Carregar mais') to this one's row.
    const rowKit = async (search: string) => {
      let cursor: string | undefined;
      do {
        const page = okBody(
          await callRoute(listAdminProcessesRoute, listProcesses, { claims: admin, body: { search, cursor } }),
        );
        const row = page.items.find((item) => item.contrato_id === customer.contract.id);
        if (row) return row.kit;
        cursor = page.cursor ?? undefined;
      } while (cursor);
      return undefined;
    };
    for (const search of [customer.contract.protocolo, customer.profile.nome_completo]) {
      expect(await rowKit(search)).toEqual({ approved: 3, required: 4, toReview: 0, refused: 1 });
    }

    // Re-sent: the refused file is replaced.
    const resent = okBody(await send(customer, 'comprovante_endereco', fixture('phone-photo.heic'), 'image/heic'));
    expect(itemOf(resent, 'comprovante_endereco')).toMatchObject({ state: 'enviado', refusal: null });
    expect(itemOf(resent, 'comprovante_endereco').files).toHaveLength(1);

    const complete = okBody(
      await callRoute(reviewKitItemRoute, review, {
        claims: admin,
        params: { id, item: 'comprovante_endereco' },
        body: { decision: 'aprovar' },
      }),
    );
    expect(complete).toMatchObject({ complete: true, approvedCount: 4 });
    const process = await getProcess(db, customer.ref);
    expect(process).toMatchObject({ status: 'em_analise' });
    expect(process?.kit_aprovado_em).toBeTruthy();
    expect(Date.parse(process!.previsao!)).toBeGreaterThan(Date.parse(process!.kit_aprovado_em!));

    // An approved item takes no new file; and now the process may be filed.
    const again = await callRoute(createKitUploadRoute, createUpload, {
      claims: customer.claims,
      body: { item: 'identidade', contentType: 'image/jpeg', bytes: 1000 },
    });
    expect(errorOf(again)).toMatchObject({ status: 409, message: KIT_MESSAGES.alreadyApproved });
    const numeroCnj = createCnjNumber({ court: '26' });
    okBody(
      await callRoute(changeAdminProcessStatusRoute, changeStatus, {
        claims: admin,
        params: { userId: customer.userId, contractId: customer.contract.id },
        body: {
          status: 'peticionado',
          numero_cnj: numeroCnj,
          peticionado_em: saoPauloDay(new Date()),
          motivo: 'Documentos aprovados, protocolado',
        },
      }),
    );
    // The admin search finds the case by its CNJ number at once: the token was written with the move.
    const { results } = okBody(
      await callRoute(searchAdminRoute, searchAdmin, { claims: admin, body: { q: numeroCnj } }),
    );
    expect(results.map((result) => result.profile_id)).toEqual([id]);
  }, 120_000);

  it("a client's deletion erases the kit's files", async () => {
    const customer = await paidCustomer();
    const view = okBody(await send(customer, 'identidade', fixture('id-front.jpg'), 'image/jpeg'));
    const file = itemOf(view, 'identidade').files[0]!;
    expect(await documents.exists(kitKeys.upload(customer.userId, file.id))).toBe(true);
    // The deletion (and the erasure, which runs it) erases everything under the customer's prefix (pattern 28).
    await createS3DocumentEraser({ bucket: INTEGRATION_BUCKET, pathStyle: true }).eraseUnder(
      `customers/${customer.userId}/`,
    );
    expect(await documents.exists(kitKeys.upload(customer.userId, file.id))).toBe(false);
    expect(await documents.exists(kitKeys.part(customer.userId, file.id))).toBe(false);
  });
});

describe("the signed procuração ('Assinado pelo gov.br' is verified)", () => {
  let authority: TestAuthority;
  let unsigned: Uint8Array;
  beforeAll(async () => {
    authority = createTestAuthority();
    unsigned = await createUnsignedPdf();
  });

  it('accepts the customer’s gov.br signature and records it; refuses an altered PDF and another signer', async () => {
    const name = 'Conceição Araújo dos Santos';
    const customer = await paidCustomer({ nome_completo: name, cpf: '529.982.247-25' });
    const signed = await signPdf(unsigned, createHolderP12(authority, { name, cpf: '52998224725' }));

    const altered = Uint8Array.from(signed);
    // One byte changed inside the signed range, where the PDF still reads well: the header's binary comment.
    expect(altered[11]).toBe(0x81);
    altered[11] = 0x82;
    const tampered = errorOf(await send(customer, 'procuracao', altered, 'application/pdf', 'govbr'));
    expect(tampered.status).toBe(400);
    expect(tampered.message).toBe(SIGNED_PDF_MESSAGES.altered);

    const someoneElse = await signPdf(
      unsigned,
      createHolderP12(authority, { name: 'Outra Pessoa', cpf: '11144477735' }),
    );
    const other = errorOf(await send(customer, 'procuracao', someoneElse, 'application/pdf', 'govbr'));
    expect(other.status).toBe(400);
    expect(other.message).toBe(SIGNED_PDF_MESSAGES.other_signer);

    const view = okBody(await send(customer, 'procuracao', signed, 'application/pdf', 'govbr'));
    const procuracao = itemOf(view, 'procuracao');
    expect(procuracao).toMatchObject({ state: 'enviado' });
    expect(procuracao.signing).toMatchObject({
      method: 'govbr',
      signer_name: name,
      signer_cpf: '52998224725',
      issuer: 'AC Teste do Governo Federal do Brasil v1',
      chain_validated: false,
    });
    // Filed as signed: the item's PDF is the signed file itself, byte for byte.
    expect(procuracao.pdf_bytes).toBe(signed.byteLength);
  }, 120_000);
});

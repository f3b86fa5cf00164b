import { fileURLToPath } from 'node:url';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { formatDateTime } from '../../domain/dates.js';
import { formatDocument } from '../../domain/documents.js';
import { SIGNED_PDF_MESSAGES } from '../../domain/signed-pdf.js';
import { getProcess } from '../../lambdas/shared/data/processes.js';
import { adminPage, nameWord } from './admin-helpers.js';
import { newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { customerCollection, paidApiCustomer, openDashboardAs } from './customers.js';
import { localTable } from './local-table.js';
import { createHolderP12, createTestAuthority, signPdf, type TestHolder } from '../signed-pdfs.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/kit/${name}`, import.meta.url));

afterAll(async () => {
  db.client.destroy();
});

describe('the filing kit: the customer sends the documents, the lawyer reviews them', () => {
  it('uploads from a phone, signs the procuração on gov.br, re-sends a refused item; the admin approves', async () => {
    const customer = await paidApiCustomer(`Lívia ${nameWord()} Prado`);
    const { profile } = await customerCollection(customer.idToken);

    // The dashboard's next step after the payment leads to 'Documentos'.
    const phone = await newPage(VIEWPORTS.phone);
    await openDashboardAs(phone, customer);
    await phone.getByRole('heading', { name: 'Envie seus Documentos' }).waitFor();
    await phone
      .getByText('O prazo de 7 dias úteis para o protocolo começa quando todos os seus documentos forem aprovados.')
      .waitFor();
    await phone.getByRole('link', { name: 'Continuar' }).click();
    await phone.waitForURL(`${appUrl}/app/documentos`);
    await phone.getByRole('heading', { level: 1, name: 'Documentos' }).waitFor();
    await phone.getByText('0 de 4 documentos obrigatórios aprovados').waitFor();
    await screenshot(phone, 'kit-documents-empty-phone');

    const card = (title: string) =>
      phone.getByRole('article').or(phone.locator('.kit-item')).filter({ hasText: title }).first();
    const send = async (inputId: string, file: string, title: string) => {
      await phone.locator(`#${inputId}`).setInputFiles(fixture(file));
      await toastWith(phone, 'Arquivo recebido. O advogado vai analisar.');
      await card(title).getByText('Enviado', { exact: true }).waitFor();
    };
    // A phone photo (HEIC) and the others; the procuração signed by hand.
    await send('arquivo-identidade', 'phone-photo.heic', 'Documento de identidade com foto');
    await send('arquivo-comprovante_endereco', 'id-front.jpg', 'Comprovante de endereço');
    await send('arquivo-relatorio_negativacao', 'bill.pdf', 'Relatório das negativações');

    // The procuração as the product generates it, downloaded, then signed as gov.br's signer does (a test authority's
    // certificate carrying the signer's name and CPF).
    const [generated] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('button', { name: 'Baixar procuração (PDF)' }).click(),
    ]);
    expect(generated.suggestedFilename()).toMatch(/\.pdf$/);
    // The browser runs elsewhere: the file is read back through Playwright's stream, not a local path.
    const chunks: Buffer[] = [];
    for await (const chunk of await generated.createReadStream()) chunks.push(chunk as Buffer);
    const unsigned = new Uint8Array(Buffer.concat(chunks));
    const authority = createTestAuthority();
    const signedAt = new Date(Date.now() - 10 * 60_000);
    const signedBy = async (holder: TestHolder) => ({
      name: 'procuracao-assinada.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await signPdf(unsigned, createHolderP12(authority, holder), { signingTime: signedAt })),
    });
    const procuracao = card('Procuração assinada');
    // Each signed document's help names that document, not the procuração for both.
    await procuracao.getByText('baixe a procuração, assine no site de assinatura do gov.br').waitFor();
    await card('Declaração de hipossuficiência')
      .getByText('baixe a declaração, assine no site de assinatura do gov.br')
      .waitFor();
    // Signed by someone else's gov.br account: refused on screen, with the reason, and nothing is kept.
    await phone
      .locator('#arquivo-procuracao')
      .setInputFiles(await signedBy({ name: 'Marcos Teixeira', cpf: generateCpf() }));
    await toastWith(phone, SIGNED_PDF_MESSAGES.other_signer);
    await procuracao.getByText('Pendente', { exact: true }).waitFor();
    await screenshot(phone, 'kit-procuracao-other-signer-phone');
    // Signed by the customer ('Assinado pelo gov.br' is the choice already made): accepted, and whose signature it is.
    await phone
      .locator('#arquivo-procuracao')
      .setInputFiles(await signedBy({ name: customer.name, cpf: customer.cpf }));
    await toastWith(phone, 'Arquivo recebido. O advogado vai analisar.');
    await procuracao.getByText('Enviado', { exact: true }).waitFor();
    await procuracao
      .getByText(`Assinatura digital conferida: ${customer.name}, CPF ${formatDocument(customer.cpf)}.`)
      .waitFor();
    // The customer downloads their own copy of what they sent (a signed link, saved as a file).
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      card('Comprovante de endereço')
        .getByRole('button', { name: /^Arquivo 1/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Comprovante de endereço .*\.jpg$/);
    await screenshot(phone, 'kit-documents-sent-phone');

    // The lawyer refuses the proof of address, on the client detail.
    const admin = await adminPage(VIEWPORTS.desktop);
    await admin.goto(`${appUrl}/admin/clientes/${profile!.id}`);
    // The heading counts the approvals as they come: the section is found by its name's start.
    const section = admin.getByRole('region', { name: /^Documentos \(\d\/4 obrigatórios aprovados\)$/ });
    await admin.getByRole('region', { name: 'Documentos (0/4 obrigatórios aprovados)' }).waitFor();
    const adminItem = (title: string) => section.locator('.kit-review-item').filter({ hasText: title }).first();
    await adminItem('Comprovante de endereço').getByRole('button', { name: 'Recusar' }).click();
    await adminItem('Comprovante de endereço').getByLabel('Motivo da recusa').selectOption('vencido');
    await adminItem('Comprovante de endereço').getByRole('button', { name: 'Confirmar recusa' }).click();
    await toastWith(admin, 'Documento recusado');
    await adminItem('Comprovante de endereço').getByText('Recusado: documento fora do prazo').waitFor();
    // The procuração's signature as the server read it from the certificate: signer, signing time and issuer.
    const signature = adminItem('Procuração assinada').locator('.kit-signature');
    await signature.getByText(`${customer.name} (CPF ${formatDocument(customer.cpf)})`).waitFor();
    await signature.getByText(formatDateTime(signedAt)).waitFor();
    await signature.getByText('AC Teste do Governo Federal do Brasil v1').waitFor();
    await signature.getByRole('link', { name: 'Abrir o validador do ITI' }).waitFor();
    await screenshot(admin, 'kit-review-refused-desktop');

    // The customer sees why and how to fix it, and sends another file.
    await phone.reload();
    const refused = card('Comprovante de endereço');
    await refused.getByText('Recusado: documento fora do prazo').waitFor();
    await refused.getByText('Envie um documento emitido nos últimos 90 dias.').waitFor();
    await screenshot(phone, 'kit-documents-refused-phone');
    await phone.locator('#arquivo-comprovante_endereco').setInputFiles(fixture('bill.pdf'));
    await toastWith(phone, 'Arquivo recebido. O advogado vai analisar.');
    await refused.getByText('Enviado', { exact: true }).waitFor();

    // The lawyer approves every required item: the kit is complete and the process moves to 'Em Análise'.
    await admin.reload();
    for (const title of [
      'Documento de identidade com foto',
      'Comprovante de endereço',
      'Relatório das negativações',
      'Procuração assinada',
    ]) {
      await adminItem(title).getByRole('button', { name: 'Aprovar' }).click();
      await adminItem(title).getByText('Aprovado', { exact: true }).waitFor();
    }
    await admin.getByRole('region', { name: /Documentos \(4\/4 obrigatórios aprovados\)/ }).waitFor();
    await screenshot(admin, 'kit-review-approved-desktop');
    await expect
      .poll(async () => (await getProcess(db, { userId: customer.userId, contractId: customer.contractId }))?.status)
      .toBe('em_analise');

    const desktop = await newPage(VIEWPORTS.desktop);
    await openDashboardAs(desktop, customer);
    await desktop.goto(`${appUrl}/app/documentos`);
    await desktop.getByText('Todos os documentos obrigatórios foram aprovados.', { exact: false }).waitFor();
    await screenshot(desktop, 'kit-documents-approved-desktop');
    await desktop.goto(`${appUrl}/app/dashboard`);
    await desktop.getByText('7 dias úteis contados da aprovação dos seus documentos.').waitFor();
    await screenshot(desktop, 'kit-dashboard-approved-desktop');

    const adminPhone = await adminPage(VIEWPORTS.phone);
    await adminPhone.goto(`${appUrl}/admin/clientes/${profile!.id}`);
    await adminPhone.getByRole('region', { name: /Documentos \(4\/4/ }).waitFor();
    await screenshot(adminPhone, 'kit-review-phone');
  }, 300_000);
});

import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CASE_FILE_MESSAGES } from '../../domain/case-file.js';
import { ADMIN_CLIENT_MESSAGES, ADMIN_PROCESS_MESSAGES } from '../../domain/messages.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { getProcess } from '../../lambdas/shared/data/processes.js';
import { recordSentEmail } from '../../lambdas/shared/data/sent-emails.js';
import { seedCustomer, seedSignature } from '../integration/seed.js';
import { createCharge } from '../seeds.js';
import { screenshot, toastWith, VIEWPORTS } from './browser.js';
import {
  adminPage,
  confirmStatusChange,
  latePaidClient,
  nameWord,
  searchAdminList,
  tjspNumber,
} from './admin-helpers.js';
import { localTable } from './local-table.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

/** A client with a signed contract, a PIX paid with its Asaas link, and the e-mail the signature sent. */
async function seedCaseFile() {
  const client = await seedCustomer(db, {
    nome_completo: `Lúcia ${nameWord()} Mendonça`,
    cpf: generateCpf(),
    whatsapp: '(11) 98765-4321',
  });
  await seedSignature(db, client);
  await recordSentEmail(db, {
    userId: client.userId,
    at: new Date().toISOString(),
    subject: `Contrato assinado — protocolo ${client.contract.protocolo}`,
    to: client.profile.email,
  });
  const charge = await createCharge(db, {
    userId: client.userId,
    contractId: client.contract.id,
    asaasId: `pay_${client.contract.id.toLowerCase()}`,
    link: 'https://sandbox.asaas.com/i/exemplo',
    valor: 399,
  });
  await recordChargeStatus(
    db,
    { userId: client.userId, contractId: client.contract.id, chargeId: charge.id },
    'PENDING',
    'RECEIVED',
    new Date().toISOString(),
  );
  return client;
}

let desktopClient: Awaited<ReturnType<typeof seedCaseFile>>;
let phoneClient: Awaited<ReturnType<typeof seedCaseFile>>;

beforeAll(async () => {
  desktopClient = await seedCaseFile();
  phoneClient = await seedCaseFile();
});
afterAll(() => {
  db.client.destroy();
});

const timelineOf = (page: Page) => page.getByRole('list', { name: CASE_FILE_MESSAGES.timelineTitle });

describe('the case file (/admin/clientes/{id})', () => {
  it('is reached from a process row, shows one timeline, filters it in the URL, and holds the status control (desktop)', async () => {
    const { profile, contract } = desktopClient;
    const page = await adminPage(VIEWPORTS.desktop);
    // Every protocol of a list leads here.
    await page.goto(`${appUrl}/admin/processos`);
    await searchAdminList(page, 'Buscar por protocolo ou nome do cliente', contract.protocolo);
    // The first visit to a screen may wait for the dev server to compile it on a busy machine.
    await page.getByRole('link', { name: contract.protocolo }).click({ timeout: 90_000 });
    await page.waitForURL(`${appUrl}/admin/clientes/${profile.id}`);
    await page.getByRole('heading', { level: 1, name: profile.nome_completo }).waitFor();
    expect(await page.title()).toContain(profile.nome_completo);

    // Contact details are actions.
    const contact = page.getByRole('region', { name: CASE_FILE_MESSAGES.contactTitle });
    expect(await contact.getByRole('link', { name: CASE_FILE_MESSAGES.whatsapp }).getAttribute('href')).toBe(
      'https://wa.me/5511987654321',
    );
    expect(await contact.getByRole('link', { name: CASE_FILE_MESSAGES.email }).getAttribute('href')).toBe(
      `mailto:${profile.email}`,
    );
    expect(await contact.getByRole('link', { name: CASE_FILE_MESSAGES.call }).getAttribute('href')).toBe(
      'tel:+5511987654321',
    );

    // The protocol once in the contracts: the contract, its process and its charge with value, method, date, Asaas.
    const cases = page.getByRole('region', { name: CASE_FILE_MESSAGES.casesTitle });
    expect(await cases.getByText(contract.protocolo, { exact: true }).count()).toBe(1);
    await cases.getByText(/R\$\s399,00 · PIX · pago em/).waitFor();
    expect(await cases.getByRole('link', { name: `pay_${contract.id.toLowerCase()}` }).getAttribute('href')).toBe(
      'https://sandbox.asaas.com/i/exemplo',
    );

    const timeline = timelineOf(page);
    await timeline.getByText(`Contrato assinado — protocolo ${contract.protocolo}`).waitFor();
    await timeline.getByText('Enviado', { exact: true }).waitFor();
    await timeline.getByText('Pagamento recebido').waitFor();
    await timeline.getByRole('button', { name: CASE_FILE_MESSAGES.contractPdf }).waitFor();
    await screenshot(page, 'case-file-desktop');

    // The filter lives in the URL and survives a reload.
    await page.getByRole('button', { name: /^E-mails/ }).click();
    await page.waitForURL(/\?tipo=email$/);
    await expect.poll(() => timeline.getByRole('listitem').count()).toBe(1);
    await page.reload();
    await timeline.getByText(`Contrato assinado — protocolo ${contract.protocolo}`).waitFor();
    expect(await timeline.getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: /^Tudo/ }).click();
    await page.waitForURL(`${appUrl}/admin/clientes/${profile.id}`);

    // Each contract's card holds the status control (filing from here is walked below).
    await cases.getByLabel(`Status do processo ${contract.protocolo}`).waitFor();

    // 'Excluir' is last on the page, below the timeline, and asks for the name.
    const danger = page.getByRole('region', { name: CASE_FILE_MESSAGES.dangerTitle });
    const dangerTop = (await danger.boundingBox())!.y;
    expect(dangerTop).toBeGreaterThan((await timeline.boundingBox())!.y);
    await danger.getByRole('button', { name: 'Excluir', exact: true }).click();
    const deletion = page.getByRole('dialog', { name: ADMIN_CLIENT_MESSAGES.deleteDialogTitle });
    await deletion.getByLabel(CASE_FILE_MESSAGES.typeToConfirmLabel(profile.nome_completo)).fill('outra pessoa');
    await deletion.getByRole('button', { name: ADMIN_CLIENT_MESSAGES.deleteConfirm }).click();
    await deletion.getByRole('alert').filter({ hasText: CASE_FILE_MESSAGES.typeToConfirmMismatch }).waitFor();
    await deletion.getByRole('button', { name: 'Cancelar' }).click();
    await page.context().close();
  }, 240_000);

  it('reads on a phone: contact first, the timeline, and the danger zone last (phone)', async () => {
    const { profile, contract } = phoneClient;
    const page = await adminPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/admin/clientes/${profile.id}`);
    await page.getByRole('heading', { level: 1, name: profile.nome_completo }).waitFor();
    const timeline = timelineOf(page);
    await timeline.getByText(`Contrato assinado — protocolo ${contract.protocolo}`).waitFor();
    // Nothing destructive before the case: the danger zone is below everything else.
    const contactTop = (await page.getByRole('region', { name: CASE_FILE_MESSAGES.contactTitle }).boundingBox())!.y;
    const dangerTop = (await page.getByRole('region', { name: CASE_FILE_MESSAGES.dangerTitle }).boundingBox())!.y;
    const profileTop = (await page.getByRole('region', { name: CASE_FILE_MESSAGES.profileTitle }).boundingBox())!.y;
    expect(contactTop).toBeLessThan(dangerTop);
    expect(profileTop).toBeLessThan(dangerTop);
    // The page is no wider than the phone.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'case-file-phone');
    await page.context().close();
  }, 180_000);

  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`from 'Hoje', opens the late item, files it with a CNJ number from the case file and sees it leave the queue (${viewport})`, async () => {
      const client = await latePaidClient(db);
      const page = await adminPage(size);
      const queue = page.getByRole('region', { name: 'Prazos de protocolo' });
      const item = queue.getByRole('listitem').filter({ hasText: client.protocolo });
      await item.getByText(/^Atrasado \d+ dias úteis$/).waitFor();
      const countBefore = Number(await queue.locator('.today-queue__number').textContent());

      // The late item's protocol opens its case file.
      await item.getByRole('link', { name: client.protocolo }).click();
      await page.waitForURL(`${appUrl}/admin/clientes/${client.profileId}`);
      await page.getByRole('heading', { level: 1, name: client.name }).waitFor();
      const cases = page.getByRole('region', { name: CASE_FILE_MESSAGES.casesTitle });
      await cases.getByLabel(`Status do processo ${client.protocolo}`).selectOption('peticionado');
      await cases.getByRole('button', { name: `Alterar o status do processo ${client.protocolo}` }).click();
      const dialog = page.getByRole('dialog', { name: ADMIN_PROCESS_MESSAGES.statusChangeTitle });
      // Without the CNJ number the dialog refuses, under the field.
      await dialog.getByLabel(ADMIN_PROCESS_MESSAGES.cnjLabel).fill('');
      await dialog.getByRole('button', { name: ADMIN_PROCESS_MESSAGES.statusChangeConfirm }).click();
      await dialog.getByLabel(ADMIN_PROCESS_MESSAGES.cnjLabel).and(page.locator('[aria-invalid="true"]')).waitFor();
      const number = tjspNumber(viewport === 'phone' ? '7100001' : '7100002');
      await dialog.getByLabel(ADMIN_PROCESS_MESSAGES.cnjLabel).fill(number);
      await dialog.getByLabel(ADMIN_PROCESS_MESSAGES.internalNoteLabel).fill('Petição conferida pela Dra. Ana');
      await confirmStatusChange(page, dialog, ADMIN_PROCESS_MESSAGES.statusChangeConfirm);
      await toastWith(page, ADMIN_PROCESS_MESSAGES.statusUpdated);
      await dialog.waitFor({ state: 'detached' });

      // It lands: the card shows the court case, the timeline the move and the internal note, the store the status.
      await cases.getByText(/^Processo \d{7}-\d{2}\.2026\.8\.26\.0100 · TJSP/).waitFor();
      expect(await cases.getByLabel(`Status do processo ${client.protocolo}`).inputValue()).toBe('peticionado');
      const timeline = timelineOf(page);
      await timeline.getByText('Em Análise → Peticionado').waitFor();
      await timeline.getByText(/Petição conferida pela Dra\. Ana/).waitFor();
      expect((await getProcess(db, client.ref))?.status).toBe('peticionado');
      await screenshot(page, `case-file-filed-${viewport}`);

      // Back on 'Hoje', the item has left the filing queue.
      await page.goBack();
      await page.getByRole('heading', { name: 'Hoje', level: 1 }).waitFor();
      await queue.getByText(client.name).waitFor({ state: 'detached' });
      await expect
        .poll(async () => Number(await queue.locator('.today-queue__number').textContent()))
        .toBeLessThan(countBefore);
      await page.context().close();
    }, 240_000);
  }
});

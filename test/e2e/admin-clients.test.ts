import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CASE_FILE_MESSAGES } from '../../domain/case-file.js';
import { formatDocument } from '../../domain/documents.js';
import { ADMIN_CLIENT_MESSAGES, ADMIN_MESSAGES, clientDeletedDescription } from '../../domain/messages.js';
import { createAsaasClient } from '../../lambdas/providers/asaas.js';
import { statusLabel } from '../../domain/process-status.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { getProcess } from '../../lambdas/shared/data/processes.js';
import { localSettings } from '../../local/settings.js';
import { seedCustomer, seedPendingCharge, seedSignature } from '../integration/seed.js';
import { screenshot, toastWith, VIEWPORTS } from './browser.js';
import { adminPage } from './admin-helpers.js';
import { localTable } from './local-table.js';
import { createCharge } from '../seeds.js';

const { appUrl, dynamodbEndpoint, asaasUrl } = inject('e2e');
const asaas = createAsaasClient({ baseUrl: `${asaasUrl}/v3`, apiKey: localSettings().secrets.asaasApiKey });
const db = localTable(dynamodbEndpoint);

/** A name word no other test writes, so a search finds exactly these clients. */
const word = `Zefirina${ulid().slice(-5).toLowerCase()}`;
let kept: Awaited<ReturnType<typeof seedCustomer>>;
let doomed: Awaited<ReturnType<typeof seedCustomer>>;
let paid: Awaited<ReturnType<typeof seedCustomer>>;
/** The doomed client's open PIX at the Asaas simulator, which the deletion removes first. */
let openPix: string;

beforeAll(async () => {
  kept = await seedCustomer(db, { nome_completo: `Helena ${word} Andrade`, cpf: generateCpf() });
  doomed = await seedCustomer(db, { nome_completo: `Otávio ${word} Brandão`, cpf: generateCpf() });
  const customer = await asaas.createCustomer({
    name: doomed.profile.nome_completo,
    cpfCnpj: doomed.profile.cpf,
    email: doomed.profile.email,
    externalReference: doomed.profile.id,
  });
  const dueDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + 3 * 86_400_000),
  );
  const chargeId = ulid();
  const payment = await asaas.createPixCharge({
    customer: customer.id,
    value: doomed.contract.valor,
    dueDate,
    description: `Baixa temporária de apontamentos — protocolo ${doomed.contract.protocolo}`,
    externalReference: chargeId,
  });
  openPix = payment.id;
  await createCharge(db, {
    userId: doomed.userId,
    contractId: doomed.contract.id,
    asaasId: payment.id,
    link: payment.invoiceUrl ?? null,
  });
  // A client whose payment was received: the deletion is refused until it is refunded.
  paid = await seedCustomer(db, { nome_completo: `Rosália ${word} Queiroz`, cpf: generateCpf() });
  const charge = await seedPendingCharge(db, { userId: paid.userId, contractId: paid.contract.id });
  await recordChargeStatus(
    db,
    { userId: paid.userId, contractId: paid.contract.id, chargeId: charge.id },
    'PENDING',
    'RECEIVED',
    new Date().toISOString(),
  );
});
afterAll(async () => {
  db.client.destroy();
});

async function searchFor(page: Page, term: string) {
  const box = page.getByRole('textbox', { name: 'Buscar clientes' });
  await box.fill(term);
  await box.press('Enter');
}

describe('/admin/clientes and /admin/clientes/{id} (spec 02 §2)', () => {
  it('lists with counters, searches, shows the detail and deletes with the dialog (desktop)', async () => {
    const page = await adminPage(VIEWPORTS.desktop);
    await page.goto(`${appUrl}/admin/clientes`);
    await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    await page.getByText('Total de Clientes').waitFor();
    // The summary's first call may wait for its function's cold start on a busy machine.
    await expect
      .poll(() => page.getByTestId('counter-Total de Clientes').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+$/);
    const table = page.getByRole('table', { name: 'Clientes' });
    await table.getByRole('row').nth(1).waitFor();
    await screenshot(page, 'admin-clients-desktop');

    await searchFor(page, 'a');
    await page.getByText(ADMIN_MESSAGES.searchTooShort).waitFor();

    await searchFor(page, word);
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
    const row = table.getByRole('row').filter({ hasText: doomed.profile.nome_completo });
    await row.getByText('OT', { exact: true }).waitFor();
    await row.getByText(doomed.profile.email).waitFor();
    await row.getByText('São Lourenço/MG').waitFor();
    await row.getByText('Sem contrato').waitFor();
    await screenshot(page, 'admin-clients-search-desktop');

    await searchFor(page, doomed.profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'));
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: `Ver detalhes de ${doomed.profile.nome_completo}` }).click();

    await page.waitForURL(`${appUrl}/admin/clientes/${doomed.profile.id}`);
    await page.getByRole('heading', { level: 1, name: 'Detalhes do Cliente' }).waitFor();
    await page.getByText(doomed.contract.protocolo).first().waitFor();
    await page
      .getByRole('region', { name: 'Contratos e processos' })
      .getByText('Cadastro', { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'admin-clients-detail-desktop');

    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_CLIENT_MESSAGES.deleteDialogTitle });
    await dialog.getByText('Esta ação é irreversível.', { exact: false }).waitFor();
    await screenshot(page, 'admin-clients-delete-dialog-desktop');
    // Nothing is deleted until the client's name is typed.
    await dialog.getByRole('button', { name: ADMIN_CLIENT_MESSAGES.deleteConfirm }).click();
    await dialog.getByRole('alert').filter({ hasText: CASE_FILE_MESSAGES.typeToConfirmMismatch }).waitFor();
    await dialog
      .getByLabel(CASE_FILE_MESSAGES.typeToConfirmLabel(doomed.profile.nome_completo))
      .fill(doomed.profile.nome_completo);
    await dialog.getByRole('button', { name: ADMIN_CLIENT_MESSAGES.deleteConfirm }).click();
    await toastWith(page, ADMIN_CLIENT_MESSAGES.clientDeleted);
    // The open PIX was cancelled at Asaas first, and the toast says so.
    await toastWith(
      page,
      clientDeletedDescription({
        deleted_contracts: 1,
        deleted_processes: 1,
        deleted_referrals: 0,
        removed_payments: 1,
      }),
    );
    await screenshot(page, 'admin-clients-deleted-toast-desktop');
    expect(await asaas.getPayment(openPix)).toMatchObject({ deleted: true });
    await page.waitForURL(`${appUrl}/admin/clientes`);

    await searchFor(page, word);
    await table.getByRole('row').filter({ hasText: kept.profile.nome_completo }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);

    await page.goto(`${appUrl}/admin/clientes/${doomed.profile.id}`);
    await page.getByRole('heading', { name: ADMIN_CLIENT_MESSAGES.clientNotFound }).waitFor();
    await screenshot(page, 'admin-clients-not-found-desktop');
    await page.context().close();
  }, 240_000);

  it('refuses, in the dialog, to delete a client whose payment was received (phone)', async () => {
    const page = await adminPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/admin/clientes/${paid.profile.id}`);
    await page.getByRole('heading', { level: 1, name: 'Detalhes do Cliente' }).waitFor();
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_CLIENT_MESSAGES.deleteDialogTitle });
    await dialog.getByText('Havendo pagamento recebido, estorne-o antes.', { exact: false }).waitFor();
    await screenshot(page, 'admin-clients-delete-dialog-phone');
    await dialog
      .getByLabel(CASE_FILE_MESSAGES.typeToConfirmLabel(paid.profile.nome_completo))
      .fill(paid.profile.nome_completo);
    // Asaas down: the server's own words (nothing deleted, try again), not the generic failure.
    await fetch(`${asaasUrl}/__control/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failNext: 3, status: 503 }),
    });
    await dialog.getByRole('button', { name: ADMIN_CLIENT_MESSAGES.deleteConfirm }).click();
    await dialog.getByRole('alert').filter({ hasText: ADMIN_CLIENT_MESSAGES.deleteAsaasUnavailable }).waitFor();
    await screenshot(page, 'admin-clients-delete-asaas-down-phone');
    // Asaas back: the money gate answers.
    await dialog.getByRole('button', { name: ADMIN_CLIENT_MESSAGES.deleteConfirm }).click();
    const refusal = ADMIN_CLIENT_MESSAGES.deleteRefusedPaid([`protocolo ${paid.contract.protocolo}`]);
    await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await screenshot(page, 'admin-clients-delete-refused-phone');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Still there, with its charge.
    await page.reload();
    await page.getByText(paid.contract.protocolo).first().waitFor();
    await page.context().close();
  }, 180_000);

  it('shows cards on a phone, and the detail', async () => {
    const page = await adminPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/admin/clientes`);
    await searchFor(page, word);
    const cards = page.getByRole('list', { name: 'Clientes' });
    await cards.getByText(kept.profile.nome_completo, { exact: true }).waitFor();
    expect(await page.getByRole('table', { name: 'Clientes' }).isVisible()).toBe(false);
    await screenshot(page, 'admin-clients-phone');
    await cards.getByRole('link', { name: `Ver detalhes de ${kept.profile.nome_completo}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Detalhes do Cliente' }).waitFor();
    await page.getByText(kept.contract.protocolo).first().waitFor();
    await screenshot(page, 'admin-clients-detail-phone');
    await page.context().close();
  }, 180_000);

  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`shows document, process status and last activity, orders by name, and keeps order and filter over a reload (${viewport})`, async () => {
      const sortWord = `Quaresmeira${ulid().slice(-5).toLowerCase()}`;
      // Signed up in this order: newest first lists Carla, Ana, Bruna; by name, Ana, Bruna, Carla.
      const bruna = await seedCustomer(db, { nome_completo: `Bruna ${sortWord} Costa`, cpf: generateCpf() });
      await seedSignature(db, bruna);
      const brunaStatus = statusLabel(
        (await getProcess(db, { userId: bruna.userId, contractId: bruna.contract.id }))!.status,
      );
      await seedCustomer(db, { nome_completo: `Ana ${sortWord} Dias`, cpf: generateCpf() });
      await seedCustomer(db, { nome_completo: `Carla ${sortWord} Alves`, cpf: generateCpf() });
      const page = await adminPage(size);
      await page.goto(`${appUrl}/admin/clientes`);
      await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
      await searchFor(page, sortWord);
      const list =
        viewport === 'phone'
          ? page.getByRole('list', { name: 'Clientes' }).getByRole('listitem')
          : page.getByRole('table', { name: 'Clientes' }).getByRole('row').filter({ hasText: sortWord });
      const firstNames = async () =>
        (await list.allTextContents()).map((text) => /(Ana|Bruna|Carla) /.exec(text)?.[1] ?? '?');
      await expect.poll(firstNames, { timeout: 20_000 }).toEqual(['Carla', 'Ana', 'Bruna']);

      // The row says who it is, where the case stands and when anything last happened.
      const brunaRow = list.filter({ hasText: bruna.profile.nome_completo });
      await brunaRow.getByText(`CPF ${formatDocument(bruna.profile.cpf)}`).waitFor();
      await brunaRow.getByText(brunaStatus, { exact: true }).waitFor();
      if (viewport === 'phone') await brunaRow.getByText(/Última atividade \d{2}\/\d{2}\/\d{4}/).waitFor();
      else await page.getByRole('columnheader', { name: 'Última atividade' }).waitFor();

      await page.getByLabel(ADMIN_CLIENT_MESSAGES.sortLabel).selectOption('nome');
      await page.waitForURL(/\/admin\/clientes\?ordem=nome$/);
      await expect.poll(firstNames).toEqual(['Ana', 'Bruna', 'Carla']);
      await screenshot(page, `admin-clients-sorted-${viewport}`);
      // The order survives a reload (the search term, which names a person, is not in the URL).
      await page.reload();
      expect(await page.getByLabel(ADMIN_CLIENT_MESSAGES.sortLabel).inputValue()).toBe('nome');
      await searchFor(page, sortWord);
      await expect.poll(firstNames, { timeout: 20_000 }).toEqual(['Ana', 'Bruna', 'Carla']);

      // A list's status filter lives in the URL too, and survives a reload.
      await page.goto(`${appUrl}/admin/processos`);
      await page.getByRole('heading', { level: 1, name: 'Processos' }).waitFor();
      await page.getByLabel('Status', { exact: true }).selectOption('peticionado');
      await page.waitForURL(/\/admin\/processos\?status=peticionado$/);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Processos' }).waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('peticionado');
      await page.context().close();
    }, 240_000);
  }
});

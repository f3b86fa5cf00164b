import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SEARCH_MESSAGES } from '../../domain/api/admin-search.js';
import { formatDocument } from '../../domain/documents.js';
import { seedCustomer } from '../integration/seed.js';
import { screenshot, VIEWPORTS } from './browser.js';
import { adminPage, nameWord } from './admin-helpers.js';
import { localTable } from './local-table.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(() => {
  db.client.destroy();
});

describe("the admin header's one search", () => {
  it("'/' focuses it; a piece of a protocol finds the client with the process status, and leads to the case file (desktop)", async () => {
    const client = await seedCustomer(db, { nome_completo: `Teodora ${nameWord()} Lins`, cpf: generateCpf() });
    const piece = client.contract.protocolo.split('-').slice(1, 3).join('-');
    const page = await adminPage(VIEWPORTS.desktop);
    await page.goto(`${appUrl}/admin/processos`);
    const box = page.getByRole('textbox', { name: ADMIN_SEARCH_MESSAGES.label });
    await box.waitFor({ timeout: 90_000 });
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect.poll(() => box.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.type(piece);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${appUrl}/admin/busca?q=${encodeURIComponent(piece)}`);
    const results = page.getByRole('list', { name: 'Clientes encontrados' });
    const card = results.getByRole('listitem').filter({ hasText: client.profile.nome_completo }).first();
    // The first visit to the results screen may wait for the dev server to compile it on a busy machine.
    await card.getByText(client.contract.protocolo).waitFor({ timeout: 90_000 });
    await card.getByText('Cadastro', { exact: true }).waitFor();
    // The document is masked on the results.
    expect(await card.textContent()).not.toContain(formatDocument(client.profile.cpf));
    await screenshot(page, 'admin-search-desktop');
    await card.getByRole('link', { name: client.profile.nome_completo }).click();
    await page.waitForURL(`${appUrl}/admin/clientes/${client.profile.id}`);
    await page.getByRole('heading', { level: 1, name: client.profile.nome_completo }).waitFor();
    await page.context().close();
  }, 180_000);

  it('finds a client by the CPF typed with its mask (phone)', async () => {
    const client = await seedCustomer(db, { nome_completo: `Rui ${nameWord()} Prado`, cpf: generateCpf() });
    const page = await adminPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/admin/clientes`);
    const box = page.getByRole('textbox', { name: ADMIN_SEARCH_MESSAGES.label });
    await box.fill(formatDocument(client.profile.cpf), { timeout: 90_000 });
    await box.press('Enter');
    const results = page.getByRole('list', { name: 'Clientes encontrados' });
    await results.getByRole('link', { name: client.profile.nome_completo }).waitFor({ timeout: 90_000 });
    expect(await results.getByRole('listitem').filter({ hasText: client.profile.nome_completo }).count()).toBe(1);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-search-phone');
    await page.context().close();
  }, 180_000);
});

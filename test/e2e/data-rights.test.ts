import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ERASURE_PROTOCOL_PATTERN } from '../../domain/data-rights.js';
import { nameWord } from './admin-helpers.js';
import { newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { openSignedIn } from './sessions.js';
import { apiCustomer, openDashboardAs, type ApiCustomer } from './customers.js';

const { appUrl, admin } = inject('e2e');
let customer: ApiCustomer;

beforeAll(async () => {
  // An unsigned contract is enough: the export and the request do not depend on it, and it is the quickest customer.
  customer = await apiCustomer({ name: `Lívia ${nameWord()} Prates`, signed: false });
});

/** The file a click downloads, copied here from the browser (it runs as a server of its own) and read. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const path = join(mkdtempSync(join(tmpdir(), 'baixa-meus-dados-')), file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

describe('Meus dados (/app/perfil)', () => {
  let protocolo = '';

  it('downloads the customer’s data and records an erasure request with its protocol (phone, then desktop)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/perfil`);
    const section = page.getByRole('region', { name: 'Meus dados' });
    await section.getByRole('button', { name: 'Solicitar exclusão' }).waitFor();
    await screenshot(page, 'meus-dados-phone');

    const json = await downloadedText(page, () => section.getByRole('button', { name: 'Baixar meus dados' }).click());
    expect(json.name).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(json.text);
    expect(data.conta.email).toBe(customer.email);
    expect(data.perfil).toMatchObject({ nome_completo: customer.name, cpf: customer.cpf, user_id: customer.userId });
    expect(data.contratos).toEqual([expect.objectContaining({ protocolo: customer.protocol, assinado_em: null })]);
    await toastWith(page, 'Cópia dos seus dados baixada');

    const html = await downloadedText(page, () =>
      section.getByRole('button', { name: 'Versão para leitura (HTML)' }).click(),
    );
    expect(html.text).toContain('<h1>Meus dados</h1>');
    expect(html.text).toContain(customer.name);
    expect(html.text).toContain(customer.protocol);
    // The notices about the customer given to the team have their own section, empty here.
    expect(html.text).toContain('<h2>Avisos internos à nossa equipe</h2><p class="vazio">Nenhum registro.</p>');
    const readable = await page.context().newPage();
    await readable.setContent(html.text);
    await screenshot(readable, 'meus-dados-leitura-phone');
    await readable.setViewportSize(VIEWPORTS.desktop);
    await screenshot(readable, 'meus-dados-leitura-desktop');
    await readable.close();

    await section.getByRole('button', { name: 'Solicitar exclusão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar a exclusão dos seus dados?' });
    await dialog.getByRole('button', { name: 'Confirmar solicitação' }).click();
    await toastWith(page, 'Solicitação de exclusão registrada');
    const status = section.getByRole('status');
    await status.getByText(/Protocolo da solicitação: LGPD-/).waitFor();
    protocolo = /LGPD-\d{8}-[0-9A-Z]{8}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
    expect(protocolo).toMatch(ERASURE_PROTOCOL_PATTERN);
    expect(await section.getByRole('button', { name: 'Solicitar exclusão' }).count()).toBe(0);
    await screenshot(page, 'meus-dados-requested-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'meus-dados-requested-desktop');
    await page.context().close();
  });

  it('shows the request to the admins with its status (desktop)', async () => {
    expect(protocolo).not.toBe('');
    const page = await newPage(VIEWPORTS.desktop);
    await openSignedIn(page, admin, '/admin/clientes');
    const list = page.getByRole('list', { name: 'Solicitações de exclusão (LGPD)' });
    const card = list.getByRole('listitem').filter({ hasText: protocolo });
    await card.waitFor();
    expect(await card.textContent()).toContain(customer.name);
    expect(await card.textContent()).toContain('Recebida');
    expect(await card.textContent()).toContain('Sem prazo de guarda');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-erasure-requests-desktop');
    await page.context().close();
  });
});

import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDocument } from '../../domain/documents.js';
import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { API_BASE_PATH } from '../../domain/api/route.js';
import { fullProtocol } from '../../domain/protocol.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { robotsTxt, sitemapXml } from '../../domain/public-pages.js';
import type { ProcessStatus } from '../../domain/process-status.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { seedCustomer } from '../integration/seed.js';
import { emailsTo, newPage, openPublicPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { localTable } from './local-table.js';

const { appUrl, sesUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

type Seeded = Awaited<ReturnType<typeof seedCustomer>>;
const ref = (customer: Seeded) => ({ userId: customer.userId, contractId: customer.contract.id });

/** The way an admin moves a process (the admin screens come later; the write is the same). */
async function moveProcess(customer: Seeded, ...statuses: ProcessStatus[]) {
  for (const to of statuses) {
    await changeProcessStatus(db, {
      ref: ref(customer),
      to,
      byUser: 'admin-e2e',
      obs: null,
      now: new Date().toISOString(),
    });
  }
}

/** Waits, if need be, until more than `marginSeconds` are left in the current fixed rate-limit window. */
async function outsideWindowEnd(windowSeconds: number, marginSeconds: number): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

async function search(page: Page, consulta: string) {
  await page.getByLabel('CPF, CNPJ ou protocolo').fill(consulta);
  await page.getByRole('button', { name: 'Consultar', exact: true }).click();
}

let granted: Seeded;
let pending: Seeded;
const grantedEmail = `nada.consta.${ulid().toLowerCase()}@example.com`;

beforeAll(async () => {
  granted = await seedCustomer(db, { email: grantedEmail, nome_completo: 'Maria Aparecida Souza', cpf: generateCpf() });
  await moveProcess(granted, 'contrato_assinado', 'pago', 'peticionado', 'baixa_deferida');
  pending = await seedCustomer(db, { nome_completo: 'João Pedro Lima', cpf: generateCpf() });
});
afterAll(async () => {
  db.client.destroy();
});

describe('/consultar (spec 01 §2, §5, §8): masked results, not found, rate limit', () => {
  it('finds a process by CPF and shows only masked personal data and the lookup status (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openPublicPage(page, `${appUrl}/consultar`);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('Consultar Processo | Limpa Nome');
    await page.getByRole('button', { name: 'Consultar', exact: true }).click();
    await page.getByText('Digite o CPF, CNPJ ou protocolo para consultar').waitFor();

    await search(page, formatDocument(granted.profile.cpf));
    const card = page.getByRole('article', { name: `Processo ${fullProtocol(granted.contract.protocolo)}` });
    await card.waitFor();
    await card.getByText('Baixa Deferida', { exact: true }).waitFor();
    await card.getByText('Maria S.').waitFor();
    await card.getByText(/^n\*\*\*@\*\*\*$/).waitFor();
    await card.getByText(`***.${granted.profile.cpf.slice(3, 6)}.${granted.profile.cpf.slice(6, 9)}-**`).waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).not.toContain('Aparecida');
    expect(text).not.toContain(grantedEmail);
    expect(text).not.toContain(granted.profile.cpf);
    await expect(card.getByRole('button', { name: 'Baixar Nada Consta' }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'lookup-found-phone');
    await page.context().close();
  });

  it('explains why Nada Consta is unavailable before the removal is granted, by protocol (desktop)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await openPublicPage(page, `${appUrl}/consultar`);
    await search(page, pending.contract.protocolo.toLowerCase());
    const card = page.getByRole('article', { name: `Processo ${fullProtocol(pending.contract.protocolo)}` });
    await card.getByText('Cadastro', { exact: true }).waitFor();
    // By protocol, no character of the holder's document.
    await card.getByText('***.***.***-**').waitFor();
    expect((await card.textContent()) ?? '').not.toMatch(/\d{3}\.\d{3}\.|\.\d{3}-/);
    const button = card.getByRole('button', { name: 'Baixar Nada Consta' });
    await expect(button.getAttribute('aria-disabled')).resolves.toBe('true');
    // The reason is on screen without hovering or focusing, tied to the button, with a way on.
    const reason = card.getByText('Disponível somente quando a baixa estiver deferida', { exact: false });
    await expect(reason.isVisible()).resolves.toBe(true);
    const describedBy = await button.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(
      'Disponível somente quando a baixa estiver deferida',
    );
    const support = card.getByRole('link', { name: 'Falar com o suporte (WhatsApp)' });
    expect(await support.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+$/);
    await screenshot(page, 'lookup-unavailable-desktop');
    await page.context().close();
  });

  it('masks a CPF and a CNPJ as they are typed, leaves a protocol alone (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openPublicPage(page, `${appUrl}/consultar`);
    const input = page.getByLabel('CPF, CNPJ ou protocolo');
    // The first characters may arrive before the island's code: they get the mask once it is live.
    const typed = async (text: string, shown: string) => {
      await input.fill('');
      await input.pressSequentially(text);
      await expect.poll(() => input.inputValue()).toBe(shown);
    };
    await typed('12abc34501de35', '12.ABC.345/01DE-35');
    await page.locator('[data-island="lookup"][data-island-live]').waitFor({ state: 'attached' });
    await typed('11222333000181', '11.222.333/0001-81');
    const protocol = pending.contract.protocolo;
    await typed(protocol, protocol);
    await typed(granted.profile.cpf, formatDocument(granted.profile.cpf));
    // No search: the other tests' searches of these documents count against the per-document limit.
    await screenshot(page, 'lookup-mask-phone');
    await page.context().close();
  });

  it('holds a search sent before the form’s code has arrived, and sends it once the island is live (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    // React's chunk is held back until the search has been sent: the island cannot wake before.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/react-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openPublicPage(page, `${appUrl}/consultar`);
    expect(await page.locator('[data-island="lookup"][data-island-live]').count()).toBe(0);
    await search(page, pending.contract.protocolo);
    // Not submitted natively: the page and its address stay, with the search waiting.
    expect(new URL(page.url()).search).toBe('');
    await page.locator('[data-island="lookup"][data-island-waking]').waitFor({ state: 'attached' });
    release!();
    const card = page.getByRole('article', { name: `Processo ${fullProtocol(pending.contract.protocolo)}` });
    await card.getByText('Cadastro', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/consultar');
    await page.context().close();
  });

  it('says "Processo não encontrado" for an unknown CPF, then refuses a sixth search of the same document', async () => {
    // The six searches must fall in one fixed window (the server's clock cannot be stopped from here).
    await outsideWindowEnd(RATE_LIMITS.lookupByQuery.windowSeconds, 45);
    const page = await newPage(VIEWPORTS.phone);
    await openPublicPage(page, `${appUrl}/consultar`);
    const unknown = formatDocument(generateCpf());
    await search(page, unknown);
    await page.getByRole('heading', { name: 'Processo não encontrado' }).waitFor();
    await page.getByText('Verifique se digitou corretamente o CPF, CNPJ ou protocolo.').waitFor();
    await screenshot(page, 'lookup-not-found-phone');
    // 5 searches of one document per 10 minutes (domain/rate-limits.ts): this was the first. Each search waits for its
    // own answer (the heading of the previous one is still on screen).
    const answered = async () => {
      const response = page.waitForResponse((r) => r.url().endsWith(`${API_BASE_PATH}${lookupProcessRoute.path}`));
      await search(page, unknown);
      return (await response).status();
    };
    for (let i = 0; i < 4; i++) expect(await answered()).toBe(200);
    expect(await answered()).toBe(429);
    await page.getByRole('heading', { name: 'Erro na consulta' }).waitFor();
    await page.getByText('Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.').waitFor();
    await screenshot(page, 'lookup-rate-limited-phone');
    await page.context().close();
  });
});

describe('Nada Consta (spec 01 §2, §5, §7): the dialog through to the PDF and its verification page', () => {
  it('issues only for the e-mail on file, opens the PDF, e-mails it, and the QR page says vigente then não vigente', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await openPublicPage(page, `${appUrl}/consultar`);
    await search(page, granted.contract.protocolo);
    await page.getByRole('button', { name: 'Baixar Nada Consta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Baixar Nada Consta' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Emitir Nada Consta' });
    await expect(confirm.isDisabled()).resolves.toBe(true);

    const answerCheck = async () => {
      const label = (await dialog.getByText(/quanto é \d \+ \d\?/).textContent()) ?? '';
      const [, a, b] = /(\d) \+ (\d)/.exec(label) ?? [];
      await dialog.getByLabel(/quanto é/).fill(String(Number(a) + Number(b)));
    };
    // Someone else's e-mail: the server's one generic refusal.
    await dialog.getByLabel('E-mail cadastrado').fill('outra.pessoa@example.com');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await answerCheck();
    await confirm.click();
    await dialog.getByText('Falha ao emitir').waitFor();
    await dialog.getByText('Não foi possível emitir o Nada Consta com os dados informados.').waitFor();

    await dialog.getByLabel('E-mail cadastrado').fill(grantedEmail.toUpperCase());
    await answerCheck();
    const popup = page
      .context()
      .waitForEvent('page')
      .catch(() => null);
    await confirm.click();
    // Said in the dialog; the spec's toast follows when the dialog closes (a modal dialog would cover it).
    await dialog.getByText('Nada Consta emitido').waitFor();
    await dialog.getByText('Enviamos o comprovante para seu e-mail.').first().waitFor();
    await popup;
    await screenshot(page, 'nada-consta-issued-desktop');

    const pdfUrl = await dialog.getByRole('link', { name: 'Abrir Nada Consta (PDF)' }).getAttribute('href');
    const pdf = await fetch(pdfUrl!);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expect
      .poll(async () => (await emailsTo(sesUrl, grantedEmail)).length, { timeout: 10_000 })
      .toBeGreaterThan(0);

    const verification = await dialog.getByRole('link', { name: 'conferir autenticidade' }).getAttribute('href');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await toastWith(page, 'Nada Consta emitido');
    await toastWith(page, 'Enviamos o comprovante para seu e-mail.');
    await screenshot(page, 'nada-consta-closed-toast-desktop');
    await page.goto(new URL(verification!, appUrl).toString());
    await page.waitForURL(/\/verificar\//);
    await page.getByRole('heading', { name: 'Verificação de Nada Consta' }).waitFor();
    await page.getByText('Vigente', { exact: true }).waitFor();
    await page.getByText('Maria S.').waitFor();
    await screenshot(page, 'nada-consta-verification-desktop');

    await moveProcess(granted, 'baixa_caiu');
    await page.reload();
    await page.getByText('Não vigente', { exact: true }).waitFor();
    await page.getByText(/não está mais vigente/).waitFor();
    await page.context().close();
  });

  it('issues on a phone too: the dialog fits, the PDF link and the verification code are there', async () => {
    const email = `nada.consta.celular.${ulid().toLowerCase()}@example.com`;
    const customer = await seedCustomer(db, { email, nome_completo: 'Carlos Eduardo Prado', cpf: generateCpf() });
    await moveProcess(customer, 'contrato_assinado', 'pago', 'peticionado', 'baixa_deferida');
    const page = await newPage(VIEWPORTS.phone);
    await openPublicPage(page, `${appUrl}/consultar`);
    await search(page, formatDocument(customer.profile.cpf));
    await page.getByRole('button', { name: 'Baixar Nada Consta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Baixar Nada Consta' });
    await dialog.getByLabel('E-mail cadastrado').fill(email);
    const label = (await dialog.getByText(/quanto é \d \+ \d\?/).textContent()) ?? '';
    const [, a, b] = /(\d) \+ (\d)/.exec(label) ?? [];
    await dialog.getByLabel(/quanto é/).fill(String(Number(a) + Number(b)));
    await screenshot(page, 'nada-consta-dialog-phone');
    await dialog.getByRole('button', { name: 'Emitir Nada Consta' }).click();
    await dialog.getByRole('link', { name: 'Abrir Nada Consta (PDF)' }).waitFor();
    await dialog.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'nada-consta-issued-phone');
    await page.context().close();
  });

  it('shows "Certificado não encontrado." for an unknown code (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/verificar/ABCD-EFGH-JKMN`);
    await page.getByRole('heading', { name: 'Certificado não encontrado.' }).waitFor();
    await screenshot(page, 'nada-consta-verification-not-found-phone');
    await page.context().close();
  });
});

describe('unknown paths (spec 01 §2 "404 page")', () => {
  it('answers HTTP 404 with the 404 page and a link home', async () => {
    const page = await newPage(VIEWPORTS.phone);
    const response = await page.goto(`${appUrl}/pagina-que-nao-existe`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.context().close();
  });

  it('answers pages, app routes and files 200 and anything else 404, as the CDN does', async () => {
    const status = async (path: string) => (await fetch(`${appUrl}${path}`, { redirect: 'manual' })).status;
    for (const path of ['/', '/consultar', '/termos', '/auth', '/app/dashboard', '/verificar/ABCD-EFGH-JKMN'])
      expect([path, await status(path)]).toEqual([path, 200]);
    for (const path of ['/nao-existe', '/app/nao-existe', '/consultar/extra', '/admin/clientes/1/2', '/wp-login.php'])
      expect([path, await status(path)]).toEqual([path, 404]);
    // The API keeps its own answers: JSON, never the 404 page.
    const api = await fetch(`${appUrl}/api/nao-existe`);
    expect(api.headers.get('content-type')).not.toContain('text/html');
  });

  it('serves robots.txt and sitemap.xml for its own origin, as the deployed site does', async () => {
    const robots = await fetch(`${appUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toBe(robotsTxt(appUrl));
    const sitemap = await fetch(`${appUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    expect(await sitemap.text()).toBe(sitemapXml(appUrl));
  });
});

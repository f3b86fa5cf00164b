import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, inject, it } from 'vitest';
import {
  latestEmailTo,
  logIn,
  newPage,
  screenshot,
  VIEWPORTS,
  signContract,
  signUpAndLogIn,
  fillProfile,
} from './browser.js';

const { appUrl, sesUrl } = inject('e2e');

const password = 'segredo123';
const CONSENT = 'Li e concordo com os termos do contrato';

/** The text of a downloaded PDF. */
async function pdfTextOf(download: Download): Promise<string> {
  // The browser runs apart from the tests (path() is not available then): the file comes as a stream.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = new Uint8Array(Buffer.concat(chunks));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

/** The 'Contrato assinado' e-mail's link to the signed PDF (`<app>/contrato/<token>`). */
function contractLinkIn(html: string | undefined): string {
  const href = /href="([^"]+\/contrato\/[^"]+)"/.exec(html ?? '')?.[1];
  if (!href) throw new Error('the e-mail carries no link to the contract');
  return href.replaceAll('&amp;', '&');
}

async function customerWithProfile(page: Page, email: string): Promise<void> {
  await signUpAndLogIn(page, { appUrl, sesUrl }, email, password);
  await page.goto(`${appUrl}/app/historico`);
  await page.getByText('Nenhum histórico encontrado').waitFor();
  await page.goto(`${appUrl}/app/perfil`);
  await fillProfile(page, {
    name: 'João Batista Pereira',
    cpf: generateCpf(),
    whatsapp: '35998765432',
    cep: '37470000',
    street: 'Rua Dr. Olavo Gomes Pinto',
    number: '120',
    neighbourhood: 'Centro',
  });
  expect(await page.getByLabel('Cidade').inputValue()).toBe('São Lourenço');
  await page.getByRole('button', { name: 'Salvar Perfil' }).click();
  await page.waitForURL(`${appUrl}/app/contrato`);
}

describe('contract (/app/contrato): read, sign once, print', () => {
  const email = `contrato.${ulid().toLowerCase()}@example.com`;

  it('shows the unsigned contract with its nine clauses and signs it, then goes to the payment (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await customerWithProfile(page, email);
    await page.getByRole('heading', { name: 'Aguardando Assinatura' }).waitFor();
    expect(await page.getByText('Pendente', { exact: true }).count()).toBe(1);
    for (const title of ['Do objeto', 'Da natureza e dos limites do serviço', 'Do foro']) {
      await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
    }
    expect(await page.getByText(/trezentos e noventa e nove reais/).count()).toBe(1);
    expect(await page.getByText(/São Lourenço\/MG/).count()).toBeGreaterThan(0);
    // The clauses are in the page's own flow: nothing scrolls inside a box on a phone.
    const clauses = page.getByRole('region', { name: 'Texto do contrato' });
    expect(
      await clauses.evaluate((el) => [
        el.ownerDocument.defaultView!.getComputedStyle(el).overflowY,
        el.scrollHeight - el.clientHeight,
      ]),
    ).toEqual(['visible', 0]);
    const consent = page.getByRole('checkbox', { name: CONSENT });
    expect(await consent.isChecked()).toBe(false);
    await screenshot(page, 'contract-unsigned-phone');

    // Before signing, the payment screen sends the customer back to the contract (spec 02 §2).
    await page.goto(`${appUrl}/app/pagamento`);
    await page.getByText('Você precisa assinar um contrato antes de gerar um pagamento.').waitFor();
    expect(await page.getByRole('button', { name: 'Gerar PIX' }).count()).toBe(0);
    await screenshot(page, 'payment-unsigned-phone');
    await page.getByRole('link', { name: 'Ir para o contrato' }).click();
    await page.waitForURL(`${appUrl}/app/contrato`);

    // Signing without the tick is refused next to the box, announced, with the focus there; nothing is signed.
    await page.getByRole('button', { name: 'Assinar Contrato Digitalmente' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: `Para assinar, marque “${CONSENT}”.` });
    await refusal.waitFor();
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    expect(await consent.getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
    expect(await consent.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(page.url()).toBe(`${appUrl}/app/contrato`);
    await screenshot(page, 'contract-consent-missing-phone');

    await signContract(page, 'Contrato assinado!');
    await page.waitForURL(`${appUrl}/app/pagamento`);
    const mail = await latestEmailTo(sesUrl, email);
    expect(mail.subject).toMatch(/^Contrato assinado — protocolo LM[\dA-Z-]+$/);

    // The e-mail's link opens without a session (another device) and downloads the signed PDF with its evidence.
    const link = contractLinkIn(mail.body?.html);
    const elsewhere = await newPage(VIEWPORTS.phone);
    const [download] = await Promise.all([elsewhere.waitForEvent('download'), elsewhere.goto(link)]);
    expect(download.suggestedFilename()).toMatch(/^Contrato LM[\dA-Z-]+\.pdf$/);
    const printed = await pdfTextOf(download);
    expect(printed).toContain(`o CONTRATANTE marcou a declaração “${CONSENT}”`);
    expect(printed).toMatch(/Resumo SHA-256 do texto assinado:\s+[0-9a-f]{64}/);
    await elsewhere.getByRole('link', { name: 'Baixar contrato (PDF)' }).waitFor();
    await screenshot(elsewhere, 'contract-link-phone');

    // A tampered link says so, and where the contract can still be found.
    const [payload, mac] = link.slice(link.lastIndexOf('/') + 1).split('.') as [string, string];
    await elsewhere.goto(`${appUrl}/contrato/${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`);
    await elsewhere.getByRole('alert').filter({ hasText: 'não é válido ou expirou' }).waitFor();
    await elsewhere.getByRole('link', { name: 'Entrar e ver meu contrato' }).waitFor();
    await screenshot(elsewhere, 'contract-link-invalid-phone');
    await page.context().close();
  });

  it('lists the signed contract with its facts, and the dashboard asks for the payment (desktop)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, password);
    await page.getByRole('heading', { name: 'Realize o Pagamento' }).waitFor();
    await page.goto(`${appUrl}/app/contrato`);
    await page.getByRole('heading', { name: 'Contrato Assinado' }).waitFor();
    expect(await page.getByText('Ativo', { exact: true }).count()).toBe(1);
    await page.getByText('R$ 399,00').first().waitFor();
    await page.getByText('127.0.0.1').waitFor();
    expect(await page.getByRole('button', { name: 'Assinar Contrato Digitalmente' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ver Pagamento' }).waitFor();
    await screenshot(page, 'contract-signed-desktop');

    // The stored PDF itself, as a file, from the contract page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar contrato assinado (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Contrato LM[\dA-Z-]+\.pdf$/);
    const printed = await pdfTextOf(download);
    expect(printed).toContain('CONTRATANTE: João Batista Pereira');
    expect(printed).toMatch(/Resumo SHA-256 do texto assinado:\s+[0-9a-f]{64}/);

    const [print] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Ver Contrato em PDF' }).click(),
    ]);
    await print.getByRole('heading', { name: 'Assinatura eletrônica' }).waitFor();
    await print.getByText(/Medida Provisória nº 2.200-2\/2001/).waitFor();
    await print.getByText(/Assinado eletronicamente por João Batista Pereira/).waitFor();
    // The location is CloudFront's viewer headers, which the local edge fills from its configuration.
    await print.getByText(/São Paulo\/SP, Brasil/).waitFor();
    await screenshot(print, 'contract-print-desktop');

    await page.goto(`${appUrl}/app/historico`);
    const entries = page.getByRole('list', { name: 'Histórico' }).getByRole('listitem');
    await entries.first().waitFor();
    const titles = await entries.locator('p:first-child').allTextContents();
    // In the customer's words, and the signature once.
    expect(titles).toEqual(['Aguardando pagamento', 'Contrato assinado', 'Contrato gerado']);
    await screenshot(page, 'history-desktop');
    await page.context().close();
  });
});

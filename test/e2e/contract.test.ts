import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
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
    await screenshot(page, 'contract-unsigned-phone');

    // Before signing, the payment screen sends the customer back to the contract (spec 02 §2).
    await page.goto(`${appUrl}/app/pagamento`);
    await page.getByText('Você precisa assinar um contrato antes de gerar um pagamento.').waitFor();
    expect(await page.getByRole('button', { name: 'Gerar PIX' }).count()).toBe(0);
    await screenshot(page, 'payment-unsigned-phone');
    await page.getByRole('link', { name: 'Ir para o contrato' }).click();
    await page.waitForURL(`${appUrl}/app/contrato`);

    await signContract(page, 'Contrato assinado!');
    await page.waitForURL(`${appUrl}/app/pagamento`);
    const mail = await latestEmailTo(sesUrl, email);
    expect(mail.subject).toMatch(/^Contrato assinado — protocolo LM[\dA-Z-]+$/);
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
    // In the customer's words, and the signature once (issue 29).
    expect(titles).toEqual(['Aguardando pagamento', 'Contrato assinado', 'Contrato gerado']);
    await screenshot(page, 'history-desktop');
    await page.context().close();
  });
});

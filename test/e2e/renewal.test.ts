import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ProcessStatus } from '../../domain/process-status.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { newPage, screenshot, toastWith, VIEWPORTS, signContract } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';
import { localTable } from './local-table.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

/**
 * A customer whose first removal an admin granted (or saw fall), and who has `freeRenewals` from referrals, signed in
 * on `page`: signed up, profiled and signed through the API (the screens have tests of their own), the admin's move
 * and the reward written to the local table as those writers do.
 */
async function renewableCustomer(page: Page, name: string, status: ProcessStatus, freeRenewals: number) {
  const made = await apiCustomer({ name });
  const customer = { userId: made.userId, contractId: made.contractId };
  await changeProcessStatus(db, { ref: customer, to: status, byUser: 'admin-e2e', now: new Date().toISOString() });
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(customer.userId), sk: keys.profileSk },
      UpdateExpression: 'SET free_renewals = :n',
      ExpressionAttributeValues: { ':n': freeRenewals },
    }),
  );
  await openDashboardAs(page, made);
  return customer;
}

describe('renewal (/app/renovacao): free and paid renewal contracts', () => {
  it('a free renewal goes from the card through a signed contract straight to the process (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await renewableCustomer(page, 'Renata Gratuita Souza', 'baixa_deferida', 1);

    await page.goto(`${appUrl}/app/renovacao`);
    await page.getByRole('heading', { name: 'Renovação', exact: true }).waitFor();
    await page.getByText('1 disponível', { exact: true }).waitFor();
    const free = page.getByRole('button', { name: 'Usar Renovação Gratuita' });
    expect(await free.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Renovar por R$ 399,00' }).isEnabled()).toBe(true);
    await screenshot(page, 'renewal-options-free-phone');

    await free.click();
    await toastWith(page, 'Renovação gratuita iniciada');
    await page.waitForURL(`${appUrl}/app/contrato`);
    await page.getByRole('heading', { name: 'Aguardando Assinatura - Renovação', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Contrato Assinado', exact: true }).waitFor();
    await page.getByText(/Renovação gratuita \(valor de referência R\$\s399,00\)/).waitFor();
    await page.getByText(/nada é devido pelo CONTRATANTE/).waitFor();
    await screenshot(page, 'renewal-free-contract-phone');

    await signContract(page, 'Processo gratuito iniciado!');
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.getByText('Pago', { exact: true }).first().waitFor();
    // A renewal's process needs its filing kit too (a proof of address of the last 90 days, a fresh procuração).
    await page.getByRole('heading', { name: 'Envie seus Documentos' }).waitFor();
    await screenshot(page, 'renewal-free-dashboard-phone');

    // No charge for it: the payment screen says so instead of offering a PIX.
    await page.goto(`${appUrl}/app/pagamento`);
    await page.getByText('Esta renovação é gratuita: não há pagamento a fazer.').waitFor();
    expect(await page.getByRole('button', { name: 'Gerar PIX' }).count()).toBe(0);

    // Spent, and the renewal's process is under way: both buttons wait.
    await page.goto(`${appUrl}/app/renovacao`);
    // No free renewal left: no 'R$ 0,00' offer, how to earn one instead.
    await page.getByRole('link', { name: 'Indique e Ganhe' }).last().waitFor();
    await page.getByText(/A renovação fica disponível quando a baixa do seu processo atual/).waitFor();
    expect(await page.getByRole('button', { name: 'Usar Renovação Gratuita' }).count()).toBe(0);
    expect(await page.getByText('0 disponíveis', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Renovar por R$ 399,00' }).isDisabled()).toBe(true);
    await screenshot(page, 'renewal-in-progress-phone');
    await page.context().close();
  });

  it('a paid renewal creates the contract; Gerar PIX appears only after it is signed (desktop)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await renewableCustomer(page, 'Paulo Pago Andrade', 'baixa_caiu', 0);

    await page.goto(`${appUrl}/app/renovacao`);
    await page.getByText(/A cada 5 indicações pagas, você ganha uma/).waitFor();
    // No free renewal to offer: no 'R$ 0,00' card with a dead button, the way to earn one.
    expect(await page.getByRole('button', { name: 'Usar Renovação Gratuita' }).count()).toBe(0);
    expect(await page.getByText('R$ 0,00', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Indique e Ganhe' }).last().getAttribute('href')).toBe('/app/indique');
    await screenshot(page, 'renewal-options-desktop');

    await page.getByRole('button', { name: 'Renovar por R$ 399,00' }).click();
    await toastWith(page, 'Contrato de renovação criado');
    await page.waitForURL(`${appUrl}/app/contrato`);
    await page.getByRole('heading', { name: 'Aguardando Assinatura - Renovação', exact: true }).waitFor();
    await screenshot(page, 'renewal-paid-contract-desktop');

    // Unsigned: no payment yet.
    await page.goto(`${appUrl}/app/pagamento`);
    await page.getByText('Você precisa assinar um contrato antes de gerar um pagamento.').waitFor();
    expect(await page.getByRole('button', { name: 'Gerar PIX' }).count()).toBe(0);

    await page.goto(`${appUrl}/app/contrato`);
    await signContract(page, 'Contrato assinado!');
    await page.waitForURL(`${appUrl}/app/pagamento`);
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await toastWith(page, 'PIX gerado!');
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    await screenshot(page, 'renewal-paid-pix-desktop');

    await page.goto(`${appUrl}/app/contrato`);
    await page.getByRole('heading', { name: 'Contrato Assinado - Renovação', exact: true }).waitFor();
    await page.context().close();
  });
});

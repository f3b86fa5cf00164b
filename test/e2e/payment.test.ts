import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatDay } from '../../domain/dates.js';
import { addCalendarDays, saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { PIX_DUE_DAYS } from '../../domain/deadlines.js';
import { nameWord } from './admin-helpers.js';
import { screenshot, toastWith, VIEWPORTS, newContext } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';

const { appUrl, asaasUrl } = inject('e2e');

async function pageWithClipboard(viewport: { width: number; height: number }): Promise<Page> {
  const context = await newContext(viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
  return context.newPage();
}

describe('PIX payment (/app/pagamento) through the Asaas simulator', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'generates the PIX, copies its code, and turns paid live when the simulator pays it (%s)',
    async (device, viewport) => {
      // A name of its own: the simulator's page lists every customer's charges. Signing up, the profile and the
      // contract are walked through the screens in their own tests; this customer is made through the API.
      const name = `Carlos ${device === 'phone' ? 'Celular' : 'Computador'} Lima ${nameWord()}`;
      const customer = await apiCustomer({ name });
      const page = await pageWithClipboard(viewport);
      await openDashboardAs(page, customer);
      await page.goto(`${appUrl}/app/pagamento`);
      await page.getByRole('heading', { name: /^Pagamento — Protocolo\sLM[\dA-Z-]+ · R\$\s399,00$/ }).waitFor();
      await page.getByText('Pagamento único via PIX com desconto especial').waitFor();
      await screenshot(page, `payment-generate-${device}`);

      await page.getByRole('button', { name: 'Gerar PIX' }).click();
      await toastWith(page, 'PIX gerado!');
      await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
      await page.getByText('Aguardando', { exact: true }).waitFor();
      // Until when it can be paid: Asaas's QR code expiry, the due date (3 São Paulo days on) at 23:59.
      const due = formatDay(addCalendarDays(saoPauloDay(new Date()), PIX_DUE_DAYS));
      expect(await page.getByTestId('pix-valid-until').textContent()).toBe(`Válido até ${due} às 23:59`);
      const code = await page.getByLabel('PIX copia e cola').inputValue();
      expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
      // On a phone the code to copy comes before the QR (nobody scans their own screen); on a desktop the QR first.
      const copyButton = page.getByRole('button', { name: 'Copiar código PIX' });
      const copyTop = (await copyButton.boundingBox())!.y;
      const qrTop = (await page.getByRole('img', { name: 'QR Code do PIX' }).boundingBox())!.y;
      expect(device === 'phone' ? copyTop < qrTop : qrTop < copyTop).toBe(true);
      await page.getByText('No app do seu banco, escolha Pix › Pix Copia e Cola e cole o código.').waitFor();
      await copyButton.click();
      // The button itself says it copied, beside the spec's toast.
      await page.getByRole('button', { name: '✓ Copiado' }).waitFor();
      await toastWith(page, 'Código PIX copiado para área de transferência.');
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(code);
      await page.getByRole('link', { name: 'simulador do Asaas' }).waitFor();
      await screenshot(page, `payment-pix-${device}`);

      // Not paid yet: the verification says so and changes nothing.
      await page.getByRole('button', { name: 'Verificar Pagamento' }).click();
      await page.getByText('Ainda não recebemos o pagamento', { exact: false }).first().waitFor();

      // The customer pays in the simulator (another tab); Asaas's webhook → workflow → live channel → this screen.
      const simulator = await page.context().newPage();
      await simulator.goto(asaasUrl);
      const row = simulator.getByRole('row').filter({ hasText: name });
      await row.getByRole('button', { name: 'Pagar' }).click();
      // The form posts and the page comes back without the button: only then is the payment made.
      await row.getByRole('button', { name: 'Pagar' }).waitFor({ state: 'detached' });
      await simulator.close();

      await page
        .getByText('✅ Pagamento confirmado! Seu processo será iniciado em breve.')
        .waitFor({ timeout: 15_000 });
      await screenshot(page, `payment-paid-${device}`);
      await page.getByRole('link', { name: 'Acompanhar Processo' }).click();
      await page.waitForURL(`${appUrl}/app/dashboard`);
      await page.getByText('Pago', { exact: true }).first().waitFor();
      await page.context().close();
    },
  );

  it('offers a new PIX when the first one expires, and the new one is payable (desktop)', async () => {
    const name = `Carlos Vencido Lima ${nameWord()}`;
    const customer = await apiCustomer({ name });
    const page = await pageWithClipboard(VIEWPORTS.desktop);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/pagamento`);
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    const firstCode = await page.getByLabel('PIX copia e cola').inputValue();

    // Its due date passes at Asaas (the simulator's 'Vencer'): the open screen hears it and offers a new PIX.
    const simulator = await page.context().newPage();
    await simulator.goto(asaasUrl);
    const row = simulator.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Vencer' }).click();
    await row.getByRole('button', { name: 'Vencer' }).waitFor({ state: 'detached' });
    await page.getByText('Este PIX venceu e não pode mais ser pago.', { exact: false }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'payment-expired-desktop');
    await page.getByRole('button', { name: 'Gerar novo PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    expect(await page.getByLabel('PIX copia e cola').inputValue()).not.toBe(firstCode);

    await simulator.reload();
    const pending = simulator.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Aguardando pagamento' });
    await pending.getByRole('button', { name: 'Pagar' }).click();
    await pending.getByRole('button', { name: 'Pagar' }).waitFor({ state: 'detached' });
    await simulator.close();
    await page.getByText('✅ Pagamento confirmado! Seu processo será iniciado em breve.').waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});

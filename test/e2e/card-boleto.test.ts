import { describe, expect, inject, it } from 'vitest';
import { PAYMENT_MESSAGES, WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import { CHARGE_CREATED_TITLES, CHECKOUT_MESSAGES } from '../../domain/payment-methods.js';
import { CASE_FILE_MESSAGES } from '../../domain/case-file.js';
import { adminCaseFileOf, nameWord } from './admin-helpers.js';
import { screenshot, VIEWPORTS, newContext } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';

const { appUrl, asaasUrl } = inject('e2e');

/** Paying by card in instalments on Asaas's page, and by boleto, on a phone and a desktop. */
describe('card and boleto (/app/pagamento) through the Asaas simulator', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'pays by card in 3× on the simulator’s page and comes back paid (%s)',
    async (device, viewport) => {
      const customer = await apiCustomer({
        name: `Paula Cartão ${device === 'phone' ? 'Celular' : 'Mesa'} ${nameWord()}`,
      });
      const page = await (await newContext(viewport)).newPage();
      await openDashboardAs(page, customer);
      await page.goto(`${appUrl}/app/pagamento`);
      await page.getByRole('radiogroup', { name: CHECKOUT_MESSAGES.chooseTitle }).waitFor();
      await screenshot(page, `payment-methods-${device}`);
      await page
        .locator('label.amplify-radio')
        .filter({ hasText: /Cartão de crédito em até 12×/ })
        .click();
      expect(await page.getByRole('radio', { name: /Cartão de crédito em até 12×/ }).isChecked()).toBe(true);
      await page.getByLabel(CHECKOUT_MESSAGES.instalmentsLabel).selectOption('3');
      expect(await page.getByLabel(CHECKOUT_MESSAGES.instalmentsLabel).locator('option:checked').textContent()).toBe(
        '3× de R$ 149,66 a R$ 149,67',
      );
      await page.getByRole('button', { name: CHECKOUT_MESSAGES.payByCard }).click();

      // Asaas's own page (the simulator's): the plan, and the card approved there.
      // The first card charge of a run creates the Asaas customer and wakes CreateCharge: a cold call on a busy machine
      // (21 s for the whole walk on a quiet one; past 90 s once beside another checkout's browser tests).
      await page.waitForURL(new RegExp(`^${asaasUrl}/i/pay_`), { timeout: 150_000 });
      await page.getByRole('heading', { name: 'Pagamento com cartão em 3×' }).waitFor();
      await page.getByRole('button', { name: 'Pagar com cartão' }).click();
      await page.getByRole('link', { name: 'Voltar para o site da loja' }).click();
      await page.waitForURL(`${appUrl}/app/pagamento`);
      await page
        .getByText('✅ Pagamento confirmado! Seu processo será iniciado em breve.')
        .waitFor({ timeout: 20_000 });
      const plan = page.getByRole('table', { name: CHECKOUT_MESSAGES.instalmentStatusTitle });
      await plan.getByRole('row').nth(3).waitFor();
      expect(await plan.getByRole('row').count()).toBe(4);
      // The header tells the sale as it was made (R$ 449,00 by card in 3×), not the contract's PIX price.
      await page.getByText(/^Protocolo \S+ · R\$\s449,00$/).waitFor();
      await page.getByText('Cartão de crédito: 3× de R$ 149,66 a R$ 149,67').waitFor();
      expect(await page.getByText(PAYMENT_MESSAGES.singlePayment).count()).toBe(0);
      await screenshot(page, `payment-card-paid-${device}`);
      // The contract card tells the same sale, not the contract's R$ 399,00 by PIX.
      await page.goto(`${appUrl}/app/contrato`);
      const facts = page.locator('dl.contract-facts');
      await facts.getByText('Cartão de crédito: 3× de R$ 149,66 a R$ 149,67').waitFor();
      await facts.getByText(/^R\$\s449,00$/).waitFor();
      await screenshot(page, `contract-card-paid-${device}`);
      // The history says a card charge was made, not a PIX.
      await page.goto(`${appUrl}/app/historico`);
      await page.getByText(CHARGE_CREATED_TITLES.cartao).waitFor();
      expect(await page.getByText(CHARGE_CREATED_TITLES.pix).count()).toBe(0);
      await page.context().close();
      if (device === 'desktop') {
        // The admin's case file tells the same sale: the contract's card and its charge, never 'PIX'.
        const admin = await adminCaseFileOf(viewport, customer.idToken);
        const card = admin.getByRole('region', { name: CASE_FILE_MESSAGES.casesTitle });
        await card.getByText(/^R\$\s449,00 · Cartão de crédito: 3× de R\$ 149,66 a R\$ 149,67 · criado em/).waitFor();
        await card.getByText(/^R\$\s449,00 · Cartão de crédito · pago em/).waitFor();
        expect(await card.getByText(/· PIX/).count()).toBe(0);
        const timeline = admin.getByRole('list', { name: CASE_FILE_MESSAGES.timelineTitle });
        await timeline.getByText('Contrato gerado').waitFor();
        await timeline.getByText(CHARGE_CREATED_TITLES.cartao).waitFor();
        expect(await timeline.textContent()).not.toContain('· PIX');
        await screenshot(admin, 'case-file-card-paid-desktop');
        await admin.context().close();
      }
      // The file's first test also pays the local runtime's first calls (sign-in, the payment routes, the simulator).
    },
    180_000,
  );

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'shows the boleto’s line, PDF and due date, and turns paid when it is paid (%s)',
    async (device, viewport) => {
      const name = `Bruno Boleto ${device === 'phone' ? 'Celular' : 'Mesa'} ${nameWord()}`;
      const customer = await apiCustomer({ name });
      const page = await (await newContext(viewport)).newPage();
      await openDashboardAs(page, customer);
      await page.goto(`${appUrl}/app/pagamento`);
      await page
        .locator('label.amplify-radio')
        .filter({ hasText: /Boleto bancário/ })
        .click();
      await page.getByRole('button', { name: CHECKOUT_MESSAGES.generateBoleto }).click();
      await page.getByRole('heading', { name: CHECKOUT_MESSAGES.boletoTitle }).waitFor();
      expect(await page.getByLabel(CHECKOUT_MESSAGES.boletoLineLabel).inputValue()).toMatch(/^\d{47}$/);
      await page.getByRole('button', { name: CHECKOUT_MESSAGES.boletoCopy }).waitFor();
      await page.getByRole('link', { name: CHECKOUT_MESSAGES.boletoPdf }).waitFor();
      await page.getByText(/R\$ 419,00 · vence em \d{2}\/\d{2}\/\d{4}/).waitFor();
      await page.getByText(/^Protocolo \S+ · R\$\s419,00$/).waitFor();
      expect(await page.getByText(PAYMENT_MESSAGES.singlePayment).count()).toBe(0);
      await screenshot(page, `payment-boleto-${device}`);

      // The contract card and its cancel dialog name the boleto, not the contract's PIX.
      await page.goto(`${appUrl}/app/contrato`);
      const facts = page.locator('dl.contract-facts');
      await facts.getByText('Boleto bancário', { exact: true }).waitFor();
      await facts.getByText(/^R\$\s419,00$/).waitFor();
      await page.getByRole('button', { name: WITHDRAWAL_MESSAGES.cancel }).click();
      const dialog = page.getByRole('dialog', { name: WITHDRAWAL_MESSAGES.dialogTitle });
      await dialog.getByText(WITHDRAWAL_MESSAGES.dialogRemove('boleto')).waitFor();
      await screenshot(page, `contract-cancel-boleto-${device}`);
      await dialog.getByRole('button', { name: WITHDRAWAL_MESSAGES.dialogKeep }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.goto(`${appUrl}/app/pagamento`);
      await page.getByRole('heading', { name: CHECKOUT_MESSAGES.boletoTitle }).waitFor();

      const simulator = await page.context().newPage();
      await simulator.goto(asaasUrl);
      const row = simulator.getByRole('row').filter({ hasText: name });
      await row.getByRole('button', { name: 'Pagar' }).click();
      await row.getByRole('button', { name: 'Pagar' }).waitFor({ state: 'detached' });
      await simulator.close();
      await page
        .getByText('✅ Pagamento confirmado! Seu processo será iniciado em breve.')
        .waitFor({ timeout: 20_000 });
      await page.context().close();
    },
  );
});

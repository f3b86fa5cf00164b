import { describe, expect, inject, it } from 'vitest';
import { createChargeRoute } from '../../domain/api/payments.js';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import {
  WHATSAPP_MESSAGE_STATE_LABELS,
  WHATSAPP_MESSAGES,
  whatsappConsentText,
  whatsappErrorText,
} from '../../domain/whatsapp.js';
import { whatsAppControl } from '../../local/services/whatsapp.js';
import { adminCaseFileOf } from './admin-helpers.js';
import { newPage, screenshot, VIEWPORTS } from './browser.js';
import { apiCustomer, callApi, customerCollection, openDashboardAs } from './customers.js';

const { appUrl, asaasUrl, whatsappUrl } = inject('e2e');
const standIn = whatsAppControl(whatsappUrl);
const CONSENT = whatsappConsentText(EXAMPLE_COMPANY.brand);

/** A mobile of its own, so the stand-in's replies reach this customer and no other. */
const uniqueMobile = () => {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return `(31) 9${1 + Math.floor(Math.random() * 9)}${digits.slice(0, 3)}-${digits.slice(3)}`;
};
const e164 = (typed: string) => `55${typed.replace(/\D/g, '')}`;

describe('WhatsApp status notices', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    '%s: consent on the profile, the payment in the stand-in’s inbox, the admin’s view',
    async (label, viewport) => {
      const mobile = uniqueMobile();
      const customer = await apiCustomer({ name: `Cliente WhatsApp ${label}`, whatsapp: mobile });
      const page = await newPage(viewport);
      await openDashboardAs(page, customer);

      // Meu Perfil: the unticked choice, naming the company; ticked, it says so.
      await page.goto(`${appUrl}/app/perfil`);
      const section = page.getByRole('region', { name: WHATSAPP_MESSAGES.sectionTitle });
      const box = section.getByRole('checkbox', { name: CONSENT });
      await expect.poll(() => box.isChecked(), { timeout: 30_000 }).toBe(false);
      // Amplify draws its own box over the input: a person clicks the words.
      await section.getByText(CONSENT, { exact: true }).click();
      await section.getByRole('status').getByText(WHATSAPP_MESSAGES.consentSaved).waitFor();
      await section.getByText(/Enviaremos para \(31\) 9/).waitFor();
      await screenshot(page, `whatsapp-consent-${label}`);

      // Paid: the payment's WhatsApp reaches the stand-in, with the protocol.
      const { charge } = await callApi<{ charge: { asaas_id: string } }>(
        customer.idToken,
        createChargeRoute.method,
        createChargeRoute.path.replace('{contractId}', customer.contractId),
      );
      await fetch(`${asaasUrl}/__control/payments/${charge.asaas_id}/pay`, { method: 'POST' });
      await expect
        .poll(async () => (await customerCollection(customer.idToken)).processes[0]?.status, { timeout: 60_000 })
        .toBe('pago');
      await expect
        .poll(async () => (await standIn.messages()).find((m) => m.to === e164(mobile))?.template, { timeout: 30_000 })
        .toBe('pagamento_confirmado');

      const inbox = await newPage(viewport);
      await inbox.goto(whatsappUrl);
      const message = inbox.locator('article').filter({ hasText: `+${e164(mobile)}` });
      await message.getByText(`do seu processo ${customer.protocol}`).waitFor();
      // The tester writes as the customer.
      await message.getByLabel('Responder como o cliente').fill(`Quando sai a baixa? (${label})`);
      await message.getByRole('button', { name: 'Enviar resposta' }).click();
      await inbox.getByText(`Quando sai a baixa? (${label})`).first().waitFor();
      await screenshot(inbox, `whatsapp-inbox-${label}`);

      // The admin's case file: the consent, the message and its delivery, the reply with its link to answer.
      const admin = await adminCaseFileOf(viewport, customer.idToken);
      const channel = admin.getByRole('region', { name: WHATSAPP_MESSAGES.adminTitle });
      await channel.getByText(/Autorizado em .*, em Meu Perfil/).waitFor({ timeout: 30_000 });
      await channel.getByText(`do seu processo ${customer.protocol}`, { exact: false }).waitFor();
      await expect
        .poll(
          async () => {
            // The stand-in reports 'delivered' by webhook after it answered: read the section again until it shows.
            await admin.reload();
            await channel.getByText(`do seu processo ${customer.protocol}`, { exact: false }).waitFor();
            return channel.getByText('Entregue', { exact: true }).count();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(1);
      await channel.getByText(`Quando sai a baixa? (${label})`).waitFor();
      expect(await channel.getByRole('link', { name: WHATSAPP_MESSAGES.adminAnswer }).getAttribute('href')).toBe(
        `https://wa.me/${e164(mobile)}`,
      );
      await screenshot(admin, `whatsapp-case-file-${label}`);

      // Meta reports it failed for good (a number without WhatsApp): the case file says so, and why.
      const sent = (await standIn.messages()).find((m) => m.to === e164(mobile) && m.type === 'template')!;
      expect(await standIn.status(sent.id, 'failed', Math.floor(Date.now() / 1000) + 60, 131026)).toBe(200);
      await admin.reload();
      await channel.getByText(WHATSAPP_MESSAGE_STATE_LABELS.failed, { exact: true }).waitFor({ timeout: 30_000 });
      await channel.getByText(WHATSAPP_MESSAGES.adminReason(whatsappErrorText(131026))).waitFor();
      await screenshot(admin, `whatsapp-case-file-failed-${label}`);
      await Promise.all([page.context().close(), inbox.context().close(), admin.context().close()]);
    },
    // Three people's screens, a payment through the workflow and an admin's sign-in with its second factor. The first
    // walk of a run also starts some thirty functions cold (no warm-up in the browser tests: the customer's sign-up and
    // contract alone took 55 s of a 174 s walk, the same walk warm takes 45 s), so it needs room beyond 240 s on a
    // loaded machine.
    360_000,
  );

  it('phone: a landline cannot be ticked, and the profile says why', async () => {
    const customer = await apiCustomer({ name: 'Cliente Fixo', whatsapp: '(31) 3333-4444' });
    const page = await newPage(VIEWPORTS.phone);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/perfil`);
    const section = page.getByRole('region', { name: WHATSAPP_MESSAGES.sectionTitle });
    await section.getByText(WHATSAPP_MESSAGES.invalidMobile).waitFor({ timeout: 30_000 });
    expect(await section.getByRole('checkbox', { name: CONSENT }).isDisabled()).toBe(true);
    await screenshot(page, 'whatsapp-consent-invalid-phone');
    await page.context().close();
  });
});

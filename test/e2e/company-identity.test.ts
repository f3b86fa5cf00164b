import { describe, expect, inject, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';
import { nameWord } from './admin-helpers.js';

const { appUrl } = inject('e2e');

/** The BR Code's top-level TLV fields (2-digit id, 2-digit length, value), as a bank app reads them. */
function brCodeFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at + 4 <= payload.length;) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

describe('the payment screen says who will be paid', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'names the razão social and CNPJ before the code, as the PIX code does (%s)',
    async (device, viewport) => {
      const customer = await apiCustomer({ name: `Paula Recebedor ${nameWord()}` });
      const page = await newPage(viewport);
      await openDashboardAs(page, customer);
      await page.goto(`${appUrl}/app/pagamento`);
      await page.getByRole('button', { name: 'Gerar PIX' }).click();
      await toastWith(page, 'PIX gerado!');
      const payee = page.getByTestId('pix-payee');
      await payee.waitFor();
      expect(await payee.textContent()).toContain(
        `Você vai pagar para: ${EXAMPLE_COMPANY.legalName} — CNPJ ${EXAMPLE_COMPANY.cnpj}`,
      );
      // Read before the QR code and the copy-and-paste code, in the page's order.
      const before = await page.evaluate<boolean[]>(`(() => {
      const payee = document.querySelector('[data-testid="pix-payee"]');
      return [document.querySelector('img[alt="QR Code do PIX"]'), document.getElementById('pix-code')].map(
        (element) => Boolean(payee.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING),
      );
    })()`);
      expect(before).toEqual([true, true]);
      // The name the bank shows is the one the code carries (the simulator's account holder = the configured payee).
      const code = await page.getByLabel('PIX copia e cola').inputValue();
      expect(brCodeFields(code).get('59')).toBe(ascii(EXAMPLE_COMPANY.pixPayeeName).slice(0, 25));
      expect(await page.evaluate<boolean>('document.scrollingElement.scrollWidth > window.innerWidth')).toBe(false);
      await screenshot(page, `payment-payee-${device}`, page.locator('.pix-card'));
      await page.context().close();
    },
  );
});

import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { everyEmail } from '../email-samples.js';
import { newPage, screenshot, VIEWPORTS } from './browser.js';

// The templates run here, in the test's own process, as the functions run them: with the stage's identity.
process.env.COMPANY_IDENTITY ??= JSON.stringify(EXAMPLE_COMPANY);

// Page-side code is passed as strings: the test project's TypeScript has no DOM types (as in landing.test.ts).
const overflow = `(() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > width + 0.5);
  return { scroll: document.scrollingElement.scrollWidth - width, wide: wide.map((element) => element.tagName.toLowerCase() + ' ' + Math.round(element.getBoundingClientRect().width)) };
})()`;

describe('every e-mail, as a phone shows it', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'fits without horizontal scroll and carries the CNPJ and the support contact (%s)',
    async (device, viewport) => {
      const page = await newPage(viewport);
      for (const email of everyEmail('Maria da Conceição Souza')) {
        await page.setContent(email.html, { waitUntil: 'load' });
        expect({
          template: email.template,
          ...(await page.evaluate<{ scroll: number; wide: string[] }>(overflow)),
        }).toEqual({
          template: email.template,
          scroll: 0,
          wide: [],
        });
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
        expect(text, email.template).toContain(`CNPJ ${EXAMPLE_COMPANY.cnpj}`);
        expect(text, email.template).toContain(`WhatsApp ${EXAMPLE_COMPANY.whatsappDisplay}`);
        expect(text, email.template).toContain(EXAMPLE_COMPANY.supportEmail);
        expect(await page.locator(`a[href="mailto:${EXAMPLE_COMPANY.supportEmail}"]`).count(), email.template).toBe(1);
        if (['status-update-paid', 'contract-cancelled', 'magic-link', 'admin-alert'].includes(email.template)) {
          await screenshot(page, `email-${email.template}-${device}`);
        }
      }
      await page.context().close();
    },
  );

  it('stays readable in a dark colour scheme (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.emulateMedia({ colorScheme: 'dark' });
    const paid = everyEmail('Maria da Conceição Souza').find((email) => email.template === 'status-update-paid')!;
    await page.setContent(paid.html, { waitUntil: 'load' });
    const colors = await page.evaluate<{ card: string; heading: string }>(`(() => ({
      card: getComputedStyle(document.querySelector('.em-card')).backgroundColor,
      heading: getComputedStyle(document.querySelector('h1')).color,
    }))()`);
    // Light text on a dark card, not the light scheme's dark ink left on a darkened card.
    expect(colors).toEqual({ card: 'rgb(24, 34, 45)', heading: 'rgb(230, 237, 243)' });
    await screenshot(page, 'email-status-update-paid-dark-phone');
    await page.context().close();
  });
});

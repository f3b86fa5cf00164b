import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { EXAMPLE_COMPANY, lawyersLine } from '../../domain/company.js';
import { FAQ_TITLE, faqEntries, faqStructuredData } from '../../domain/faq.js';
import { CANCELLATION_WINDOW_DAYS, REFUND_BUSINESS_DAYS } from '../../domain/deadlines.js';
import { contractClauses } from '../../domain/contract-text.js';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import { refundRoutesSentence } from '../../domain/payment-methods.js';
import { LEGAL_UPDATED_AT } from '../../frontend/src/features/legal/content/updated-at.js';
import { newPage, screenshot, VIEWPORTS } from './browser.js';

const { appUrl } = inject('e2e');

const LEGAL_PAGES = [
  { path: '/termos', title: 'Termos de Uso', name: 'terms' },
  { path: '/privacidade', title: 'Política de Privacidade', name: 'privacy' },
] as const;

const VIEWPORT_LIST = [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const;

/** The smallest phone the pages must fit without horizontal scroll, besides the suite's usual two viewports. */
const SMALL_PHONE = { width: 360, height: 740 };

// Page-side code is passed as strings: the test project's TypeScript has no DOM types (as in landing.test.ts).
const hasHorizontalOverflow = (page: Page) =>
  page.evaluate<boolean>('document.scrollingElement.scrollWidth > window.innerWidth');

/** What sticks out on the right (tag, class, width), so a failure names the culprit. */
const overflowingElements = (page: Page, scope = 'body') =>
  page.evaluate<string[]>(`[...document.querySelectorAll(${JSON.stringify(`${scope} *`)})]
    .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map((element) => element.tagName.toLowerCase() + '.' + [...element.classList].join('.') + ' ' + Math.round(element.getBoundingClientRect().width))`);

/** Opens a legal page; the first visit of a run waits for the dev server to compile the page's modules. */
async function openLegalPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`${appUrl}${path}`, { timeout: 60_000 });
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 60_000 });
}

// Polled from here, not with waitForFunction: its predicate runs as an eval in the page, which the site's CSP refuses.
const waitForTitle = (page: Page, title: string) =>
  expect.poll(() => page.title()).toBe(`${title} | ${EXAMPLE_COMPANY.brand}`);

const waitForCanonical = (page: Page, path: string) =>
  expect
    .poll(async () => (await page.locator('link[rel="canonical"]').getAttribute('href'))?.endsWith(path))
    .toBe(true);

describe.each(LEGAL_PAGES)('legal page $path', ({ path, title, name }) => {
  for (const [viewportName, viewport] of VIEWPORT_LIST) {
    it(`shows the document with its metadata, contents and contact (${viewportName})`, async () => {
      const page = await newPage(viewport);
      await openLegalPage(page, path, title);
      await waitForTitle(page, title);
      await waitForCanonical(page, path);
      await page.getByText(`Última atualização: ${LEGAL_UPDATED_AT.label}`).waitFor();
      await screenshot(page, `legal-${name}-${viewportName}`);

      // The controller (provider) and the contact e-mail as a mailto: link, in the document itself.
      const main = page.locator('main');
      for (const text of [
        EXAMPLE_COMPANY.legalName,
        EXAMPLE_COMPANY.cnpj,
        EXAMPLE_COMPANY.address,
        lawyersLine(EXAMPLE_COMPANY),
      ]) {
        expect(await main.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
      }
      const mailto = main.locator(`a[href^="mailto:${EXAMPLE_COMPANY.supportEmail}"]`);
      expect(await mailto.count()).toBeGreaterThan(0);
      expect(await mailto.first().textContent()).toBe(EXAMPLE_COMPANY.supportEmail);

      // Numbered sections, and headings that never skip a level.
      const sectionTitles = await main.locator('.legal-section > h2').allTextContents();
      expect(sectionTitles.length).toBeGreaterThan(10);
      sectionTitles.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
      const levels = await main
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
      expect(levels[0]).toBe(1);
      levels.slice(1).forEach((level, index) => expect(level - levels[index]!).toBeLessThanOrEqual(1));

      // Every entry of the table of contents jumps to its section, clear of the sticky header.
      const links = page.getByRole('navigation', { name: 'Sumário' }).getByRole('link');
      const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
      expect(hrefs).toHaveLength(sectionTitles.length);
      for (const [index, href] of hrefs.entries()) {
        await links.nth(index).click();
        await expect.poll(() => new URL(page.url()).hash).toBe(href);
        expect(new URL(page.url()).pathname).toBe(path);
        const heading = page.locator(`${href} > h2`);
        expect(await heading.textContent()).toBe(sectionTitles[index]);
        const position = await page.evaluate<{ top: number; headerBottom: number; viewport: number }>(`(() => {
          const heading = document.querySelector(${JSON.stringify(`${href} > h2`)}).getBoundingClientRect();
          const header = document.querySelector('.public-header').getBoundingClientRect();
          return { top: heading.top, headerBottom: header.bottom, viewport: window.innerHeight };
        })()`);
        expect(position.top).toBeGreaterThanOrEqual(position.headerBottom - 1);
        expect(position.top).toBeLessThan(position.viewport);
      }

      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.context().close();
    });
  }

  it('fits a 360 px phone without horizontal scroll', async () => {
    const page = await newPage(SMALL_PHONE);
    await openLegalPage(page, path, title);
    // The document itself; the shared header is the public layout's (checked at the suite's phone width above).
    expect(await overflowingElements(page, 'main')).toEqual([]);
    await page.context().close();
  });
});

describe('the public footer', () => {
  for (const [viewportName, viewport] of VIEWPORT_LIST) {
    it(`names the company, its lawyers and every support channel (${viewportName})`, async () => {
      const page = await newPage(viewport);
      await page.goto(`${appUrl}/`);
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await screenshot(page, `footer-identity-${viewportName}`, footer);
      const text = (await footer.textContent()) ?? '';
      for (const fact of [
        `${EXAMPLE_COMPANY.legalName} · CNPJ ${EXAMPLE_COMPANY.cnpj}`,
        EXAMPLE_COMPANY.address,
        lawyersLine(EXAMPLE_COMPANY),
      ]) {
        expect(text).toContain(fact);
      }
      const hrefs = await footer
        .locator('a')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
      expect(hrefs).toEqual(
        expect.arrayContaining([
          `https://wa.me/${EXAMPLE_COMPANY.whatsappNumber}`,
          `mailto:${EXAMPLE_COMPANY.supportEmail}`,
          `tel:+${EXAMPLE_COMPANY.phoneNumber}`,
        ]),
      );
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.context().close();
    });

    it(`reaches both legal pages (${viewportName})`, async () => {
      const page = await newPage(viewport);
      await page.goto(`${appUrl}/`);
      const footer = page.getByRole('contentinfo');

      await footer.getByRole('link', { name: 'Termos de Uso' }).click();
      await page.waitForURL(`${appUrl}/termos`);
      await page.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
      await waitForTitle(page, 'Termos de Uso');

      await footer.getByRole('link', { name: 'Política de Privacidade' }).click();
      await page.waitForURL(`${appUrl}/privacidade`);
      await page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor();
      await waitForTitle(page, 'Política de Privacidade');
      await waitForCanonical(page, '/privacidade');

      // The two documents link to each other.
      await page.locator('main').getByRole('link', { name: 'Termos de Uso' }).first().click();
      await page.waitForURL(`${appUrl}/termos`);
      await page.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
      await page.context().close();
    });
  }
});

describe('the words about cancelling agree', () => {
  it('the terms say how (the button), within what and by when, as the contract’s clause 7 does', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openLegalPage(page, '/termos', 'Termos de Uso');
    const section = (await page.locator('#arrependimento').innerText()).replace(/\s+/g, ' ');
    expect(section).toContain(`Cancelar contrato`);
    expect(section).toContain(`${CANCELLATION_WINDOW_DAYS} dias corridos`);
    // Each method's route, as clause 7 and the privacy policy say it: a card's refund goes back to the card.
    expect(section).toContain(refundRoutesSentence());
    expect(section).toContain(`é devolvido pelo PIX à conta de origem em até ${REFUND_BUSINESS_DAYS} dias úteis`);
    expect(section).not.toMatch(/alguns dias/);
    const clause7 = contractClauses({ valor: 399, protocolo: 'LM1', forma_pagamento: 'pix' }, EXAMPLE_COMPANY)
      .find((clause) => clause.number === 7)!
      .paragraphs.join(' ');
    expect(clause7).toContain(`'${WITHDRAWAL_MESSAGES.cancel}'`);
    expect(clause7).toContain(`em até ${REFUND_BUSINESS_DAYS} (sete) dias úteis`);
    // The privacy policy keeps the refund's records and names each method's route, as the contract does.
    await openLegalPage(page, '/privacidade', 'Política de Privacidade');
    const privacy = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(privacy).toContain(`No estorno, ${refundRoutesSentence()}.`);
    expect(privacy).toContain('é estornado no mesmo cartão, com todas as parcelas');
    expect(privacy).not.toContain('conta de origem do PIX');
    await screenshot(page, 'privacy-refund-routes-phone', page.locator('p', { hasText: 'No estorno,' }));
    await page.context().close();
  });

  for (const [viewportName, viewport] of VIEWPORT_LIST) {
    it(`sign-up links the terms and the privacy policy next to its button (${viewportName})`, async () => {
      const page = await newPage(viewport);
      await page.goto(`${appUrl}/auth?mode=register`);
      const button = page.getByRole('button', { name: 'Cadastrar' });
      await button.waitFor({ timeout: 60_000 });
      const legal = page.getByTestId('sign-up-legal');
      expect((await legal.textContent())?.replace(/\s+/g, ' ')).toBe(
        'Ao se cadastrar, você concorda com os Termos de Uso (abre em nova aba) e declara ter lido a Política de Privacidade (abre em nova aba).',
      );
      const links = await legal
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => [anchor.getAttribute('href'), anchor.getAttribute('target')]),
        );
      expect(links).toEqual([
        ['/termos', '_blank'],
        ['/privacidade', '_blank'],
      ]);
      // Right under the button, where the eye is when it is pressed.
      const gap = await page.evaluate<number>(`(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Cadastrar');
        return document.querySelector('[data-testid="sign-up-legal"]').getBoundingClientRect().top - button.getBoundingClientRect().bottom;
      })()`);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(40);
      await screenshot(page, `sign-up-legal-${viewportName}`, page.locator('form').first());
      const terms = page.waitForEvent('popup');
      await legal.getByRole('link', { name: /Termos de Uso/ }).click();
      const opened = await terms;
      await opened.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
      await page.context().close();
    });
  }
});

describe('Dúvidas frequentes (/duvidas)', () => {
  const entries = faqEntries(EXAMPLE_COMPANY);

  for (const [viewportName, viewport] of VIEWPORT_LIST) {
    it(`answers each question, names the lawyers and the CNPJ, and carries its FAQPage data (${viewportName})`, async () => {
      const page = await newPage(viewport);
      await openLegalPage(page, '/duvidas', FAQ_TITLE);
      await waitForTitle(page, FAQ_TITLE);
      await waitForCanonical(page, '/duvidas');
      const main = page.locator('main');
      for (const entry of entries) {
        await main.getByRole('heading', { level: 2, name: entry.question }).waitFor();
      }
      expect(await main.innerText()).toContain(lawyersLine(EXAMPLE_COMPANY));
      expect(await main.innerText()).toContain(EXAMPLE_COMPANY.cnpj);
      expect(await main.innerText()).toContain('Não. A dívida continua existindo.');
      expect(await hasHorizontalOverflow(page), (await overflowingElements(page)).join(', ')).toBe(false);
      await screenshot(page, `faq-${viewportName}`);
      await page.context().close();
    });
  }

  it('is prerendered with the same questions and answers as FAQPage structured data', async () => {
    const html = await (await fetch(`${appUrl}/duvidas`)).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json!)).toEqual(faqStructuredData(entries));
    expect(html).toContain(`<h1 id="faq-title" class="public-page__title">${FAQ_TITLE}</h1>`);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFERRED_ENTRY_LOADER_CSP_SOURCE } from '../../lib/deferred-entry.js';
import { newPage, screenshot, VIEWPORTS } from './browser.js';

const { appUrl } = inject('e2e');

beforeAll(async () => {
  // The dev server compiles the public entry on its first request, which can outlast a test's navigation timeout.
  const page = await newPage();
  await page.goto(appUrl, { timeout: 120_000 });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  await page.context().close();
});

/** The spec's section order (spec 01 §2 "Landing page"), by the heading each section is labelled with. */
const SECTION_HEADINGS = [
  'Baixa temporária dos apontamentos no seu CPF ou CNPJ', // hero
  'Nome negativado fecha portas todos os dias', // pain points
  'Um pedido judicial de baixa temporária, feito por advogado', // solution
  'O que dizem nossos clientes', // testimonials
  'Indique 5 amigos e ganhe a sua próxima renovação', // referral box
  'Do cadastro ao protocolo em 4 passos', // how it works
  'Números de quem já confiou no nosso trabalho', // results
  'Um valor único, sem mensalidades', // price
  'Cada dia com o nome negativado tem um custo', // urgency
  'Dê hoje o primeiro passo para a baixa temporária dos apontamentos', // final call to action
];
const STEPS = ['Cadastro', 'Assinatura Digital', 'Pagamento PIX', 'Protocolo Judicial'];

async function openLanding(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(appUrl);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { page, errors };
}

/** The text and href of every link inside a landmark, in document order (hidden ones included). */
const linksIn = (page: Page, selector: string) =>
  page
    .locator(`${selector} a`)
    .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));

const hasHorizontalOverflow = (page: Page) =>
  page.evaluate<boolean>('document.scrollingElement.scrollWidth > window.innerWidth');

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('landing page on a %s', (name, viewport) => {
  it('shows every section of the spec in order, with one h1 and headings in order', async () => {
    const { page, errors } = await openLanding(viewport);

    const sectionHeadings = await page
      .locator('main section[aria-labelledby]')
      .evaluateAll((sections) =>
        sections.map(
          (section) => section.ownerDocument.getElementById(section.getAttribute('aria-labelledby')!)?.textContent,
        ),
      );
    expect(sectionHeadings).toEqual(SECTION_HEADINGS);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const levels = await page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => index > 0 && expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1));

    const steps = page.locator('section[aria-labelledby="como-funciona-title"] ol > li h3');
    expect(await steps.allTextContents()).toEqual(STEPS);

    const price = page.locator('section[aria-labelledby="preco-title"]');
    await price.getByText('R$ 399,00', { exact: true }).waitFor();
    await price.getByText(/A baixa é temporária: pode cair a qualquer momento/).waitFor();
    await price.getByText('no valor de R$ 250,00').waitFor();
    for (const method of ['PIX', 'Boleto', 'Visa', 'Mastercard', 'Elo']) {
      await price.getByRole('img', { name: method, exact: true }).waitFor();
    }

    const referral = page.locator('section[aria-labelledby="indique-title"]');
    for (const discount of ['R$ 79,80', 'R$ 239,40', 'R$ 399,00']) {
      await referral.getByText(discount, { exact: true }).waitFor();
    }
    const results = page.locator('section[aria-labelledby="resultados-title"]');
    for (const claim of ['+2.847', '89%']) await results.getByText(claim, { exact: true }).waitFor();
    expect(await results.locator('dd').allTextContents()).toContain('7 dias úteis');
    await results.getByText('4,9 de 5 estrelas').waitFor();
    expect(await page.locator('section[aria-labelledby="depoimentos-title"] blockquote').count()).toBe(3);
    expect(await page.getByText('Avaliação: 5 de 5 estrelas').count()).toBe(3);

    expect(await page.title()).toContain('Baixa temporária de apontamentos');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('R$ 399');

    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, `landing-${name}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('links the header and the footer to the right pages, and every start button to sign-up', async () => {
    const { page } = await openLanding(viewport);

    expect(await linksIn(page, 'header nav')).toEqual([
      ['Consultar Processo', '/consultar'],
      ['Entrar', '/auth'],
      ['Começar Agora', '/auth?mode=register'],
    ]);
    expect(await linksIn(page, 'footer nav')).toEqual([
      ['Consultar Processo', '/consultar'],
      ['Dúvidas frequentes', '/duvidas'],
      ['Termos de Uso', '/termos'],
      ['Política de Privacidade', '/privacidade'],
    ]);
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: /^WhatsApp:/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(await footer.getByRole('link', { name: /^E-mail:/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await footer.getByRole('link', { name: /^Telefone:/ }).getAttribute('href')).toMatch(/^tel:\+55/);

    // Every call to action of the page body (hero, referral, price, urgency, final) opens sign-up.
    const starts = await page
      .locator('main a[href^="/auth"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(starts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(starts)).toEqual(new Set(['/auth?mode=register']));

    await page.locator('header').getByRole('link', { name: 'Começar Agora' }).click();
    await page.waitForURL(`${appUrl}/auth?mode=register`);
    await page.getByRole('button', { name: 'Cadastrar' }).waitFor();

    await page.goto(appUrl);
    await page.locator('main').getByRole('link', { name: 'Começar Agora' }).first().click();
    await page.waitForURL(`${appUrl}/auth?mode=register`);
    await page.context().close();
  });
});

it('fits a 360 px phone without horizontal scrolling', async () => {
  const { page } = await openLanding({ width: 360, height: 740 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await screenshot(page, 'landing-phone-360');
  await page.context().close();
});

describe('the header menu on a phone (a popover: no script of its own)', () => {
  const menu = (page: Page) => page.locator('#menu-principal');

  it('opens on "Menu" with "Consultar Processo" and "Entrar", closes on Escape, and its links lead on', async () => {
    const { page, errors } = await openLanding(VIEWPORTS.phone);
    const button = page.locator('header').getByRole('button', { name: 'Menu' });
    expect(await menu(page).isVisible()).toBe(false);
    expect(await page.locator('header').getByRole('link', { name: 'Começar Agora' }).isVisible()).toBe(true);

    await button.click();
    await menu(page).getByRole('link', { name: 'Consultar Processo' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Entrar' }).isVisible()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'landing-menu-phone');

    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });
    await button.click();
    await menu(page).getByRole('link', { name: 'Consultar Processo' }).click();
    await page.waitForURL(`${appUrl}/consultar`);
    await page.getByRole('heading', { level: 1, name: 'Consultar Processo' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is not there on a desktop: the links stand in the bar', async () => {
    const { page } = await openLanding(VIEWPORTS.desktop);
    expect(await page.locator('header').getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    for (const name of ['Consultar Processo', 'Entrar', 'Começar Agora'])
      expect(await page.locator('header').getByRole('link', { name }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('a page of HTML and CSS', () => {
  it('downloads no React: nothing on the landing is hydrated, not even after the menu is used', async () => {
    const page = await newPage(VIEWPORTS.phone);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(appUrl, { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('header').getByRole('button', { name: 'Menu' }).click();
    await page.locator('#menu-principal').getByRole('link', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /\/(react|public|landing-page|router|app)-/.test(path))).toEqual([]);
    await page.context().close();
  });

  it('starts its entry after the first paint, under a CSP that allows no inline script but its loader', async () => {
    const page = await newPage(VIEWPORTS.phone);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The production CSP's script rule (lib/constructs/web.ts), which the local site server does not send.
    await page.route(`${appUrl}/`, async (route) => {
      const response = await route.fetch();
      const csp = `script-src 'self' ${DEFERRED_ENTRY_LOADER_CSP_SOURCE}`;
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    });
    await page.goto(appUrl);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const { paint, entry } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name))?.startTime,
    }));
    expect(paint).toBeGreaterThan(0);
    expect(entry).toBeGreaterThan(paint!);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('works with JavaScript off: the sections, the phone menu, and the footer to the FAQ and the legal pages', async () => {
    const page = await newPage(VIEWPORTS.phone, { javaScriptEnabled: false });
    await page.goto(appUrl);
    const sectionCount = await page.locator('main section[aria-labelledby]').count();
    expect(sectionCount).toBe(SECTION_HEADINGS.length);
    await page.locator('header').getByRole('button', { name: 'Menu' }).click();
    await page.locator('#menu-principal').getByRole('link', { name: 'Consultar Processo' }).waitFor();
    await screenshot(page, 'landing-menu-phone-no-js');
    await page.keyboard.press('Escape');

    await page.locator('footer').getByRole('link', { name: 'Dúvidas frequentes' }).click();
    await page.waitForURL(`${appUrl}/duvidas`);
    const questions = page.getByRole('navigation', { name: 'Perguntas' }).getByRole('link');
    expect(await questions.count()).toBeGreaterThan(3);
    await questions.first().click();
    expect(new URL(page.url()).hash).not.toBe('');
    await page.locator('footer').getByRole('link', { name: 'Termos de Uso' }).click();
    await page.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
    await page.context().close();
  });
});

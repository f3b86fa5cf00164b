import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newPage, openPublicPage, screenshot, VIEWPORTS } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';

const { appUrl } = inject('e2e');

/** WCAG 2.5.5: a target a finger can hit, 44 × 44 CSS px (the height; the width follows the words). */
const MIN_TAP = 44;

async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

type StyleWindow = { getComputedStyle: (element: unknown) => { getPropertyValue: (name: string) => string } };

/** A computed style, read in the page (this project's types have no DOM). */
function computed(locator: Locator, property: string): Promise<string> {
  return locator.evaluate(
    (element, name) => (globalThis as unknown as StyleWindow).getComputedStyle(element).getPropertyValue(name),
    property,
  );
}

describe('details a cautious customer notices', () => {
  it("the public header's 'Menu', its 'Entrar' and every footer link are at least 44 px tall (phone)", async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openPublicPage(page, `${appUrl}/consultar`);
    const header = page.getByRole('navigation', { name: 'Navegação principal' });
    const menu = header.getByRole('button', { name: 'Menu' });
    expect(await heightOf(menu)).toBeGreaterThanOrEqual(MIN_TAP);
    // On a phone 'Entrar' is in the header's menu.
    await menu.click();
    const entrar = header.getByRole('link', { name: 'Entrar' });
    await entrar.waitFor();
    expect(await heightOf(entrar)).toBeGreaterThanOrEqual(MIN_TAP);
    await page.keyboard.press('Escape');
    const footerLinks = page.locator('footer a');
    expect(await footerLinks.count()).toBeGreaterThan(0);
    for (const link of await footerLinks.all()) {
      expect(await heightOf(link), (await link.textContent()) ?? '').toBeGreaterThanOrEqual(MIN_TAP);
    }
    await screenshot(page, 'details-public-footer-phone');
    await page.context().close();
  });

  it("a new account's timeline, support links tall enough, inputs show their focus, read-only fields look read-only (phone)", async () => {
    const customer = await apiCustomer({ name: 'Denise Detalhe Moura', signed: false });
    const page = await newPage(VIEWPORTS.phone);
    await openDashboardAs(page, customer);
    // A new account's timeline does not frighten: its sign-up is done, and no fall of the removal is promised.
    const steps = page.locator('.timeline__step');
    await steps.first().waitFor();
    expect(await steps.first().getAttribute('data-state')).toBe('done');
    expect(await steps.first().textContent()).toContain('Cadastro Realizado');
    expect(await page.locator('.timeline').getByText('Baixa Caiu').count()).toBe(0);
    expect(await page.locator('.timeline').getByText('Encerrado').count()).toBe(0);
    await screenshot(page, 'details-new-account-dashboard-phone');
    for (const name of [/^WhatsApp:/, /^E-mail:/]) {
      expect(await heightOf(page.getByRole('link', { name }))).toBeGreaterThanOrEqual(MIN_TAP);
    }

    await page.goto(`${appUrl}/app/perfil`);
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await computed(email, 'border-top-style')).toBe('dashed');
    const name = page.getByLabel('Nome completo');
    expect(await computed(name, 'border-top-style')).toBe('solid');
    const unfocused = await computed(name, 'box-shadow');
    await name.focus();
    // A 3 px ring in the shadow, where there was none (or Amplify's 1 px) before; Amplify animates the field's
    // styles, so the ring is read once the transition has run.
    await expect.poll(() => computed(name, 'box-shadow')).toMatch(/\) 0px 0px 0px 3px$/);
    expect(unfocused).not.toMatch(/ 3px$/);
    await screenshot(page, 'details-profile-focus-phone');
    await page.context().close();
  });

  it("'Indique e Ganhe' shares the referral link on WhatsApp (phone)", async () => {
    const customer = await apiCustomer({ name: 'Wagner Whats Prado', signed: false });
    const page = await newPage(VIEWPORTS.phone);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/indique`);
    const link = await page.getByLabel('Link de indicação').inputValue();
    expect(link).toContain('/auth?mode=register&ref=REF-');
    const share = page.getByRole('link', { name: 'Compartilhar no WhatsApp' });
    const url = new URL((await share.getAttribute('href'))!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toContain(link);
    expect(await heightOf(share)).toBeGreaterThanOrEqual(MIN_TAP);
    await screenshot(page, 'details-referral-share-phone');
    await page.context().close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loadedScripts, newPage, screenshot, VIEWPORTS } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';

const { appUrl } = inject('e2e');

/** The element with focus, as a screen reader would name it. */
const focused = (page: Page) =>
  page.evaluate<{ tag?: string; text?: string }>(
    '({ tag: document.activeElement?.tagName.toLowerCase(), text: document.activeElement?.textContent?.trim() })',
  );

const announcement = (page: Page) => page.locator('[data-route-announcer]');

describe('in-app navigation for keyboard and screen-reader users', () => {
  it('moves the focus to the new page heading and announces it on every route change (desktop)', async () => {
    const customer = await apiCustomer({ name: 'Teclado Navegação Silva' });
    const page = await newPage(VIEWPORTS.desktop);
    await openDashboardAs(page, customer);

    await page.getByRole('link', { name: 'Histórico' }).first().click();
    await page.waitForURL(`${appUrl}/app/historico`);
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: 'Histórico' });
    await expect.poll(() => announcement(page).textContent()).toBe('Histórico');
    expect(await announcement(page).getAttribute('aria-live')).toBe('polite');

    // The sidebar, used from the keyboard: the link is focused and followed with Enter.
    await page.getByRole('link', { name: 'Meu Perfil' }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${appUrl}/app/perfil`);
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: 'Meu Perfil' });
    await expect.poll(() => announcement(page).textContent()).toBe('Meu Perfil');
    // Tab continues from the top of the new page's content (its form, once loaded), not from the sidebar link.
    await expect.poll(() => page.getByLabel('Nome completo').inputValue()).toBe('Teclado Navegação Silva');
    expect(await focused(page)).toEqual({ tag: 'h1', text: 'Meu Perfil' });
    const nameFieldId = await page.getByLabel('Nome completo').getAttribute('id');
    expect(nameFieldId).toBeTruthy();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement.getAttribute('id')"))
      .toBe(nameFieldId);
    await screenshot(page, 'navigation-focus-desktop');
    // A customer's screens never download the admin's (app/admin-screens.ts; admin-today.test.ts sees an admin's do).
    const scripts = await loadedScripts(page);
    expect(scripts.some((path) => path.includes('/private-screens-'))).toBe(true);
    expect(scripts.filter((path) => path.includes('/admin-screens-'))).toEqual([]);
    await page.context().close();
  });

  it('announces the 404 page of an unknown in-app path (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/auth`);
    // A real page load: nothing announced, the focus left where the browser puts it.
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    expect(await announcement(page).textContent()).toBe('');

    // An in-app navigation to a path no route matches (as a stale link inside the app would make).
    await page.evaluate("history.pushState({}, '', '/app/nao-existe'); dispatchEvent(new PopStateEvent('popstate'))");
    await page.getByRole('heading', { name: '404 Oops! Page not found' }).waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: '404 Oops! Page not found' });
    await expect.poll(() => announcement(page).textContent()).toBe('404 Oops! Page not found');
    await screenshot(page, 'navigation-not-found-phone');
    await page.context().close();
  });
});

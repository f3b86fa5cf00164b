import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { logInAsAdmin, newPage } from './browser.js';

/** A word of letters only, so each run's names are its own (names take letters, not digits). */
export const nameWord = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

/** Searches an admin list: the term in the box labelled `label`, sent with Enter as a person would. */
export async function searchAdminList(page: Page, label: string, term: string): Promise<void> {
  const box = page.getByLabel(label);
  await box.fill(term);
  await box.press('Enter');
}

/** A page in a fresh context where the run's seeded admin has signed in (password, then the authenticator code). */
export async function adminPage(viewport: { width: number; height: number }): Promise<Page> {
  const { appUrl, admin } = inject('e2e');
  const page = await newPage(viewport);
  // The first visit may wait for the dev server to compile the app on a busy machine.
  await page.goto(`${appUrl}/auth`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
  await logInAsAdmin(page, admin);
  // An admin lands on 'Hoje'; its queues are read before the test goes elsewhere.
  await page.waitForURL(`${appUrl}/admin`);
  await page.getByRole('heading', { name: 'Prazos de protocolo', level: 2 }).waitFor({ timeout: 60_000 });
  return page;
}

import type { Page } from 'playwright-core';

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

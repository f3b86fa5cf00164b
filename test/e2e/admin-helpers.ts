import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { getProfileRoute } from '../../domain/api/profile.js';
import { cnjCheckDigits } from '../../domain/cnj-number.js';
import { ADMIN_PROCESS_MESSAGES } from '../../domain/messages.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { seedCustomer, seedKitApproved, seedPendingCharge } from '../integration/seed.js';
import { newPage } from './browser.js';
import { callApi } from './customers.js';
import { openSignedIn } from './sessions.js';
import type { localTable } from './local-table.js';

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

/**
 * A page in a fresh context where the run's seeded admin is signed in (password and authenticator code, through
 * Cognito's API: sessions.ts), open on 'Hoje'.
 */
export async function adminPage(viewport: { width: number; height: number }): Promise<Page> {
  const { appUrl, admin } = inject('e2e');
  const page = await newPage(viewport);
  await openSignedIn(page, admin, '/admin');
  await page.waitForURL(`${appUrl}/admin`);
  // 'Hoje' reads its queues first; a run's first visit also starts its functions cold.
  await page.getByRole('heading', { name: 'Prazos de protocolo', level: 2 }).waitFor({ timeout: 60_000 });
  return page;
}

/** An admin's page on the case file of the customer signed in with `idToken` (its profile id read through the API). */
export async function adminCaseFileOf(viewport: { width: number; height: number }, idToken: string): Promise<Page> {
  const { profile } = await callApi<{ profile: { id: string } }>(idToken, getProfileRoute.method, getProfileRoute.path);
  const page = await adminPage(viewport);
  await page.goto(`${inject('e2e').appUrl}/admin/clientes/${profile.id}`);
  return page;
}

/** A CNJ number of TJSP (J 8, TR 26), as a lawyer types it. */
export function tjspNumber(sequence: string): string {
  const parts = { sequence, year: '2026', justice: '8', court: '26', origin: '0100' };
  return `${parts.sequence}${cnjCheckDigits(parts)}${parts.year}${parts.justice}${parts.court}${parts.origin}`;
}

/**
 * A client who paid long ago, whose documents are approved and whose petition is late: a forecast in 2020 makes it
 * the filing queue's oldest on 'Hoje'.
 */
export async function latePaidClient(db: ReturnType<typeof localTable>) {
  const name = `Lara ${nameWord()} Prado`;
  const customer = await seedCustomer(db, { nome_completo: name, cpf: generateCpf() });
  const ref = { userId: customer.userId, contractId: customer.contract.id };
  await seedPendingCharge(db, ref, 'RECEIVED');
  await changeProcessStatus(db, {
    ref,
    to: 'pago',
    previsao: '2020-01-10T12:00:00.000Z',
    byUser: 'e2e',
    now: new Date().toISOString(),
  });
  // Its filing kit approved: ready to file.
  await seedKitApproved(db, ref);
  await changeProcessStatus(db, { ref, to: 'em_analise', byUser: 'e2e', now: new Date().toISOString() });
  return { name, ref, protocolo: customer.contract.protocolo, profileId: customer.profile.id };
}

/** Pages whose clock Playwright already controls (it installs once per page). */
const clockedPages = new WeakSet<Page>();

/** The countdown's line, whatever second it is at ('… avisado em 5 segundos.'). */
const [countdownBefore, countdownAfter] = ADMIN_PROCESS_MESSAGES.statusChangeScheduledDescription(0).split('0') as [
  string,
  string,
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const COUNTDOWN_LINE = new RegExp(`^${escapeRegExp(countdownBefore)}\\d+${escapeRegExp(countdownAfter)}$`);

/**
 * Presses the status dialog's 'Confirmar' and runs its 'Desfazer' countdown through at once: Playwright's clock
 * (installed here, time still flowing) jumps the seconds a person waits, so the request leaves as it would after them.
 * The countdown is a chain of one-second timers, each set once React has drawn the previous second, so one jump of
 * five seconds fired only the first and the other four ran on the real clock: the clock jumps a second at a time
 * until the countdown's line is gone (the change sent). The countdown on the real clock, and 'Desfazer' within it, are
 * tested in admin-today.test.ts.
 */
export async function confirmStatusChange(page: Page, dialog: Locator, confirm = 'Confirmar'): Promise<void> {
  if (!clockedPages.has(page)) {
    await page.clock.install();
    clockedPages.add(page);
  }
  await dialog.getByRole('button', { name: confirm }).click();
  const countdown = dialog.getByText(COUNTDOWN_LINE);
  await countdown.waitFor();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1000);
        return countdown.count();
      },
      { interval: 20, timeout: 10_000 },
    )
    .toBe(0);
}

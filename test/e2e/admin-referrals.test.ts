import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import {
  createReferral,
  findReferral,
  referralSignupWrites,
  referrerCopyOf,
} from '../../lambdas/shared/data/referrals.js';
import { createProfileInput } from '../factories.js';
import { initialContractFor, seedCustomer } from '../integration/seed.js';
import { screenshot, VIEWPORTS } from './browser.js';
import { adminPage, nameWord, searchAdminList } from './admin-helpers.js';
import { localTable } from './local-table.js';
import { payReferral } from '../referral-payments.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

type Seeded = Awaited<ReturnType<typeof seedCustomer>>;

const invite = (referrer: Seeded, email: string) =>
  createReferral(db, {
    referrer: referrerCopyOf(referrer.profile),
    email,
    now: new Date().toISOString(),
    referralCode: referrer.profile.referral_code,
  });

/** The invited friend signs up through the real profile transaction (pattern 34) and, if asked, pays (pattern 35). */
async function friendSignsUp(referrer: Seeded, email: string, pays: boolean) {
  const invited = (await findReferral(db, referrer.userId, email))!;
  const now = new Date().toISOString();
  const { profile } = await createProfile(db, {
    userId: ulid(),
    input: createProfileInput({ email, cpf: generateCpf() }),
    referredByProfileId: referrer.profile.id,
    referralWrites: (p) =>
      referralSignupWrites(db, { kind: 'move', referrerUserId: referrer.userId, referral: invited }, p, now),
    now,
    initialContract: initialContractFor(),
  });
  if (pays) await payReferral(db, profile);
}

const searchFor = (page: Page, term: string) =>
  searchAdminList(page, 'Buscar por email indicado ou nome de quem indicou', term);

describe('/admin/indicacoes', () => {
  const surname = nameWord();
  const name = `Beatriz ${surname} Moreira`;
  const tag = ulid().toLowerCase();
  const invitedEmail = `convidada.${tag}@amigos.example.com`;
  const signedEmail = `cadastrada.${tag}@amigos.example.com`;
  const paidEmail = `paga.${tag}@amigos.example.com`;

  let referrer: Seeded;

  beforeAll(async () => {
    referrer = await seedCustomer(db, { nome_completo: name, cpf: generateCpf() });
    // A busy referrer (26 more invites) so the newest page is full and 'Carregar mais' appears.
    const other = await seedCustomer(db, { nome_completo: `Otavio ${nameWord()} Reis`, cpf: generateCpf() });
    for (const email of [invitedEmail, signedEmail, paidEmail]) await invite(referrer, email);
    await friendSignsUp(referrer, signedEmail, false);
    await friendSignsUp(referrer, paidEmail, true);
    for (let i = 0; i < 26; i += 1) await invite(other, `lote${i}.${tag}@amigos.example.com`);
  });

  it('shows the summary, pages with a cursor, searches and filters (desktop)', async () => {
    const admin = await adminPage(VIEWPORTS.desktop);
    try {
      await admin.goto(`${appUrl}/admin/indicacoes`);
      await admin.getByRole('heading', { name: 'Indicações', level: 1 }).waitFor();
      for (const id of ['total', 'invited', 'signed_up', 'paid']) {
        await expect
          .poll(() => admin.getByTestId(`counter-${id}`).textContent(), { timeout: 10_000 })
          .toMatch(/^[1-9]\d*$/);
      }
      // Newest first, 25 a page (+ the header row), then the next page by the cursor.
      await admin.getByText(`lote25.${tag}@amigos.example.com`).waitFor();
      expect(await admin.getByRole('row').count()).toBe(26);
      await admin.getByRole('button', { name: 'Carregar mais' }).click();
      await admin.getByText(`lote0.${tag}@amigos.example.com`).waitFor();
      expect(await admin.getByRole('row').count()).toBeGreaterThan(26);

      // The referrer's name: their three referrals, with the referrer's name and e-mail on each row.
      await searchFor(admin, surname);
      const paidRow = admin.getByRole('row').filter({ hasText: paidEmail });
      await paidRow.getByText(name).waitFor();
      await paidRow.getByText(referrer.profile.email).waitFor();
      await paidRow.getByText('Pago', { exact: true }).waitFor();
      expect(await admin.getByRole('row').count()).toBe(4);
      await admin.getByRole('row').filter({ hasText: signedEmail }).getByText('Cadastrado', { exact: true }).waitFor();
      await admin.getByRole('row').filter({ hasText: invitedEmail }).getByText('Convidado', { exact: true }).waitFor();
      await screenshot(admin, 'admin-referrals-desktop');

      // With the status filter (the search's few referrals filtered by status).
      await admin.getByLabel('Status', { exact: true }).selectOption('signed_up');
      await expect.poll(() => admin.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
      await admin.getByRole('row').filter({ hasText: signedEmail }).waitFor();

      // The referred address.
      await admin.getByLabel('Status', { exact: true }).selectOption('');
      await searchFor(admin, invitedEmail);
      await admin.getByRole('row').filter({ hasText: invitedEmail }).getByText(name).waitFor();
      await expect.poll(() => admin.getByRole('row').count(), { timeout: 10_000 }).toBe(2);

      await searchFor(admin, `ninguem.${tag}`);
      await admin.getByText('Nenhuma indicação encontrada.').waitFor();
      await searchFor(admin, 'a');
      await admin.getByText('Digite pelo menos 2 caracteres para buscar.').waitFor();

      // Only a status (gsi2): the paid referral is the last one paid.
      await admin.getByLabel('Buscar por email indicado ou nome de quem indicou').fill('');
      await admin.getByLabel('Status', { exact: true }).selectOption('paid');
      await admin.getByRole('row').filter({ hasText: paidEmail }).waitFor();
    } catch (error) {
      await screenshot(admin, 'admin-referrals-failure');
      throw error;
    } finally {
      await admin.context().close();
    }
  });

  it('shows the referrals as cards on a phone', async () => {
    const phone = await adminPage(VIEWPORTS.phone);
    try {
      await phone.goto(`${appUrl}/admin/indicacoes`);
      await phone.getByRole('heading', { name: 'Indicações', level: 1 }).waitFor();
      await searchFor(phone, surname);
      await phone.getByText(paidEmail).waitFor();
      await expect
        .poll(() => phone.getByTestId('counter-paid').textContent(), { timeout: 10_000 })
        .toMatch(/^[1-9]\d*$/);
      await screenshot(phone, 'admin-referrals-phone');
    } finally {
      await phone.context().close();
    }
  });
});

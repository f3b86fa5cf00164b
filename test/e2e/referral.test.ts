import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { planReferralSignup } from '../../lambdas/referrals/referral-signup.js';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { referralInviteSubject } from '../../lambdas/referrals/referral-emails.js';
import { createProfile, getCustomerCollection, getProfileByUser } from '../../lambdas/shared/data/customers.js';
import { findProfileByReferralCode } from '../../lambdas/shared/data/lookups.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { createProfileInput } from '../factories.js';
import { initialContractFor } from '../integration/seed.js';
import {
  customerWithSignedContract,
  emailWithSubject,
  firstLinkIn,
  newPage,
  screenshot,
  toastWith,
  VIEWPORTS,
  newContext,
} from './browser.js';
import { localTable } from './local-table.js';
import { payReferral } from '../referral-payments.js';

const { appUrl, asaasUrl, sesUrl, dynamodbEndpoint } = inject('e2e');
const password = 'segredo123';
const db = localTable(dynamodbEndpoint);

beforeAll(async () => {
  // The dev server compiles the app on its first request; on a busy machine that alone can outlast a test's 30 s.
  const page = await newPage();
  await page.goto(`${appUrl}/auth?mode=register`, { timeout: 150_000 });
  await page.getByLabel('Email', { exact: true }).waitFor({ timeout: 150_000 });
  await page.context().close();
});
afterAll(async () => {
  db.client.destroy();
});

async function pageWithClipboard(
  viewport: { width: number; height: number },
  options: { keepForFile?: boolean } = {},
): Promise<Page> {
  const context = await newContext(viewport, options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
  return context.newPage();
}

/** The number on one of /app/indique's counters. */
const counter = async (page: Page, name: 'paid' | 'invited' | 'signed_up' | 'remaining') =>
  Number(await page.locator(`[data-counter="${name}"] .referral-counter__value`).textContent());

/** Reloads /app/indique until a counter shows `value` (the payment reaches it through the workflow). */
async function waitForCounter(page: Page, name: 'paid' | 'remaining', value: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(`${appUrl}/app/indique`);
    await page.locator(`[data-counter="${name}"]`).waitFor();
    if ((await counter(page, name)) === value) return;
    if (Date.now() > deadline) throw new Error(`counter ${name} never reached ${value}`);
    await page.waitForTimeout(1000);
  }
}

/** A friend who signed up through the referrer's code and paid, written as the sign-up and ConfirmPayment write it. */
async function paidFriendOf(referralCode: string) {
  const userId = ulid();
  const input = createProfileInput({ cpf: generateCpf() });
  const now = new Date().toISOString();
  const plan = await planReferralSignup(db, { userId, email: input.email, ref: referralCode, invite: null, now });
  const { profile } = await createProfile(db, {
    userId,
    input,
    referredByProfileId: plan.referredByProfileId,
    referralWrites: plan.writes,
    now,
    initialContract: initialContractFor(),
  });
  return { profile, payment: await payReferral(db, profile) };
}

describe('Indique e Ganhe (/app/indique): invite → sign-up → payment → reward', () => {
  const suffix = ulid().toLowerCase();
  const referrer = {
    email: `indicador.${suffix}@example.com`,
    password,
    name: 'Beatriz Indicadora Ramos',
    cpf: generateCpf(),
    whatsapp: '35998765432',
    cep: '01001000',
  };
  const friend = {
    email: `amiga.${suffix}@example.com`,
    password,
    name: 'Fernanda Convidada Alves',
    cpf: generateCpf(),
    whatsapp: '31998765432',
    cep: '30130010',
  };
  let referrerPage: Page;
  let referralCode: string;

  it('shows the link, copies it, and invites a friend once by e-mail (desktop)', async () => {
    // The next tests go on with the referrer's page.
    referrerPage = await pageWithClipboard(VIEWPORTS.desktop, { keepForFile: true });
    const page = referrerPage;
    await customerWithSignedContract(page, { appUrl, sesUrl }, referrer);
    await page.getByRole('link', { name: 'Indique e Ganhe' }).first().click();
    await page.waitForURL(`${appUrl}/app/indique`);
    await page.getByRole('heading', { name: 'Indique e Ganhe', level: 1 }).waitFor();

    const link = await page.getByLabel('Link de indicação').inputValue();
    expect(link).toMatch(new RegExp(`^${appUrl.replaceAll('.', '\\.')}/auth\\?mode=register&ref=REF-[A-Z0-9]{6}$`));
    referralCode = new URL(link).searchParams.get('ref')!;
    await page.getByRole('button', { name: 'Copiar link' }).click();
    await toastWith(page, 'Copiado!');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
    // Shared by WhatsApp: a wa.me link whose message carries the referral link.
    const share = new URL((await page.getByRole('link', { name: 'Compartilhar no WhatsApp' }).getAttribute('href'))!);
    expect(share.origin + share.pathname).toBe('https://wa.me/');
    expect(share.searchParams.get('text')).toContain(link);
    expect(await counter(page, 'remaining')).toBe(5);
    await page.getByText('Você ainda não indicou ninguém.', { exact: false }).waitFor();
    for (const [friends, discount] of [
      ['1 amigo', 'R$ 79,80'],
      ['3 amigos', 'R$ 239,40'],
      ['5 amigos', 'R$ 399,00'],
    ]) {
      await page.getByRole('row').filter({ hasText: friends }).filter({ hasText: discount }).waitFor();
    }
    await screenshot(page, 'referral-empty-desktop');

    // An empty address does nothing; the own address, a valid invite, then its repeat.
    await page.getByRole('button', { name: 'Enviar convite' }).click();
    await page.getByLabel('Email do amigo').fill(` ${referrer.email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Enviar convite' }).click();
    await toastWith(page, 'Você não pode convidar o seu próprio email.');
    // Neither the empty address nor the own one made an invite.
    expect(await counter(page, 'invited')).toBe(0);
    await page.getByLabel('Email do amigo').fill(` ${friend.email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Enviar convite' }).click();
    await toastWith(page, 'Convite enviado!');
    expect(await page.getByLabel('Email do amigo').inputValue()).toBe('');
    await page.getByRole('listitem').filter({ hasText: friend.email }).filter({ hasText: 'Convidado' }).waitFor();
    expect(await counter(page, 'invited')).toBe(1);
    await screenshot(page, 'referral-invited-desktop');
    await page.getByLabel('Email do amigo').fill(friend.email);
    await page.getByRole('button', { name: 'Enviar convite' }).click();
    await toastWith(page, 'Este email já foi convidado anteriormente.');
    expect(await counter(page, 'invited')).toBe(1);
  }, 180_000);

  it('the friend signs up through the e-mail’s link, signs, pays, and the referrer’s counters move (phone)', async () => {
    const invitation = await emailWithSubject(sesUrl, friend.email, referralInviteSubject(EXAMPLE_COMPANY.brand));
    const inviteLink = new URL(firstLinkIn(invitation.body!.html!));
    expect(inviteLink.searchParams.get('ref')).toBe(referralCode);
    expect(inviteLink.searchParams.get('invite')).toMatch(new RegExp(`^${referralCode}-[A-Z0-9]{4}$`));

    const page = await pageWithClipboard(VIEWPORTS.phone);
    await page.goto(inviteLink.toString());
    await page.getByRole('button', { name: 'Cadastrar' }).waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('referral_invite')")).toBe(
      inviteLink.searchParams.get('invite'),
    );
    // The sign-up form keeps the codes the link brought; the profile's first save sends them.
    await customerWithSignedContract(page, { appUrl, sesUrl }, friend);
    expect(await page.evaluate<string | null>("localStorage.getItem('referral_invite')")).toBeNull();

    await referrerPage.goto(`${appUrl}/app/indique`);
    await referrerPage
      .getByRole('listitem')
      .filter({ hasText: friend.email })
      .filter({ hasText: 'Cadastrado' })
      .waitFor();
    expect(await counter(referrerPage, 'signed_up')).toBe(1);
    expect(await counter(referrerPage, 'invited')).toBe(0);

    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    // The charge, not its toast (payment.test.ts checks that): a live 'Status atualizado!' may replace the toast at once.
    await page.getByText('PIX copia e cola', { exact: true }).waitFor();
    const simulator = await page.context().newPage();
    await simulator.goto(asaasUrl);
    const row = simulator.getByRole('row').filter({ hasText: friend.name });
    await row.getByRole('button', { name: 'Pagar' }).click();
    await row.getByRole('button', { name: 'Pagar' }).waitFor({ state: 'detached' });
    await simulator.close();
    await page.getByText('✅ Pagamento confirmado! Seu processo será iniciado em breve.').waitFor({ timeout: 15_000 });
    await page.context().close();

    await referrerPage.setViewportSize(VIEWPORTS.phone);
    await waitForCounter(referrerPage, 'paid', 1);
    expect(await counter(referrerPage, 'remaining')).toBe(4);
    expect(await counter(referrerPage, 'signed_up')).toBe(0);
    await referrerPage.getByRole('listitem').filter({ hasText: friend.email }).filter({ hasText: 'Pago' }).waitFor();
    await screenshot(referrerPage, 'referral-paid-phone');
  }, 180_000);

  it('the 5th paid referral grants one free renewal, and the renewal card offers it', async () => {
    const owner = (await findProfileByReferralCode(db, referralCode))!;
    const friends = [];
    for (let i = 0; i < 4; i += 1) friends.push(await paidFriendOf(referralCode));
    expect(friends.map((f) => f.payment.rewardsGranted)).toEqual([0, 0, 0, 1]);
    // The same confirmation again (a repeated payment event) grants nothing more.
    expect(await payReferral(db, friends[3]!.profile)).toMatchObject({
      markedPaid: false,
      rewardsGranted: 0,
    });
    expect((await getProfileByUser(db, owner.userId))!.free_renewals).toBe(1);

    const page = referrerPage;
    await waitForCounter(page, 'paid', 5);
    expect(await counter(page, 'remaining')).toBe(5);
    await page.getByText('Você tem 1 renovação grátis disponível.').waitFor();
    await screenshot(page, 'referral-reward-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'referral-reward-desktop');

    // The referrer's own removal was granted meanwhile (an admin's move), so a renewal is open: the free card is usable.
    const [contract] = (await getCustomerCollection(db, owner.userId)).contracts;
    await changeProcessStatus(db, {
      ref: { userId: owner.userId, contractId: contract!.id },
      to: 'baixa_deferida',
      byUser: 'admin-e2e',
      now: new Date().toISOString(),
    });
    await page.getByRole('link', { name: 'Ir para Renovação' }).click();
    await page.waitForURL(`${appUrl}/app/renovacao`);
    await page.getByText('1 disponível').waitFor();
    expect(await page.getByRole('button', { name: 'Usar Renovação Gratuita' }).isEnabled()).toBe(true);
    await page.context().close();
  }, 120_000);
});

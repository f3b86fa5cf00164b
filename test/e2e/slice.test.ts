import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  firstLinkIn,
  latestEmailTo,
  logIn,
  logInAsAdmin,
  newPage,
  screenshot,
  solveSecurityCheck,
  VIEWPORTS,
} from './browser.js';

const { appUrl, apiUrl, gatewayUrl, sesUrl, admin } = inject('e2e');

/** The Cognito id token Amplify keeps in this page's storage: what the SPA sends to the API. */
async function idTokenOf(page: Page): Promise<string> {
  const { origins } = await page.context().storageState();
  const storage = origins.find((origin) => origin.origin === appUrl)?.localStorage ?? [];
  const token = storage.find(
    ({ name }) => name.startsWith('CognitoIdentityServiceProvider.') && name.endsWith('.idToken'),
  )?.value;
  if (!token) throw new Error('no id token in the page storage');
  return token;
}

/** GET an admin route through the local gateway with this page's session, as the SPA would. */
const adminSummaryWith = (token: string) =>
  fetch(`${apiUrl}/admin/summary`, { headers: { authorization: `Bearer ${token}` } });

describe('walking skeleton: sign up → confirm by e-mail link → log in → dashboard', () => {
  const email = `cliente.${ulid().toLowerCase()}@example.com`;
  const password = 'segredo123';

  it('signs up, confirms through the link in the local inbox and lands on the next step', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/auth?mode=register`);
    await page.getByText('Baixa temporária de apontamentos').waitFor();
    await screenshot(page, 'auth-register-phone');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByLabel('Confirmar senha').fill(password);
    await solveSecurityCheck(page);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    // 'Confira seu e-mail' takes over the form, with the address the link went to.
    await page.getByRole('heading', { name: 'Confira seu e-mail' }).waitFor();
    await page.getByText(email).first().waitFor();

    const message = await latestEmailTo(sesUrl, email);
    expect(message.subject).toBe('Confirme seu cadastro');
    const link = firstLinkIn(message.body!.html!);
    // The code rides in the fragment, which never reaches a server.
    expect(link.startsWith(`${appUrl}/auth#`)).toBe(true);

    await page.goto(link);
    await page.getByText('Email confirmado').first().waitFor();
    await logIn(page, email, password);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.getByRole('heading', { name: 'Complete seu Perfil' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continuar' }).getAttribute('href')).toBe('/app/perfil');
    await screenshot(page, 'dashboard-new-customer-phone');
    await page.context().close();
  });

  it('shows the dashboard and the shell on a desktop, without the admin section for a customer', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, password);
    await page.getByRole('heading', { name: 'Complete seu Perfil' }).waitFor();
    await page.getByText(email).first().waitFor();
    expect(await page.getByText('R$ 399,00').count()).toBeGreaterThan(0);
    expect(await page.getByText('Administração').count()).toBe(0);
    await screenshot(page, 'dashboard-new-customer-desktop');

    await page.goto(`${appUrl}/admin/clientes`);
    await page.getByText('Acesso Negado - Você não tem permissão para acessar esta área.').waitFor();
    // Whatever the browser shows, the server refuses a customer's valid token on admin routes.
    const refused = await adminSummaryWith(await idTokenOf(page));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/permissão/);
    await page.context().close();
  });

  it('refuses a wrong password with the spec message', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, 'senha-errada');
    await page.getByText('Email ou senha incorretos.').first().waitFor();
    expect(page.url()).toContain('/auth');
    await page.context().close();
  });
});

describe('route guard, admin and logout', () => {
  it('sends a visitor to /auth and back to where they were going after login', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/app/historico`);
    await page.waitForURL(/\/auth/);
    await logInAsAdmin(page, admin);
    await page.waitForURL(`${appUrl}/app/historico`);
    await page.context().close();
  });

  it('refreshes an expired session with its refresh token, and signs out one that cannot be refreshed', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await logInAsAdmin(page, admin);
    await page.waitForURL(`${appUrl}/admin`);
    // Runs in the page (a string keeps DOM types out of this Node test): the stored id and access tokens get an
    // `exp` in the past, as after a laptop slept for hours. Amplify reads `exp` without checking the signature.
    const expireStoredTokens = (refreshToken?: string) =>
      page.evaluate(`{
        const b64 = (text) => btoa(text).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
        const unb64 = (part) => atob(part.replace(/-/g, '+').replace(/_/g, '/'));
        for (const key of Object.keys(localStorage)) {
          if (!key.startsWith('CognitoIdentityServiceProvider.')) continue;
          if (/\\.(idToken|accessToken)$/.test(key)) {
            const [header, payload, signature] = localStorage.getItem(key).split('.');
            const claims = { ...JSON.parse(unb64(payload)), exp: Math.floor(Date.now() / 1000) - 600 };
            localStorage.setItem(key, [header, b64(JSON.stringify(claims)), signature].join('.'));
          }
          if (${JSON.stringify(refreshToken ?? null)} && key.endsWith('.refreshToken')) {
            localStorage.setItem(key, ${JSON.stringify(refreshToken ?? '')});
          }
        }
      }`);

    await expireStoredTokens();
    await page.goto(`${appUrl}/app/historico`);
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    expect(page.url()).toBe(`${appUrl}/app/historico`);

    // The server refuses the refresh token: up to 3 refreshes, then signed out and sent to /auth.
    await expireStoredTokens('revogado');
    await page.goto(`${appUrl}/app/historico`);
    await page.waitForURL(/\/auth/);
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    await page.context().close();
  });

  it('shows the admin section to the seeded admin, and logs out to / with a toast', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await logInAsAdmin(page, admin);
    await page.waitForURL(`${appUrl}/admin`);
    await page.getByText('Administração').first().waitFor();
    await page.goto(`${appUrl}/admin/clientes`);
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    expect(await page.getByText('Acesso Negado').count()).toBe(0);
    await screenshot(page, 'admin-desktop');
    expect((await adminSummaryWith(await idTokenOf(page))).status).toBe(200);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.getByText('Logout realizado').first().waitFor();
    await page.context().close();
  });
});

describe('API on the site origin (/api), behind the local edge and gateway', () => {
  it('refuses private routes without a valid token, as the JWT authorizer does', async () => {
    expect((await fetch(`${apiUrl}/me/dashboard`)).status).toBe(401);
    expect((await fetch(`${apiUrl}/me/dashboard`, { headers: { authorization: 'Bearer not-a-jwt' } })).status).toBe(
      401,
    );
    expect((await fetch(`${apiUrl}/health`)).status).toBe(200);
  });

  it('refuses a request that bypasses the edge, even one that forges its headers', async () => {
    const direct = await fetch(`${gatewayUrl}/health`, {
      headers: { 'x-origin-verify': 'guess', 'cloudfront-viewer-city': 'Lisboa' },
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ code: 'forbidden' });
  });
});

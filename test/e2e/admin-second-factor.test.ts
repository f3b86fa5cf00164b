import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '../../domain/messages.js';
import { createAdmin, totpCode } from '../totp.js';
import { logIn, logInAsAdmin, newPage, screenshot, toastWith, VIEWPORTS, signUpAndLogIn } from './browser.js';

/**
 * Admins sign in with a second factor. A new admin's first sign-in leads to the enrolment screen (QR code
 * and key); from then on the password is followed by the authenticator code, and only then does the back office open.
 */
const { appUrl, sesUrl, cognitoEndpoint, userPoolId, userPoolClientId } = inject('e2e');
const cognito = new CognitoIdentityProviderClient({
  endpoint: cognitoEndpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

afterAll(async () => {
  cognito.destroy();
});

/** Runs in the page (a string keeps DOM types out of this Node test): where the keyboard focus is. */
const FOCUSED_AUTOCOMPLETE = `document.activeElement?.getAttribute('autocomplete')`;

/** Runs in the page: the refresh token Amplify keeps in local storage. */
const STORED_REFRESH_TOKEN = `Object.keys(localStorage).filter((key) => key.endsWith('.refreshToken')).map((key) => localStorage.getItem(key))[0] ?? null`;

/** A code that is not the app's current one (nor, within Cognito's tolerance, its neighbours'). */
const wrongCodeFor = (secret: string) => (Number(totpCode(secret)) + 500_000).toString().padStart(6, '0').slice(-6);

describe('admin second factor (TOTP)', () => {
  it('enrols a new admin’s authenticator app on first sign-in, then asks for its code at every sign-in', async () => {
    const email = `admin.novo.${ulid().toLowerCase()}@example.com`;
    const password = 'segredo-admin-1';
    await createAdmin({ client: cognito, userPoolId, clientId: userPoolClientId }, email, password);

    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/admin/processos`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await page.waitForURL(/\/auth/);
    await logIn(page, email, password);

    // Straight to enrolment: the back office is not reachable without the app.
    await page.waitForURL(`${appUrl}/admin/duas-etapas`);
    await page.getByRole('heading', { name: SECOND_FACTOR_MESSAGES.setupTitle, level: 1 }).waitFor();
    const qr = page.getByRole('img', { name: SECOND_FACTOR_MESSAGES.qrAlt });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = ((await page.getByTestId('authenticator-key').textContent()) ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect.poll(() => page.evaluate(FOCUSED_AUTOCOMPLETE)).toBe('one-time-code');
    await screenshot(page, 'admin-second-factor-setup-phone');

    // The API refuses the back office meanwhile (the token has the group, not the second factor).
    await page.goto(`${appUrl}/admin/clientes`);
    await page.waitForURL(`${appUrl}/admin/duas-etapas`);
    const code = page.getByLabel(SECOND_FACTOR_MESSAGES.codeLabel);
    const newSecret = ((await page.getByTestId('authenticator-key').textContent()) ?? '').replaceAll(' ', '');

    await code.fill(wrongCodeFor(newSecret));
    await page.getByRole('button', { name: SECOND_FACTOR_MESSAGES.setupSubmit }).click();
    await toastWith(page, SECOND_FACTOR_MESSAGES.codeInvalid);

    // The session from before the enrolment never passed the second factor: its refresh token must die with it.
    const preEnrolmentRefreshToken = String(await page.evaluate(STORED_REFRESH_TOKEN));
    expect(preEnrolmentRefreshToken.length).toBeGreaterThan(20);

    await code.fill(totpCode(newSecret));
    await page.getByRole('button', { name: SECOND_FACTOR_MESSAGES.setupSubmit }).click();
    await toastWith(page, SECOND_FACTOR_MESSAGES.setupDoneTitle);
    // Every session ended (GlobalSignOut): the login form, then the page the admin was going to.
    await page.waitForURL(/\/auth/);
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: preEnrolmentRefreshToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await logInAsAdmin(page, { email, password, totpSecret: newSecret });
    // An admin's home: 'Hoje', what is due.
    await page.waitForURL(`${appUrl}/admin`);
    await page.getByRole('heading', { name: 'Hoje', level: 1 }).waitFor();
    expect(await page.getByText('Acesso Negado').count()).toBe(0);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.context().close();

    // The next sign-in: password, then the code.
    const desktop = await newPage(VIEWPORTS.desktop);
    await desktop.goto(`${appUrl}/auth`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await logIn(desktop, email, password);
    const loginCode = desktop.getByLabel(SECOND_FACTOR_MESSAGES.codeLabel);
    await loginCode.waitFor();
    await desktop.getByRole('heading', { name: SECOND_FACTOR_MESSAGES.setupTitle, level: 1 }).waitFor();
    await screenshot(desktop, 'admin-second-factor-login-desktop');
    await expect.poll(() => desktop.evaluate(FOCUSED_AUTOCOMPLETE)).toBe('one-time-code');

    await loginCode.fill(wrongCodeFor(newSecret));
    await desktop.getByRole('button', { name: SECOND_FACTOR_MESSAGES.confirmCode }).click();
    await toastWith(desktop, SECOND_FACTOR_MESSAGES.codeInvalid);
    expect(desktop.url()).toContain('/auth');

    await loginCode.fill(totpCode(newSecret));
    await desktop.getByRole('button', { name: SECOND_FACTOR_MESSAGES.confirmCode }).click();
    await desktop.waitForURL(`${appUrl}/admin`);
    await desktop.goto(`${appUrl}/admin/processos`);
    await desktop.getByRole('heading', { name: 'Processos', level: 1 }).waitFor();
    await desktop.context().close();
  });

  it('keeps customers out of the enrolment screen and shows them no code step', async () => {
    const email = `cliente.sem.totp.${ulid().toLowerCase()}@example.com`;
    const page = await newPage(VIEWPORTS.desktop);
    await signUpAndLogIn(page, { appUrl, sesUrl }, email, 'segredo123');
    await page.goto(`${appUrl}/admin/duas-etapas`);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.goto(`${appUrl}/admin/clientes`);
    await page.getByText('Acesso Negado').first().waitFor();
    await page.context().close();
  });
});

import {
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_GROUP } from '../../domain/auth.js';
import { ADMIN_ACCESS_MESSAGES } from '../../domain/messages.js';
import { createAdmin, enrolAuthenticator } from '../totp.js';
import { logInAsAdmin, newPage, screenshot, VIEWPORTS } from './browser.js';

/**
 * An admin removed from the group while signed in. Their token still lists the group, but the next
 * admin screen whose API has not just served them is refused by the API, and the SPA shows why instead of the back
 * office, with a way back to the customer area.
 */
const { appUrl, cognitoEndpoint, userPoolId, userPoolClientId } = inject('e2e');
const cognito = new CognitoIdentityProviderClient({
  endpoint: cognitoEndpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

afterAll(() => {
  cognito.destroy();
});

describe('a demoted admin', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('is sent away from the back office on the next admin screen (%s)', async (name, viewport) => {
    const pool = { client: cognito, userPoolId, clientId: userPoolClientId };
    const email = `admin.rebaixada.${ulid().toLowerCase()}@example.com`;
    const password = 'segredo-admin-1';
    await createAdmin(pool, email, password);
    const totpSecret = await enrolAuthenticator(pool, email, password);

    const page = await newPage(viewport);
    await page.goto(`${appUrl}/admin/clientes`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await page.waitForURL(/\/auth/);
    await logInAsAdmin(page, { email, password, totpSecret });
    await page.waitForURL(`${appUrl}/admin/clientes`);
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();

    await cognito.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }),
    );
    // Another admin screen, served by a function that has not seen this admin yet (no cached "yes").
    await page.goto(`${appUrl}/admin/financeiro`);
    const alert = page.getByRole('alert').filter({ hasText: ADMIN_ACCESS_MESSAGES.removed });
    await alert.waitFor();
    await page.getByRole('heading', { name: 'Acesso Negado', level: 1 }).waitFor();
    await screenshot(page, `admin-demoted-${name}`);

    await page.getByRole('button', { name: ADMIN_ACCESS_MESSAGES.backToDashboard }).click();
    await page.waitForURL(`${appUrl}/app/dashboard`);
    // The refusal stays behind with the admin area (the dashboard renders after the URL changes: polled).
    await expect.poll(() => page.getByText(ADMIN_ACCESS_MESSAGES.removed).count()).toBe(0);
    await page.context().close();
  });
});

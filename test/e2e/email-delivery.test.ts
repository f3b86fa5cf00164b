import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EMAIL_DELIVERY_MESSAGES } from '../../domain/email-delivery.js';
import { recordEmailSuppression } from '../../lambdas/shared/data/email-suppressions.js';
import { logIn, newPage, screenshot, signUpAndConfirm, VIEWPORTS, signUpAndLogIn } from './browser.js';
import { localTable } from './local-table.js';

const { appUrl, sesUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

const password = 'segredo123';

describe.each(Object.entries(VIEWPORTS))('on a %s', (name, viewport) => {
  it('a customer whose address bounced is told on the dashboard and sent to the profile to change it', async () => {
    const email = `devolvido.${ulid().toLowerCase()}@example.com`;
    const page = await newPage(viewport);
    await signUpAndConfirm(page, { appUrl, sesUrl }, email, password);
    // What ReceiveEmailFeedback records when SES reports a permanent bounce (integration: email-feedback.test.ts).
    await recordEmailSuppression(db, email, { reason: 'bounce', at: new Date().toISOString() });
    await logIn(page, email, password);
    await page.waitForURL(`${appUrl}/app/dashboard`);

    const banner = page.getByRole('alert').filter({ hasText: EMAIL_DELIVERY_MESSAGES.heading.bounce });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(EMAIL_DELIVERY_MESSAGES.body.bounce(email));
    // The long address wraps: nothing widens the page past the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `email-bounced-dashboard-${name}`);

    await banner.getByRole('link', { name: EMAIL_DELIVERY_MESSAGES.action }).click();
    await page.waitForURL(`${appUrl}/app/perfil`);
    await page.close();
  });
});

describe('browser errors', () => {
  it('an unhandled rejection is reported with the route pattern and no personal data, and accepted', async () => {
    const email = `erro.${ulid().toLowerCase()}@example.com`;
    const page = await newPage(VIEWPORTS.desktop);
    await signUpAndLogIn(page, { appUrl, sesUrl }, email, password);

    const reported = page.waitForResponse((response) => response.url().endsWith('/public/browser-errors'));
    await page.evaluate(() => {
      void Promise.reject(new Error('Falha ao salvar 123.456.789-09 de maria@example.com'));
    });
    const response = await reported;
    expect(response.status()).toBe(202);
    const body = response.request().postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({
      kind: 'rejection',
      route: '/app/dashboard',
      message: 'Error: Falha ao salvar [documento] de [e-mail]',
    });
    expect(body.build).toMatch(/^[\w.+-]+$/);
    await page.close();
  });
});

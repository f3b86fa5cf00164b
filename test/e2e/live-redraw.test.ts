import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { newPage, signContract, toastWith, VIEWPORTS } from './browser.js';
import { apiCustomer } from './customers.js';
import { openSignedIn } from './sessions.js';

const { appUrl } = inject('e2e');

/**
 * Holds the answer to the customer's `method` request on `path` until `redrawn` is seen on the page: the live channel
 * has told the screen about the change and the screen was drawn again from the collection before the answer came, as
 * it often does on a busy phone. The real answer is then given as it was.
 */
async function answerAfterRedraw(page: Page, method: string, path: RegExp, redrawn: () => Promise<void>) {
  let held = false;
  await page.route(path, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    const response = await route.fetch();
    await redrawn();
    held = true;
    await route.fulfill({ response });
  });
  return () => held;
}

describe('what a button answers survives the live channel drawing its screen first', () => {
  it('signing and generating the PIX still toast and lead on when the screen was redrawn before the answer (desktop)', async () => {
    const customer = await apiCustomer({ name: 'Larissa Redesenho Lima', signed: false });
    const page = await newPage(VIEWPORTS.desktop);
    await openSignedIn(page, customer, '/app/contrato');
    await page.getByRole('heading', { name: 'Aguardando Assinatura', exact: true }).waitFor();

    const signatureHeld = await answerAfterRedraw(page, 'POST', /\/api\/me\/contracts\/[^/]+\/signature$/, () =>
      page.getByRole('heading', { name: 'Contrato Assinado', exact: true }).waitFor(),
    );
    await signContract(page, 'Contrato assinado!');
    await page.waitForURL(`${appUrl}/app/pagamento`);
    if (!signatureHeld()) throw new Error('the signature was answered before the screen was redrawn');

    const chargeHeld = await answerAfterRedraw(page, 'POST', /\/api\/me\/contracts\/[^/]+\/charge$/, () =>
      page.getByRole('button', { name: 'Copiar código PIX' }).waitFor(),
    );
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await toastWith(page, 'PIX gerado!');
    if (!chargeHeld()) throw new Error('the charge was answered before the screen was redrawn');
    await page.context().close();
  });
});

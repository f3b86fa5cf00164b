import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ProcessStatus } from '../../domain/process-status.js';
import { connectionsOf } from '../../lambdas/shared/data/connections.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import {
  customerWithSignedContract,
  emailWithSubject,
  logIn,
  newPage,
  screenshot,
  toastWith,
  VIEWPORTS,
} from './browser.js';
import { localTable } from './local-table.js';

const { appUrl, apiUrl, sesUrl, dynamodbEndpoint } = inject('e2e');
const password = 'segredo123';
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

/** Who the page is signed in as, and their contract: read through the API with the page's own id token. */
async function customerOf(page: Page): Promise<{ userId: string; contractId: string; protocolo: string }> {
  // Amplify keeps the session in localStorage (a string expression: the tests' tsconfig has no DOM types).
  const token = await page.evaluate<string>(
    "Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? ''",
  );
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const dashboard = (await (
    await fetch(`${apiUrl}/me/dashboard`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { contracts: { id: string; protocolo: string }[] };
  const [contract] = dashboard.contracts;
  return { userId, contractId: contract!.id, protocolo: contract!.protocolo };
}

/** Waits until the page's live channel is registered (a connection the customer did not have before). */
async function liveChannelOpened(userId: string, before: string[]): Promise<void> {
  await expect
    .poll(async () => (await connectionsOf(db, userId, new Date())).some((id) => !before.includes(id)), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** What an admin's status change does to the table (the admin screens come later; the write is the same). */
const moveProcess = (customer: { userId: string; contractId: string }, to: ProcessStatus, obs: string | null) =>
  changeProcessStatus(db, {
    ref: customer,
    to,
    byUser: 'admin-e2e',
    obs,
    now: new Date().toISOString(),
  });

describe('live status updates (spec 01 §4): an open dashboard follows its process', () => {
  const email = `ao.vivo.${ulid().toLowerCase()}@example.com`;
  let customer: { userId: string; contractId: string; protocolo: string };

  it('shows "Status atualizado!" and the new status without a reload, and e-mails the change (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await customerWithSignedContract(
      page,
      { appUrl, sesUrl },
      {
        email,
        password,
        name: 'Ana Clara Ribeiro',
        cpf: generateCpf(),
        whatsapp: '11998765432',
        cep: '01001000',
      },
    );
    // The customer's own signature is not announced as a status change.
    await toastWith(page, 'Contrato assinado!');
    customer = await customerOf(page);

    const before = await connectionsOf(db, customer.userId, new Date());
    await page.goto(`${appUrl}/app/dashboard`);
    await page.getByRole('heading', { name: 'Realize o Pagamento' }).waitFor();
    await liveChannelOpened(customer.userId, before);
    await moveProcess(customer, 'pago', null);
    await toastWith(page, 'Status atualizado!');
    await page.getByRole('heading', { name: 'Realize o Pagamento' }).waitFor({ state: 'detached' });
    await page.getByText('Pago', { exact: true }).first().waitFor();
    await screenshot(page, 'live-status-updated-phone');

    const mail = await emailWithSubject(sesUrl, email, `Atualização do processo ${customer.protocolo}: Pago`);
    expect(mail.body?.html).toContain('Pagamento Pendente');
    await page.context().close();
  });

  it('follows an admin moving the process on to "Peticionado" with a note (desktop, history open)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    const before = await connectionsOf(db, customer.userId, new Date());
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, password);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.goto(`${appUrl}/app/historico`);
    const entries = page.getByRole('list', { name: 'Histórico' }).getByRole('listitem');
    await entries.first().waitFor();
    await liveChannelOpened(customer.userId, before);
    await moveProcess(customer, 'peticionado', 'Petição protocolada.');
    await toastWith(page, 'Status atualizado!');
    await expect
      .poll(() => entries.locator('p:first-child').first().textContent(), { timeout: 5000 })
      .toBe('Pedido protocolado');
    await screenshot(page, 'live-history-updated-desktop');
    const mail = await emailWithSubject(sesUrl, email, `Atualização do processo ${customer.protocolo}: Peticionado`);
    expect(mail.body?.html).toContain('Petição protocolada.');
    await page.context().close();
  });
});

import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CASE_FILE_MESSAGES } from '../../domain/case-file.js';
import { REMINDER_LABELS } from '../../domain/reminders.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { seedCustomer } from '../integration/seed.js';
import { createCharge } from '../seeds.js';
import { runScript } from '../tools/run-script.js';
import { adminPage, nameWord } from './admin-helpers.js';
import { screenshot, VIEWPORTS } from './browser.js';
import { localTable } from './local-table.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);
afterAll(() => {
  db.client.destroy();
});

const HOUR = 3_600_000;

/** A client who generated a PIX 25 hours ago and never paid it. */
async function clientWithUnpaidPix() {
  const client = await seedCustomer(db, { nome_completo: `Irene ${nameWord()} Sampaio`, cpf: generateCpf() });
  const ref = { userId: client.userId, contractId: client.contract.id };
  const generated = new Date(Date.now() - 25 * HOUR).toISOString();
  await changeProcessStatus(db, { ref, to: 'pagamento_pendente', byUser: 'system', now: generated });
  await createCharge(db, {
    ...ref,
    asaasId: `pay_${ulid().toLowerCase()}`,
    now: generated,
    valor: 399,
    pixValidoAte: new Date(Date.now() + 3 * 24 * HOUR).toISOString(),
  });
  return client;
}

describe("'npm run reminders' and the reminder on the case file", () => {
  it('sends the reminder of a PIX unpaid for 24 hours, which the admin reads on the case file (desktop and phone)', async () => {
    const client = await clientWithUnpaidPix();

    // The very script a developer runs beside `npm start` (here the e2e runtime's, on its ports).
    const run = await runScript('reminders', [], 120_000, {
      PORT_OFFSET: String(1000 + Number(process.env.BAIXA_TEST_PORT_SHIFT ?? 0)),
      LOG_LEVEL: 'ERROR',
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/sent\s+[1-9]\d* \(/);

    for (const [name, viewport] of [
      ['desktop', VIEWPORTS.desktop],
      ['phone', VIEWPORTS.phone],
    ] as const) {
      const page = await adminPage(viewport);
      await page.goto(`${appUrl}/admin/clientes/${client.profile.id}?tipo=lembrete`);
      await page.getByRole('heading', { level: 1, name: client.profile.nome_completo }).waitFor();
      const timeline = page.getByRole('list', { name: CASE_FILE_MESSAGES.timelineTitle });
      const reminder = timeline.getByRole('listitem').filter({ hasText: REMINDER_LABELS.cobranca_24h });
      await reminder.waitFor();
      await expect(reminder.textContent()).resolves.toContain('Enviado por e-mail');
      await expect(reminder.textContent()).resolves.toContain(client.contract.protocolo);
      expect(await timeline.getByRole('listitem').count()).toBe(1);
      await page.getByRole('button', { name: /^Lembretes/ }).waitFor();
      await screenshot(page, `case-file-reminder-${name}`);
      await page.context().close();
    }
  }, 300_000);
});

import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { getProcess } from '../../lambdas/shared/data/processes.js';
import { adminPage, confirmStatusChange, COUNTDOWN_LINE, latePaidClient, tjspNumber } from './admin-helpers.js';
import { loadedScripts, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { localTable } from './local-table.js';

const { dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

const filingQueue = (page: Page) => page.getByRole('region', { name: 'Prazos de protocolo' });

describe("'Hoje': an admin starts the day on what is due", () => {
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`signs in to 'Hoje', opens the late item, files it with a CNJ number and sees it leave the queue (${viewport})`, async () => {
      const client = await latePaidClient(db);
      const page = await adminPage(size);
      await page.getByRole('heading', { name: 'Hoje', level: 1 }).waitFor();
      const queue = filingQueue(page);
      const item = queue.getByRole('listitem').filter({ hasText: client.protocolo });
      await item.getByText(client.name).waitFor();
      await item.getByText(/^Atrasado \d+ dias úteis$/).waitFor();
      const countBefore = Number(await queue.locator('.today-queue__number').textContent());
      expect(countBefore).toBeGreaterThan(0);
      // The admin's screens are a chunk of their own, which a customer's never download (navigation.test.ts).
      expect((await loadedScripts(page)).filter((path) => path.includes('/admin-screens-'))).toHaveLength(1);
      await screenshot(page, `admin-today-${viewport}`);

      // The menu: the admin's entries first, 'Hoje' with the same count as its queues.
      if (viewport === 'phone') await page.getByRole('button', { name: /menu/i }).click();
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      // On a phone the menu opens on the click's next frame: its links are read once it is there.
      await menu.getByRole('link').first().waitFor();
      const links = await menu.getByRole('link').allTextContents();
      expect(links[0]).toMatch(/^Hoje/);
      expect(links.findIndex((text) => text.startsWith('Painel'))).toBeGreaterThan(4);
      if (viewport === 'phone') {
        await screenshot(page, 'admin-today-menu-phone');
        await page.keyboard.press('Escape');
      }

      await item.getByRole('button', { name: `Marcar peticionado: ${client.protocolo}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Alterar status do processo' });
      await dialog.getByLabel('Número do processo (CNJ)').fill('1234567-00.2026.8.26.0100');
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await dialog
        .getByText(
          'O número do processo não confere: os dígitos verificadores (DD) não batem com o restante do número.',
        )
        .waitFor();
      await dialog
        .getByLabel('Número do processo (CNJ)')
        .fill(tjspNumber(viewport === 'phone' ? '7000001' : '7000002'));
      await dialog.getByLabel('Vara (opcional)').fill('1ª Vara Cível de São Lourenço');
      await dialog.getByText('E-mail que o cliente vai receber').waitFor();
      await screenshot(page, `admin-today-file-dialog-${viewport}`);

      // 'Desfazer' within the countdown (on the real clock) sends nothing: the process is still paid.
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await dialog.getByText(COUNTDOWN_LINE).waitFor();
      await dialog.getByRole('button', { name: 'Desfazer' }).click();
      await toastWith(page, 'Alteração desfeita. Nada foi enviado ao cliente.');
      expect((await getProcess(db, client.ref))?.status).toBe('em_analise');

      await confirmStatusChange(page, dialog);
      await toastWith(page, 'Status atualizado');
      await dialog.waitFor({ state: 'detached' });
      await item.waitFor({ state: 'detached' });
      await expect
        .poll(async () => Number(await queue.locator('.today-queue__number').textContent()))
        .toBeLessThan(countBefore);
      expect(await getProcess(db, client.ref)).toMatchObject({
        status: 'peticionado',
        tribunal: 'TJSP',
        vara: '1ª Vara Cível de São Lourenço',
      });
      await page.context().close();
    });
  }
});

import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FINANCE_CSV_HEADER } from '../../domain/finance-csv.js';
import { daysInRange, presetRange } from '../../domain/finance-period.js';
import { type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { moveChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { seedCustomer } from '../integration/seed.js';
import { adminPage, nameWord, searchAdminList } from './admin-helpers.js';
import { screenshot, toastWith, VIEWPORTS } from './browser.js';
import { localTable } from './local-table.js';
import { createCharge } from '../seeds.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

/** A client with one charge of `valor`, written at `createdAt` and, if asked, moved to `status` at `movedAt`. */
async function chargeOf(
  name: string,
  valor: number,
  createdAt: string,
  move?: { status: string; at: string; feeCents?: number },
): Promise<{ protocolo: string; ref: ChargeRef }> {
  const { userId, contract } = await seedCustomer(db, { nome_completo: name, cpf: generateCpf() });
  const charge = await createCharge(db, {
    userId,
    contractId: contract.id,
    asaasId: `pay_${ulid().toLowerCase()}`,
    pixPayload: 'payload',
    now: createdAt,
    valor,
  });
  const ref = { userId, contractId: contract.id, chargeId: charge.id };
  // Paid as the webhook's fresh read records it: with what Asaas kept of the payment.
  if (move) await moveChargeStatus(db, ref, move.status, move.at, { freshRead: true, feeCents: move.feeCents ?? 0 });
  return { protocolo: contract.protocolo, ref };
}

const searchFor = (page: Page, term: string) => searchAdminList(page, 'Buscar por protocolo ou nome do cliente', term);
/** Playwright's patience, not vitest's one second: the chart's chunk, the API and a busy machine take their time. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** The chart's receipts bars (one a day); while a period loads, the last one's stay, so counts are polled. */
const bars = (page: Page) => page.locator('[data-testid="finance-chart"] .ct-series-a .ct-bar');
/** The refunds beside them, one a day too. */
const refundBars = (page: Page) => page.locator('[data-testid="finance-chart"] .ct-series-b .ct-bar');
const presetButton = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

describe('/admin/financeiro: a period, its money, its chart and its CSV', () => {
  // A period far from today's (other tests pay charges today): its figures are exactly these three charges'.
  const period = { from: '2039-05-09', to: '2039-05-11' };
  const surname = nameWord();
  const paidName = `Joana ${surname} Prado`;
  const refundedName = `Otavio ${surname} Prado`;
  const openName = `Lucia ${surname} Prado`;

  beforeAll(async () => {
    // Paid on the 10th; paid on the 9th and refunded on the 11th; generated on the 11th and still open.
    // Asaas kept R$ 1,99 of each PIX (its fee, which a refund does not give back).
    await chargeOf(paidName, 399, '2039-05-10T12:00:00.000Z', {
      status: 'RECEIVED',
      at: '2039-05-10T12:30:00.000Z',
      feeCents: 199,
    });
    const refunded = await chargeOf(refundedName, 399, '2039-05-09T12:00:00.000Z', {
      status: 'RECEIVED',
      at: '2039-05-09T13:00:00.000Z',
      feeCents: 199,
    });
    await moveChargeStatus(db, refunded.ref, 'REFUND_REQUESTED', '2039-05-11T18:00:00.000Z');
    await chargeOf(openName, 79.8, '2039-05-11T20:00:00.000Z');
  });

  it('shows a preset, keeps it through a reload and Voltar, and lists the period’s charges (desktop)', async () => {
    const todayName = `Bruno ${nameWord()} Teles`;
    const { protocolo } = await chargeOf(todayName, 399, new Date().toISOString(), {
      status: 'RECEIVED',
      at: new Date().toISOString(),
    });
    const page = await adminPage(VIEWPORTS.desktop);
    await page.goto(`${appUrl}/admin/financeiro`);
    await page.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();

    // 'Este mês' by default: a bar for every day of the month so far, days without receipts included.
    expect(await presetButton(page, 'Este mês').getAttribute('aria-pressed')).toBe('true');
    const month = presetRange('mes', new Date());
    await eventually(() => bars(page).count()).toBe(daysInRange(month));
    await eventually(() => page.getByTestId('finance-received').textContent()).toMatch(/^R\$\s[\d.]+,\d{2}$/);
    await screenshot(page, 'admin-finance-month-desktop');

    await presetButton(page, 'Hoje').click();
    await eventually(() => new URL(page.url()).searchParams.get('periodo')).toBe('hoje');
    await searchFor(page, protocolo);
    const row = page.getByRole('row').filter({ hasText: protocolo });
    await row.getByText(todayName).waitFor();
    await row.getByText('Pago', { exact: true }).waitFor();
    await eventually(() => bars(page).count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();
    expect(await presetButton(page, 'Hoje').getAttribute('aria-pressed')).toBe('true');
    await presetButton(page, '7 dias').click();
    await eventually(() => new URL(page.url()).searchParams.get('periodo')).toBe('7dias');
    await eventually(() => bars(page).count()).toBe(7);
    await page.goBack();
    await eventually(() => new URL(page.url()).searchParams.get('periodo')).toBe('hoje');
    expect(await presetButton(page, 'Hoje').getAttribute('aria-pressed')).toBe('true');

    // A custom range: the server's figures for those days, the chart's days, the sentence screen readers get too.
    await presetButton(page, 'Personalizado').click();
    await page.getByLabel('De', { exact: true }).fill(period.to);
    await page.getByLabel('Até', { exact: true }).fill(period.from);
    await page.getByText('A data inicial deve ser anterior ou igual à data final.').waitFor();
    await page.getByLabel('De', { exact: true }).fill(period.from);
    await page.getByLabel('Até', { exact: true }).fill(period.to);
    await eventually(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      periodo: 'personalizado',
      de: period.from,
      ate: period.to,
    });
    await expectPeriodFigures(page);
    await screenshot(page, 'admin-finance-custom-desktop');

    // 'Exportar CSV' downloads every row of the filtered list.
    const csv = await exportCsv(page);
    expect(csv.name).toBe('financeiro-2039-05-09-a-2039-05-11.csv');
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const lines = csv.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(FINANCE_CSV_HEADER.join(';'));
    expect(lines.filter((line) => line.includes(surname))).toHaveLength(3);
    expect(lines.find((line) => line.includes(paidName))).toMatch(
      /;399,00;Pago;10\/05\/2039 09:00;10\/05\/2039 09:30;/,
    );
    expect(lines.find((line) => line.includes(openName))).toContain(';79,80;Pendente;');
    // The status filter narrows the list and the file alike.
    await page.getByLabel('Status', { exact: true }).selectOption('PENDING');
    // The filter joins the period in the URL, so a reload keeps both.
    await eventually(() => new URL(page.url()).searchParams.get('status')).toBe('PENDING');
    await page.getByRole('row').filter({ hasText: openName }).waitFor();
    const pendingOnly = await exportCsv(page);
    expect(pendingOnly.text.split('\r\n').filter((line) => line.includes(surname))).toHaveLength(1);
    // Each paid line carries what Asaas kept and what was left.
    expect(csv.text.split('\r\n').find((line) => line.includes(paidName))).toMatch(/;1,99;397,01$/);

    // 'Divergências': the next scheduled run, and 'Executar agora' whose result lands in the last run's line.
    const divergences = page.locator('#divergencias');
    await divergences.scrollIntoViewIfNeeded();
    await eventually(() => divergences.getByTestId('reconciliation-next-run').textContent()).toMatch(
      /^Próxima conciliação agendada: \d{2}\/\d{2}\/\d{4} 03:00$/,
    );
    await divergences.getByRole('button', { name: 'Executar agora' }).click();
    await toastWith(page, 'Conciliação com o Asaas concluída.');
    await eventually(() => divergences.getByTestId('reconciliation-started-by').textContent()).toMatch(
      /^Iniciada por \S+@\S+ \(Executar agora\)$/,
    );
    await screenshot(page, 'admin-finance-divergences-desktop');
    await page.context().close();
  });

  it('opens a custom period from its link, with the chart and a CSV, on a phone', async () => {
    const page = await adminPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/admin/financeiro?periodo=personalizado&de=${period.from}&ate=${period.to}`);
    await page.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();
    expect(await presetButton(page, 'Personalizado').getAttribute('aria-pressed')).toBe('true');
    await expectPeriodFigures(page);
    await page.getByRole('heading', { name: 'Recebimentos por dia' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-finance-custom-phone');
    await page.getByRole('region', { name: 'Totais do período' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-finance-totals-phone');
    const csv = await exportCsv(page);
    expect(csv.name).toBe('financeiro-2039-05-09-a-2039-05-11.csv');
    expect(csv.text.split('\r\n').filter((line) => line.includes(surname))).toHaveLength(3);

    // 'Executar agora' within the thumb's reach, its answer told, the next run named.
    const divergences = page.locator('#divergencias');
    await divergences.getByRole('button', { name: 'Executar agora' }).scrollIntoViewIfNeeded();
    await divergences.getByTestId('reconciliation-next-run').waitFor();
    await divergences.getByRole('button', { name: 'Executar agora' }).click();
    await toastWith(page, 'Conciliação com o Asaas concluída.');
    await divergences.getByText(/^Iniciada por .+ \(Executar agora\)$/).waitFor();
    await screenshot(page, 'admin-finance-divergences-phone');
    await page.context().close();
  });

  async function expectPeriodFigures(page: Page) {
    // Read together: while a period loads, the last one's figures stay on screen.
    const figures = () =>
      Promise.all(
        [
          'received',
          'received-count',
          'refunded',
          'refunded-count',
          'fees',
          'fees-count',
          'net',
          'net-count',
          'pending',
          'pending-count',
        ].map((id) => page.getByTestId(`finance-${id}`).textContent()),
      );
    await eventually(figures).toEqual([
      'R$ 798,00',
      '2 pagamentos',
      'R$ 399,00',
      '1 estorno',
      'R$ 3,98',
      'de 2 pagamentos',
      // Recebido − Estornado − Taxas Asaas: 798,00 − 399,00 − 3,98.
      'R$ 395,02',
      'Recebido − Estornado − Taxas Asaas',
      'R$ 79,80',
      '1 cobrança em aberto',
    ]);
    await eventually(() => bars(page).count()).toBe(3);
    expect(await refundBars(page).count()).toBe(3);
    // Every figure says the span it counts.
    for (const id of ['received', 'refunded', 'fees', 'net', 'pending']) {
      expect(await page.getByTestId(`finance-${id}-period`).textContent()).toBe('No período: 09/05/2039 a 11/05/2039');
    }
    await page.getByText('Contagens desde o início, de todas as cobranças').waitFor();
    // Now, whatever the period: the contracts waiting for payment add up, with a charge and without one yet.
    const awaiting = () =>
      Promise.all(
        ['awaiting', 'awaiting-charged', 'awaiting-uncharged'].map(async (id) =>
          Number(await page.getByTestId(`counter-${id}`).textContent()),
        ),
      );
    await eventually(async () => {
      const [total, charged, uncharged] = await awaiting();
      return Number.isInteger(total) && total === charged! + uncharged!;
    }).toBe(true);
    expect(await page.getByTestId('finance-chart-summary').textContent()).toBe(
      'R$ 798,00 em 2 dias; maior dia: 09/05/2039 (R$ 399,00). Estornos: R$ 399,00 em 1 dia.',
    );
    // The table that stands in for the chart: every day, a day without receipts as R$ 0,00.
    const table = page.getByRole('table', { name: 'Recebimentos por dia' });
    expect(await table.getByRole('row').count()).toBe(4);
    await searchFor(page, surname);
    for (const name of [paidName, refundedName, openName]) await page.getByText(name).first().waitFor();
  }
});

async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  await toastWith(page, 'CSV exportado');
  // The browser runs as a server of its own: the file is copied here before it is read.
  const path = join(mkdtempSync(join(tmpdir(), 'baixa-csv-')), file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

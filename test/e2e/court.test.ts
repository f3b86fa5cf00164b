import { afterAll, describe, expect, inject, it } from 'vitest';
import { cnjDigits, courtOf } from '../../domain/cnj-number.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { CASE_TIMELINE_MESSAGES } from '../../domain/case-timeline.js';
import { COURT_CASE_LABELS, COURT_MOVEMENT_SENTENCES } from '../../domain/court-movements.js';
import { syncCourtCases } from '../../lambdas/court/court-sync-service.js';
import { createDataJud } from '../../lambdas/providers/datajud.js';
import { connectionsOf } from '../../lambdas/shared/data/connections.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { dataJudControl } from '../../local/services/datajud.js';
import { createCnjNumber } from '../factories.js';
import { writeCourtCaseFields } from '../seeds.js';
import { emailWithSubject, newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { apiCustomer, openDashboardAs } from './customers.js';
import { localTable } from './local-table.js';

const { appUrl, sesUrl, dynamodbEndpoint, datajudUrl, datajudApiKey } = inject('e2e');
const db = localTable(dynamodbEndpoint);
const datajud = dataJudControl(datajudUrl);

afterAll(() => {
  db.client.destroy();
});

/** A signed customer whose process an admin filed with a CNJ number (the admin's route is another branch's). */
async function filedCustomer(name: string) {
  const customer = await apiCustomer({ name });
  const ref = { userId: customer.userId, contractId: customer.contractId };
  const numeroCnj = createCnjNumber();
  await changeProcessStatus(db, { ref, to: 'peticionado', byUser: 'admin-e2e', now: new Date().toISOString() });
  await writeCourtCaseFields(db, ref, {
    numero_cnj: numeroCnj,
    tribunal: courtOf(cnjDigits(numeroCnj)!)!.acronym,
    vara: 'Juizado Especial Cível de São Lourenço',
    peticionado_em: saoPauloDay(new Date()),
  });
  return { ...customer, ref, numeroCnj };
}

/** What EventBridge Scheduler runs a few times a day, run now against the runtime's table and DataJud stand-in. */
const runCourtSync = () =>
  syncCourtCases(
    {
      db,
      clock: () => new Date(),
      datajud: createDataJud({ baseUrl: datajudUrl, apiKey: async () => datajudApiKey }),
      sleep: async () => undefined,
    },
    { pacingMs: 0 },
  );

describe('the case in court: a movement added on DataJud reaches the open dashboard', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('%s: waits for the court, then shows the injunction live with its e-mail', async (label, viewport) => {
    const customer = await filedCustomer(`Cliente Tribunal ${label}`);
    const page = await newPage(viewport);
    const before = await connectionsOf(db, customer.userId, new Date());
    await openDashboardAs(page, customer);

    const card = page.getByTestId('court-case');
    // The run's first dashboard also starts its function cold, on a machine shared with other lanes.
    await expect
      .poll(() => card.getByText(customer.numeroCnj, { exact: true }).isVisible(), { timeout: 90_000 })
      .toBe(true);
    await expect.poll(() => card.getByText(COURT_CASE_LABELS.waiting).isVisible()).toBe(true);
    await expect.poll(() => card.getByText(CASE_TIMELINE_MESSAGES.nextDecision).isVisible()).toBe(true);
    await screenshot(page, `court-waiting-${label}`);

    // The page's live channel is registered before the court moves.
    await expect
      .poll(async () => (await connectionsOf(db, customer.userId, new Date())).some((id) => !before.includes(id)), {
        timeout: 15_000,
      })
      .toBe(true);
    await datajud.addMovement(customer.numeroCnj, { movimento: 'distribuicao' });
    await datajud.addMovement(customer.numeroCnj, { movimento: 'liminar_concedida' });
    await runCourtSync();

    await toastWith(page, 'Status atualizado!');
    await expect
      .poll(() => card.getByText(COURT_MOVEMENT_SENTENCES.liminar_concedida).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => card.getByText(COURT_CASE_LABELS.waiting).count()).toBe(0);
    await expect.poll(() => card.getByText(CASE_TIMELINE_MESSAGES.nextRemoval).isVisible()).toBe(true);
    // Oldest first: the distribution before the injunction.
    const texts = await card.locator('.timeline__step').allInnerTexts();
    const distributed = texts.findIndex((text) => text.includes(COURT_MOVEMENT_SENTENCES.distribuicao));
    const granted = texts.findIndex((text) => text.includes(COURT_MOVEMENT_SENTENCES.liminar_concedida));
    expect(distributed).toBeGreaterThan(0);
    expect(granted).toBeGreaterThan(distributed);
    await screenshot(page, `court-movements-${label}`);

    // One e-mail per movement that matters: the distribution's, then the injunction's.
    const injunction = await emailWithSubject(
      sesUrl,
      customer.email,
      `Novidade no seu processo ${customer.numeroCnj}`,
      2,
    );
    const both = [
      (await emailWithSubject(sesUrl, customer.email, `Novidade no seu processo ${customer.numeroCnj}`, 1)).body?.html,
      injunction.body?.html,
    ].join('');
    expect(both).toContain(COURT_MOVEMENT_SENTENCES.liminar_concedida);
    expect(both).toContain(COURT_MOVEMENT_SENTENCES.distribuicao);

    await page.goto(`${appUrl}/app/historico`);
    await expect
      .poll(() => page.getByText(`${COURT_CASE_LABELS.number} ${customer.numeroCnj} (TJMG)`).first().isVisible())
      .toBe(true);
    await screenshot(page, `court-history-${label}`);
    await page.context().close();
  });
});

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { COURT_MOVEMENT_SENTENCES } from '../../domain/court-movements.js';
import { handler as getDashboard } from '../../lambdas/dashboard/get-dashboard.js';
import { syncCourtCases, type CourtSyncDeps } from '../../lambdas/court/court-sync-service.js';
import { publishChanges } from '../../lambdas/live/publish-changes-service.js';
import { createDataJud } from '../../lambdas/providers/datajud.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import {
  listMovementsAwaitingReview,
  markMovementReviewed,
  type CourtCaseRef,
} from '../../lambdas/shared/data/court.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { dataJudControl, startDataJudStandIn, type DataJudStandIn } from '../../local/services/datajud.js';
import { createEmailAddress, customerClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { guardedTestDb, testDb } from './db.js';
import { DATAJUD_PORT, INTEGRATION_SECRETS, INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedFiledCase } from './seed.js';

/**
 * The court sync against the DataJud stand-in (its real search and answer shapes): movements stored once across runs,
 * the injunction's admin alert once, DataJud's errors and the pacing, and the customer's timeline in order.
 */
const db = testDb();
// The sync runs with only its catalogue grants, as IAM would let it.
const syncDb = guardedTestDb('SyncCourtCases');
let standIn: DataJudStandIn;
const control = dataJudControl(`http://127.0.0.1:${DATAJUD_PORT}`);
const sleeps: number[] = [];

function deps(now: () => Date = () => new Date()): CourtSyncDeps {
  return {
    db: syncDb,
    clock: now,
    datajud: createDataJud({
      baseUrl: `http://127.0.0.1:${DATAJUD_PORT}`,
      apiKey: async () => INTEGRATION_SECRETS.datajudApiKey,
      // The backoff's waits are recorded, never slept: the test proves the policy, not the clock.
      retry: { attempts: 3, baseDelayMs: 2_000, maxDelayMs: 30_000 },
      sleep: async (ms) => void sleeps.push(ms),
    }),
    sleep: async (ms) => void sleeps.push(ms),
  };
}

const movementsOf = async (ref: CourtCaseRef) =>
  (
    await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.customer(ref.userId),
          ':prefix': keys.courtMovementSk(ref.contractId, ''),
        },
      }),
    )
  ).Items ?? [];

const courtCaseOf = async (ref: CourtCaseRef) =>
  (
    await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(ref.userId), sk: keys.courtCaseSk(ref.contractId) },
      }),
    )
  ).Item;

beforeAll(async () => {
  standIn = await startDataJudStandIn({ port: DATAJUD_PORT, apiKey: INTEGRATION_SECRETS.datajudApiKey });
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(async () => {
  sleeps.length = 0;
  await control.clearFaults();
});

describe('a new movement is stored once across runs', () => {
  it('stores each movement the first time, nothing the second, and a later one on the third', async () => {
    const filed = await seedFiledCase(db);
    await control.addMovement(filed.numeroCnj, { movimento: 'distribuicao', dataHora: '2026-11-20T13:00:00Z' });
    await control.addMovement(filed.numeroCnj, { movimento: 'conclusos', dataHora: '2026-11-21T10:00:00Z' });

    await syncCourtCases(deps(), { pacingMs: 2_000 });
    const first = await movementsOf(filed.ref);
    expect(first.map((item) => [item.codigo, item.kind])).toEqual([
      [26, 'distribuicao'],
      [51, 'outro'],
    ]);
    expect(first[0]!.texto).toBe(COURT_MOVEMENT_SENTENCES.distribuicao);
    // Not translated: the court's own words, with its complement.
    expect(first[1]!.texto).toBe('Conclusão — tipo: para decisão');

    await syncCourtCases(deps());
    expect(await movementsOf(filed.ref)).toEqual(first);

    await control.addMovement(filed.numeroCnj, { movimento: 'oficio', dataHora: '2026-11-25T15:00:00Z' });
    await syncCourtCases(deps());
    const third = await movementsOf(filed.ref);
    expect(third).toHaveLength(3);
    expect(third.at(-1)).toMatchObject({ codigo: 60, kind: 'oficio' });
    expect(await courtCaseOf(filed.ref)).toMatchObject({
      ultimo_resultado: 'found',
      orgao_julgador: 'Juizado Especial Cível de São Lourenço',
    });
  });

  it('records a case DataJud does not know yet as not found, without error', async () => {
    const filed = await seedFiledCase(db);
    const outcome = await syncCourtCases(deps());
    expect(outcome.errors).toBe(0);
    expect(await courtCaseOf(filed.ref)).toMatchObject({ ultimo_resultado: 'not_found' });
    expect((await courtCaseOf(filed.ref))?.ultima_resposta_em).toBeTruthy();
    expect(await movementsOf(filed.ref)).toEqual([]);
  });

  it('keeps markup in the court’s words as text, never as markup', async () => {
    const filed = await seedFiledCase(db);
    await control.addMovement(filed.numeroCnj, { codigo: 11010, nome: 'Despacho <script>alert(1)</script><b>x</b>' });
    await syncCourtCases(deps());
    const [movement] = await movementsOf(filed.ref);
    expect(movement!.texto).not.toMatch(/[<>]/);
    expect(movement!.nome).toBe('Despacho <script>alert(1)</script><b>x</b>');
  });
});

describe('an injunction movement alerts the admins once', () => {
  it('raises one alert across runs, and lists the movement for an admin to confirm until reviewed', async () => {
    const filed = await seedFiledCase(db);
    await control.addMovement(filed.numeroCnj, { movimento: 'liminar_concedida', dataHora: '2026-11-22T12:00:00Z' });

    await syncCourtCases(deps());
    await syncCourtCases(deps());

    const refs = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.customer(filed.userId), ':prefix': 'ADMIN_ALERT#' },
      }),
    );
    expect(refs.Items).toHaveLength(1);
    const alertId = String(refs.Items![0]!.alert_id);
    const alert = (
      await db.client.send(
        new GetCommand({
          TableName: db.tableName,
          Key: { pk: keys.adminAlert(alertId), sk: keys.adminAlert(alertId) },
        }),
      )
    ).Item;
    expect(alert?.subject).toBe(`Liminar concedida no processo ${filed.numeroCnj}: confirme o status`);
    // The system suggests, a person decides: the process keeps its status.
    const process = (
      await db.client.send(
        new GetCommand({
          TableName: db.tableName,
          Key: { pk: keys.customer(filed.userId), sk: keys.processSk(filed.contract.id) },
        }),
      )
    ).Item;
    expect(process?.status).toBe('peticionado');

    const [movement] = await movementsOf(filed.ref);
    expect(movement).toMatchObject({ kind: 'liminar_concedida', sugestao_status: 'baixa_deferida' });
    const awaiting = await allAwaitingReview();
    expect(awaiting.filter((item) => item.movement.id === movement!.id)).toHaveLength(1);

    expect(await markMovementReviewed(db, filed.ref, String(movement!.id), new Date().toISOString())).toBe(true);
    expect(await markMovementReviewed(db, filed.ref, String(movement!.id), new Date().toISOString())).toBe(false);
    expect((await allAwaitingReview()).some((item) => item.movement.id === movement!.id)).toBe(false);
  });

  it('does not alert for a denied injunction (the customer is told; no status to confirm)', async () => {
    const filed = await seedFiledCase(db);
    await control.addMovement(filed.numeroCnj, { movimento: 'liminar_negada' });
    await syncCourtCases(deps());
    const [movement] = await movementsOf(filed.ref);
    expect(movement).toMatchObject({ kind: 'liminar_negada', sugestao_status: null });
    expect(movement!.gsi2pk).toBeUndefined();
  });
});

async function allAwaitingReview() {
  const all = [];
  let cursor: string | null = null;
  do {
    const page = await listMovementsAwaitingReview(db, { cursor, limit: 100 });
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

describe('DataJud errors and pacing', () => {
  it('waits the pacing between searches, one search per case per run', async () => {
    const a = await seedFiledCase(db);
    const b = await seedFiledCase(db);
    const before = (await control.searches()).length;
    const outcome = await syncCourtCases(deps(), { pacingMs: 2_000 });
    const searches = (await control.searches()).slice(before);
    expect(searches).toHaveLength(outcome.searched);
    for (const digits of [a.digits, b.digits]) {
      expect(searches.filter((search) => search.numeroProcesso === digits)).toHaveLength(1);
    }
    // Other files' filed cases (any court) share the table and are searched too: these two are TJMG's.
    const ours = searches.filter((search) => [a.digits, b.digits].includes(search.numeroProcesso ?? ''));
    expect(ours.map((search) => search.alias)).toEqual(['api_publica_tjmg', 'api_publica_tjmg']);
    // One pause before every search but the first, each the pacing.
    expect(sleeps).toEqual(Array.from({ length: outcome.searched - 1 }, () => 2_000));
  });

  it('records a 500 as an error and goes on; the next run reads the case', async () => {
    const filed = await seedFiledCase(db);
    await control.addMovement(filed.numeroCnj, { movimento: 'distribuicao' });
    await control.fail('500', 10_000);
    const failed = await syncCourtCases(deps());
    expect(failed.errors).toBe(failed.searched);
    expect(failed.stoppedEarly).toBeNull();
    expect(await courtCaseOf(filed.ref)).toMatchObject({ ultimo_resultado: 'error' });
    expect((await courtCaseOf(filed.ref))?.ultima_resposta_em).toBeUndefined();
    // Each search retried with backoff (full jitter below 2 s, then 4 s) before giving up.
    expect(sleeps.some((ms) => ms > 0 && ms <= 4_000)).toBe(true);

    await control.clearFaults();
    await syncCourtCases(deps());
    expect(await courtCaseOf(filed.ref)).toMatchObject({ ultimo_resultado: 'found' });
    expect(await movementsOf(filed.ref)).toHaveLength(1);
  });

  it('stops the run at a 429 that outlasts the backoff, and asks the cases it did not reach first next time', async () => {
    const filed = await seedFiledCase(db);
    await control.fail('429', 10_000);
    const limited = await syncCourtCases(deps());
    expect(limited.stoppedEarly).toBe('rate_limited');
    expect(limited.searched).toBe(1);
    // Three attempts of that one search, nothing more.
    expect((await control.searches()).filter((search) => search.status === 429).length).toBeGreaterThanOrEqual(3);

    await control.clearFaults();
    const before = (await control.searches()).length;
    await syncCourtCases(deps());
    const next = (await control.searches()).slice(before);
    expect(next.some((search) => search.numeroProcesso === filed.digits)).toBe(true);
  });

  it('records a malformed document as an error, and counts a case unanswered for two days', async () => {
    const filed = await seedFiledCase(db);
    await control.fail('malformed', 10_000);
    const threeDaysLater = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const outcome = await syncCourtCases(deps(() => threeDaysLater));
    expect(outcome.errors).toBe(outcome.searched);
    expect(outcome.unanswered).toBeGreaterThanOrEqual(1);
    expect(await courtCaseOf(filed.ref)).toMatchObject({ ultimo_resultado: 'error' });
  });
});

describe('the customer’s timeline', () => {
  it('shows the movements oldest first with the case’s last answer, and tells the customer once per movement that matters', async () => {
    const email = createEmailAddress('tribunal');
    const filed = await seedFiledCase(db, { email });
    await control.addMovement(filed.numeroCnj, { movimento: 'liminar_concedida', dataHora: '2026-11-24T12:00:00Z' });
    await control.addMovement(filed.numeroCnj, { movimento: 'distribuicao', dataHora: '2026-11-20T12:00:00Z' });
    await control.addMovement(filed.numeroCnj, { movimento: 'conclusos', dataHora: '2026-11-22T12:00:00Z' });
    await syncCourtCases(deps());

    const dashboard = okBody(
      await callRoute(getDashboardRoute, getDashboard, { claims: customerClaims(filed.userId, email) }),
    );
    expect(dashboard.movements.map((movement) => movement.kind)).toEqual([
      'distribuicao',
      'outro',
      'liminar_concedida',
    ]);
    expect(dashboard.courtCases).toEqual([expect.objectContaining({ ultimo_resultado: 'found' })]);
    expect(dashboard.processes[0]).toMatchObject({ numero_cnj: filed.numeroCnj, tribunal: 'TJMG' });

    // The stream consumer, as Lambda's event source hands it the movements' inserts (twice: a redelivery).
    const records = (await movementsOf(filed.ref)).map((item, index): DynamoDBRecord => ({
      eventID: String(index),
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: String(index),
        NewImage: marshall(item, { removeUndefinedValues: true }) as never,
      },
    }));
    const consumer = {
      db,
      clock: () => new Date(),
      push: async () => 'gone' as const,
      sendEmail: createSesEmailSender({ from: INTEGRATION_SENDER }),
      admins: { adminEmails: async () => [] },
      appUrl: 'http://127.0.0.1:5173',
    };
    expect(await publishChanges(consumer, records)).toEqual({ batchItemFailures: [] });
    expect(await publishChanges(consumer, records)).toEqual({ batchItemFailures: [] });
    const subjects = (await emailsTo(email)).map((mail) => mail.subject);
    // Distribution and the injunction: two e-mails, once each; the clerk's note none.
    expect(subjects.filter((subject) => subject === `Novidade no seu processo ${filed.numeroCnj}`)).toHaveLength(2);
  });
});

import { cnjDigits, courtOf } from '../../domain/cnj-number.js';
import { translateCourtMovement } from '../../domain/court-movements.js';
import { PROCESS_STATUS_LABELS } from '../../domain/process-status.js';
import type { CourtMovement } from '../../domain/schemas/entities.js';
import { DataJudUnavailableError, type DataJud, type DataJudCase } from '../providers/datajud.js';
import type { Clock } from '../shared/clock.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import {
  courtCasesOf,
  courtMovementId,
  listFiledCases,
  recordCourtAnswer,
  storeCourtMovement,
  type FiledCase,
} from '../shared/data/court.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { countMetric, METRIC } from '../shared/metrics.js';

export type CourtSyncDeps = {
  db: Db;
  clock: Clock;
  datajud: DataJud;
  sleep: (ms: number) => Promise<void>;
};

/**
 * The pacing: one search per case per run, at least this long apart. DataJud publishes no quota for its public key
 * but throttles bursts with 429; two seconds apart is 1,800 cases an hour, well inside a run of a few hundred open
 * cases, and far gentler than any person using its portal. docs/decisions.md (Court movements from DataJud).
 */
export const COURT_SYNC_PACING_MS = 2_000;

/** A case with no answer from DataJud (found or not found) for this long raises the alarm (CourtCasesUnanswered). */
export const COURT_SYNC_UNANSWERED_MS = 2 * 24 * 3600 * 1000;

export type CourtSyncOutcome = {
  cases: number;
  searched: number;
  found: number;
  notFound: number;
  errors: number;
  movementsStored: number;
  alertsRaised: number;
  /** Cases with no answer for two days (the alarm's metric). */
  unanswered: number;
  /** Set when the run stopped before every case: DataJud kept answering 429, or the deadline came. */
  stoppedEarly: 'rate_limited' | 'deadline' | null;
};

/**
 * One run of the court sync (EventBridge Scheduler, a few times a day; `npm run court-sync` locally): asks DataJud for
 * every filed case with a CNJ number, least recently asked first, one search per case, paced; stores each new movement
 * once (its id is derived from the movement); tells the admins once of an injunction granted or revoked; records each
 * case's last answer. A case DataJud does not know yet is 'aguardando o tribunal', not an error. An error on one case
 * is recorded and the run goes on; a 429 that outlasts the client's backoff ends the run (the next one resumes with
 * the cases this one did not reach, as they are then the least recently asked).
 */
export async function syncCourtCases(
  deps: CourtSyncDeps,
  options: { deadline?: Date; pacingMs?: number } = {},
): Promise<CourtSyncOutcome> {
  const pacingMs = options.pacingMs ?? COURT_SYNC_PACING_MS;
  const filed = await listFiledCases(deps.db);
  const records = await courtCasesOf(deps.db, filed);
  const lastAsked = (found: FiledCase) => records.get(found.contractId)?.ultima_tentativa_em ?? '';
  const queue = [...filed].sort((a, b) => lastAsked(a).localeCompare(lastAsked(b)));

  const outcome: CourtSyncOutcome = {
    cases: filed.length,
    searched: 0,
    found: 0,
    notFound: 0,
    errors: 0,
    movementsStored: 0,
    alertsRaised: 0,
    unanswered: 0,
    stoppedEarly: null,
  };
  const answeredAt = new Map<string, string | null>();

  for (const found of queue) {
    if (options.deadline && deps.clock() >= options.deadline) {
      outcome.stoppedEarly = 'deadline';
      break;
    }
    const digits = cnjDigits(found.process.numero_cnj);
    const court = digits ? courtOf(digits) : undefined;
    if (!digits || !court) {
      // The number was validated when it was stored; one that no longer parses is a person's to fix, never DataJud's.
      logger.error('Filed case with an unusable CNJ number', { contractId: found.contractId });
      continue;
    }
    if (outcome.searched > 0) await deps.sleep(pacingMs);
    outcome.searched += 1;
    const now = deps.clock().toISOString();
    try {
      const answer = await deps.datajud.findCase(court.datajudAlias, digits);
      if (!answer) {
        outcome.notFound += 1;
        await recordCourtAnswer(deps.db, found, { outcome: 'not_found' }, now);
      } else {
        outcome.found += 1;
        const stored = await storeMovements(deps, found, answer, now);
        outcome.movementsStored += stored.movements;
        outcome.alertsRaised += stored.alerts;
        await recordCourtAnswer(
          deps.db,
          found,
          {
            outcome: 'found',
            classe: answer.classe,
            orgaoJulgador: answer.orgaoJulgador,
            dataAjuizamento: answer.dataAjuizamento,
          },
          now,
        );
      }
      answeredAt.set(found.contractId, now);
    } catch (error) {
      if (!(error instanceof DataJudUnavailableError)) throw error;
      outcome.errors += 1;
      logger.warn('DataJud gave no usable answer for a case', { contractId: found.contractId, reason: error.reason });
      await recordCourtAnswer(deps.db, found, { outcome: 'error' }, now);
      if (error.reason === 'rate_limited') {
        outcome.stoppedEarly = 'rate_limited';
        break;
      }
    }
  }

  // Every filed case counts, the ones this run did not reach too: two days without an answer is the alarm.
  const now = deps.clock().getTime();
  for (const found of filed) {
    const record = records.get(found.contractId);
    const lastAnswer = answeredAt.has(found.contractId)
      ? answeredAt.get(found.contractId)
      : (record?.ultima_resposta_em ?? null);
    const since = lastAnswer ?? record?.primeira_tentativa_em ?? found.process.updated_at;
    if (now - new Date(since).getTime() >= COURT_SYNC_UNANSWERED_MS) outcome.unanswered += 1;
  }
  countMetric(METRIC.courtMovementsStored, outcome.movementsStored);
  countMetric(METRIC.courtCasesUnanswered, outcome.unanswered);
  return outcome;
}

/**
 * Each movement of the answer not stored yet, oldest first. An injunction granted or revoked raises its admin alert
 * before the movement is stored: the alert's id is deterministic, so a run that fails in between raises it again as a
 * no-op, and a stored movement always has its alert.
 */
async function storeMovements(
  deps: CourtSyncDeps,
  found: FiledCase,
  answer: DataJudCase,
  now: string,
): Promise<{ movements: number; alerts: number }> {
  let movements = 0;
  let alerts = 0;
  const ordered = [...answer.movimentos].sort((a, b) => a.dataHora.localeCompare(b.dataHora));
  for (const raw of ordered) {
    const meaning = translateCourtMovement(raw);
    const movement: CourtMovement = {
      id: courtMovementId({
        data_hora: raw.dataHora,
        codigo: raw.codigo,
        nome: raw.nome,
        complementos: raw.complementos,
      }),
      contrato_id: found.contractId,
      codigo: raw.codigo,
      nome: raw.nome,
      complementos: raw.complementos,
      data_hora: raw.dataHora,
      kind: meaning.kind,
      texto: meaning.text,
      sugestao_status: meaning.suggestedStatus,
      revisado_em: null,
      created_at: now,
    };
    if (meaning.suggestedStatus) {
      const raised = await raiseAdminAlert(
        deps.db,
        {
          id: `movimento-liminar#${found.contractId}#${movement.id}`,
          userId: found.userId,
          subject:
            meaning.kind === 'liminar_concedida'
              ? `Liminar concedida no processo ${found.process.numero_cnj}: confirme o status`
              : `Liminar revogada no processo ${found.process.numero_cnj}: confirme o status`,
          paragraphs: [
            `O tribunal (${answer.tribunal || found.process.tribunal || 'DataJud'}) registrou em ${raw.dataHora.slice(0, 10)}: "${movement.texto}" (movimento ${raw.codigo ?? 'sem código'}, ${raw.nome}).`,
            `Status sugerido: ${PROCESS_STATUS_LABELS[meaning.suggestedStatus]}. O sistema não muda o status sozinho: confira a decisão nos autos e altere o status do processo se ela se confirmar.`,
          ],
          actionPath: '/admin/processos',
          actionLabel: 'Abrir processos',
        },
        now,
      );
      if (raised === 'raised') alerts += 1;
    }
    if ((await storeCourtMovement(deps.db, found, movement)) === 'stored') movements += 1;
  }
  return { movements, alerts };
}

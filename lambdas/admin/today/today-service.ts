import type { TodayItem, TodayQueue } from '../../../domain/api/admin-today.js';
import { chargeStatusLabel, isChargePaid } from '../../../domain/charge-status.js';
import { addCalendarDays, saoPauloDay } from '../../../domain/sao-paulo-calendar.js';
import { filingDeadline, filingForecastOf } from '../../../domain/filing.js';
import { formatDay } from '../../../domain/dates.js';
import { kitChecklist } from '../../../domain/filing-kit.js';
import { DIVERGENCE_LABELS } from '../../../domain/reconciliation.js';
import { chargeSchema, processSchema, type Charge } from '../../../domain/schemas/entities.js';
import {
  filingDeadlineLabel,
  LGPD_ANSWER_DAYS,
  TODAY_ITEMS_PER_QUEUE,
  TODAY_MESSAGES,
  TODAY_QUEUE_IDS,
  TODAY_QUEUES,
  type TodayQueueId,
} from '../../../domain/today.js';
import type { Clock } from '../../shared/clock.js';
import { everyInStatus, rowContextOf, type Owned } from '../../shared/data/admin-lists.js';
import { listMovementsAwaitingReview } from '../../shared/data/court.js';
import { openErasureRequests } from '../../shared/data/data-rights.js';
import { countKitItemsAwaitingReview, kitItemsAwaitingReview } from '../../shared/data/filing-kit.js';
import { listOrphanPayments } from '../../shared/data/orphan-payments.js';
import { listDivergences, type Divergence } from '../../shared/data/reconciliation.js';
import type { Db } from '../../shared/data/table.js';
import { getProfileByUser } from '../../shared/data/customers.js';
import { openWhatsAppReplies } from '../../shared/data/whatsapp.js';
import { processRow } from '../processes/admin-processes-service.js';

export type TodayDeps = { db: Db; clock: Clock };

/** A source of one queue: reads its whole count and its oldest items. */
export type TodaySource = { id: TodayQueueId; read: (deps: TodayDeps) => Promise<TodayQueue> };

/** A queue from its items, oldest first: the count, how many are late, the first few. */
function queueOf(id: TodayQueueId, items: TodayItem[]): TodayQueue {
  const sorted = [...items].sort((a, b) => a.since.localeCompare(b.since));
  return {
    id,
    count: sorted.length,
    late: sorted.filter((item) => item.deadline?.late).length,
    items: sorted.slice(0, TODAY_ITEMS_PER_QUEUE),
  };
}

const clientPage = (profileId: string | undefined, fallback: string) =>
  profileId ? `/admin/clientes/${profileId}` : fallback;

/**
 * Ready and not filed (pattern 80 over `PROCESS_STATUS#em_analise`): business days left to the filing forecast (spec 02 §9),
 * late ones in red; the oldest forecast first. The shown items carry their row, so 'Hoje' files them itself.
 */
const filingSource: TodaySource = {
  id: 'prazos',
  async read({ db, clock }) {
    const now = clock();
    // Ready to file: paid and the filing kit approved ('em_analise'); the forecast counts from the later of the two
    // (domain/filing.ts, filingPromise). A paid process still waiting for its documents is the customer's turn.
    const paid = (await everyInStatus(db, 'PROCESS', 'em_analise')).map(({ userId, entity }) => ({
      userId,
      process: processSchema.parse(entity),
    }));
    const byForecast = paid.sort(
      (a, b) => filingForecastOf(a.process).getTime() - filingForecastOf(b.process).getTime(),
    );
    const shown = byForecast.slice(0, TODAY_ITEMS_PER_QUEUE);
    const context = await rowContextOf(
      db,
      shown.map(({ userId, process }) => ({ userId, contractId: process.contrato_id })),
      { latestCharges: true },
    );
    const items = byForecast.map(({ userId, process }, index): TodayItem => {
      const forecast = filingForecastOf(process);
      const key = `${userId}#${process.contrato_id}`;
      const profile = context.profiles.get(userId);
      const row =
        index < shown.length
          ? processRow(userId, process, profile, context.contracts.get(key), context.latestChargeStatus.get(key))
          : null;
      return {
        id: process.id,
        title: row?.protocolo ?? process.id,
        subtitle: profile?.nome_completo ?? null,
        href: clientPage(profile?.id, TODAY_QUEUES.prazos.href),
        since: forecast.toISOString(),
        // Business days are walked day by day: counted for the shown items only; the rest need only late or not.
        deadline: row
          ? filingDeadlineLabel(forecast, now)
          : { label: '', late: now.getTime() >= filingDeadline(forecast).getTime() },
        process: row,
      };
    });
    return queueOf('prazos', items);
  },
};

/** Charge items with their protocol and client (one BatchGetItem for the shown ones). */
async function chargeItems(db: Db, charges: Owned<Charge>[], words: (charge: Charge) => string): Promise<TodayItem[]> {
  const context = await rowContextOf(
    db,
    charges.map(({ userId, entity }) => ({ userId, contractId: entity.contrato_id })),
  );
  return charges.map(({ userId, entity }) => {
    const profile = context.profiles.get(userId);
    const protocolo = context.contracts.get(`${userId}#${entity.contrato_id}`)?.protocolo;
    return {
      id: entity.id,
      title: protocolo ?? entity.asaas_id ?? entity.id,
      subtitle: [profile?.nome_completo, words(entity)].filter(Boolean).join(' · '),
      href: clientPage(profile?.id, TODAY_QUEUES.estornos.href),
      since: entity.updated_at,
      deadline: null,
      process: null,
    };
  });
}

/** Every divergence (pattern 55 b, walked whole: the list stays short because each is settled). */
async function everyDivergence(db: Db): Promise<Divergence[]> {
  const all: Divergence[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listDivergences(db, { limit: 100, cursor });
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

const divergenceItem = (divergence: Divergence): TodayItem => ({
  id: `${divergence.asaas_id}#${divergence.kind}`,
  title: divergence.asaas_id,
  subtitle: DIVERGENCE_LABELS[divergence.kind],
  href: TODAY_QUEUES.divergencias.href,
  since: divergence.first_seen_at,
  deadline: null,
  process: null,
});

/**
 * Refunds under way (pattern 80 over `CHARGE_STATUS#REFUND_REQUESTED` and `#REFUND_IN_PROGRESS`) and refused: money a
 * cancelled contract still holds, as the reconciliation records it (divergence 'cancelled_paid').
 */
const refundsSource: TodaySource = {
  id: 'estornos',
  async read({ db }) {
    const underWay = (
      await Promise.all(['REFUND_REQUESTED', 'REFUND_IN_PROGRESS'].map((s) => everyInStatus(db, 'CHARGE', s)))
    )
      .flat()
      .map(({ userId, entity }) => ({ userId, entity: chargeSchema.parse(entity) }));
    const held = (await everyDivergence(db)).filter((d) => d.kind === 'cancelled_paid');
    const items = await chargeItems(db, underWay, (charge) => chargeStatusLabel(charge.status));
    return queueOf('estornos', [...items, ...held.map(divergenceItem)]);
  },
};

/** The reconciliation's other divergences (pattern 55 b) and the orphan payments still holding money (pattern 48). */
const divergencesSource: TodaySource = {
  id: 'divergencias',
  async read({ db }) {
    const divergences = (await everyDivergence(db)).filter((d) => d.kind !== 'cancelled_paid');
    const orphans = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await listOrphanPayments(db, { limit: 100, cursor });
      orphans.push(...page.items.filter((orphan) => isChargePaid(orphan.status)));
      cursor = page.cursor;
    } while (cursor);
    return queueOf('divergencias', [
      ...divergences.map(divergenceItem),
      ...orphans.map((orphan): TodayItem => ({
        id: orphan.asaasId,
        title: orphan.asaasId,
        subtitle: 'Pagamento sem cobrança',
        href: TODAY_QUEUES.divergencias.href,
        since: orphan.firstSeenAt,
        deadline: null,
        process: null,
      })),
    ]);
  },
};

/** Erasure requests waiting for their answer (pattern 81), with the 15 days LGPD art. 19 gives. */
const lgpdSource: TodaySource = {
  id: 'lgpd',
  async read({ db, clock }) {
    const today = saoPauloDay(clock());
    const requests = await openErasureRequests(db);
    return queueOf(
      'lgpd',
      requests.map((request): TodayItem => {
        const due = addCalendarDays(saoPauloDay(new Date(request.created_at)), LGPD_ANSWER_DAYS);
        const late = today > due;
        return {
          id: request.protocolo,
          title: request.protocolo,
          subtitle: request.nome_completo,
          href: TODAY_QUEUES.lgpd.href,
          since: request.created_at,
          deadline: {
            label: late ? TODAY_MESSAGES.lgpdLate(formatDay(due)) : TODAY_MESSAGES.lgpdDeadline(formatDay(due)),
            late,
          },
          process: null,
        };
      }),
    );
  },
};

/** Every title a kit item may have, by its key (the CPF and CNPJ checklists share most keys). */
const KIT_ITEM_TITLES = new Map(
  [...kitChecklist('cpf'), ...kitChecklist('cnpj')].map((item) => [item.key, item.title] as const),
);

/**
 * The filing kit's files awaiting a lawyer (pattern 73, oldest first): the count of the whole queue, the oldest few
 * with their client, each linking to the case file where it is reviewed.
 */
const documentsSource: TodaySource = {
  id: 'documentos',
  async read({ db }) {
    const [count, { entries }] = await Promise.all([
      countKitItemsAwaitingReview(db),
      kitItemsAwaitingReview(db, { limit: TODAY_ITEMS_PER_QUEUE }),
    ]);
    const context = await rowContextOf(db, entries);
    const items = entries.map((entry): TodayItem => {
      const profile = context.profiles.get(entry.userId);
      return {
        id: `${entry.userId}#${entry.contractId}#${entry.key}`,
        title: KIT_ITEM_TITLES.get(entry.key) ?? entry.key,
        subtitle: [profile?.nome_completo, context.contracts.get(`${entry.userId}#${entry.contractId}`)?.protocolo]
          .filter(Boolean)
          .join(' · '),
        href: clientPage(profile?.id, TODAY_QUEUES.documentos.href),
        since: entry.sentAt,
        deadline: null,
        process: null,
      };
    });
    return { ...queueOf('documentos', items), count };
  },
};

/**
 * Court movements whose suggested status (an injunction granted or revoked) awaits an admin (pattern 79, oldest
 * first), walked whole: each leaves the queue once confirmed, so it stays short.
 */
const injunctionsSource: TodaySource = {
  id: 'liminares',
  async read({ db }) {
    const awaiting = [];
    let cursor: string | null = null;
    do {
      const page = await listMovementsAwaitingReview(db, { limit: 100, cursor });
      awaiting.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    const context = await rowContextOf(db, awaiting.slice(0, TODAY_ITEMS_PER_QUEUE));
    return queueOf(
      'liminares',
      awaiting.map(({ userId, contractId, movement }): TodayItem => {
        const profile = context.profiles.get(userId);
        return {
          id: movement.id,
          title: context.contracts.get(`${userId}#${contractId}`)?.protocolo ?? movement.texto,
          subtitle: [profile?.nome_completo, movement.texto].filter(Boolean).join(' · '),
          href: clientPage(profile?.id, TODAY_QUEUES.liminares.href),
          since: movement.data_hora,
          deadline: null,
          process: null,
        };
      }),
    );
  },
};

/**
 * WhatsApp replies no admin has marked answered (pattern 97's sparse index), oldest first, each linking to its
 * client's case file, where the reply is read and answered from WhatsApp.
 */
const repliesSource: TodaySource = {
  id: 'respostas',
  async read({ db }) {
    const open = await openWhatsAppReplies(db);
    const oldest = [...open].sort((a, b) => a.at.localeCompare(b.at)).slice(0, TODAY_ITEMS_PER_QUEUE);
    const profiles = new Map(
      await Promise.all(
        [...new Set(oldest.map((reply) => reply.userId))].map(
          async (userId) => [userId, await getProfileByUser(db, userId)] as const,
        ),
      ),
    );
    return queueOf(
      'respostas',
      open.map((reply): TodayItem => {
        const profile = profiles.get(reply.userId);
        return {
          id: reply.id,
          title: profile?.nome_completo ?? TODAY_QUEUES.respostas.title,
          subtitle: reply.text.length > 120 ? `${reply.text.slice(0, 119)}…` : reply.text,
          href: clientPage(profile?.id, TODAY_QUEUES.respostas.href),
          since: reply.at,
          deadline: null,
          process: null,
        };
      }),
    );
  },
};

/**
 * The queues 'Hoje' reads, by id. 'respostas' (WhatsApp) plugs in as one more source here; its words are already in
 * domain/today.ts.
 */
export const TODAY_SOURCES: readonly TodaySource[] = [
  filingSource,
  documentsSource,
  refundsSource,
  divergencesSource,
  injunctionsSource,
  lgpdSource,
  repliesSource,
];

/** 'Hoje': every source read at once, in the queues' order. */
export async function getAdminToday(
  deps: TodayDeps,
  sources: readonly TodaySource[] = TODAY_SOURCES,
): Promise<{ queues: TodayQueue[] }> {
  const queues = await Promise.all(sources.map((source) => source.read(deps)));
  return { queues: queues.sort((a, b) => TODAY_QUEUE_IDS.indexOf(a.id) - TODAY_QUEUE_IDS.indexOf(b.id)) };
}

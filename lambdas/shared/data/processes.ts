import { statusMoveItems } from './status-moves.js';
import { cnjSearchToken } from '../../../domain/search-tokens.js';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import type { ProcessStatus } from '../../../domain/process-status.js';
import { processSchema, type Process, type StatusHistoryInternal } from '../../../domain/schemas/entities.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { ITEM_TYPE } from './items.js';
import { COUNTERS, keys, statusIndexKeys, typeIndexKeys } from './keys.js';
import { isConditionFailure, stripKeys, type Db, type TransactItem } from './table.js';
import { refusal } from '../../../domain/refusals.js';

export type ProcessRef = { userId: string; contractId: string };

/** The process item: the customer's collection, listed on gsi1 (all) and gsi2 (by status) for the admin. */
export function processItem(userId: string, process: Process) {
  return {
    pk: keys.customer(userId),
    sk: keys.processSk(process.contrato_id),
    type: 'PROCESS',
    user_id: userId,
    ...typeIndexKeys('PROCESS', process.created_at, process.id),
    ...statusIndexKeys('PROCESS', process.status, process.updated_at, process.id),
    ...process,
  };
}

/** One status change of a process (spec `historico_status`), kept in the customer's collection. */
export function historyItem(
  ref: ProcessRef,
  change: {
    id: string;
    processId: string;
    from: string;
    to: string;
    obs: string | null;
    byUser: string;
    at: string;
    /** The admin's side of the change, never shown to the customer (`adminStatusHistorySchema`). */
    internal?: StatusHistoryInternal;
  },
) {
  return {
    ...change.internal,
    pk: keys.customer(ref.userId),
    sk: keys.historySk(ref.contractId, change.at, change.id),
    type: ITEM_TYPE.history,
    processo_id: change.processId,
    de: change.from,
    para: change.to,
    obs: change.obs,
    by_user: change.byUser,
    created_at: change.at,
  };
}

export async function getProcess(db: Db, ref: ProcessRef): Promise<Process | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
      ConsistentRead: true,
    }),
  );
  return Item ? processSchema.parse(stripKeys(Item)) : null;
}

type ChangeStatusParams = {
  ref: ProcessRef;
  to: ProcessStatus;
  byUser: string;
  obs?: string | null;
  previsao?: string | null;
  /** The charge whose payment this change confirms (a move to 'pago'). */
  paidChargeId?: string;
  /** When the filing kit was approved (a move to 'em_analise'): `kit_aprovado_em`. */
  kitApprovedAt?: string;
  /** The court case of a move to 'peticionado' (numero_cnj, tribunal, vara, peticionado_em), written with it. */
  courtCase?: Partial<Pick<Process, 'numero_cnj' | 'tribunal' | 'vara' | 'peticionado_em'>>;
  /** The instant `baixa_deferida_em` / `baixa_caiu_em` take when the move sets them (the decision's day); `now` else. */
  baixaAt?: string;
  /** The reason, warnings and internal note of an admin's move, kept on its history record. */
  internal?: StatusHistoryInternal;
  now: string;
  newId?: () => string;
  /**
   * More items written in the same transaction as an actual status change (e.g. the admin's audit record), built
   * from the process as read — the state the change is conditioned on. Not called when nothing changes.
   */
  extraItems?: (current: Process) => TransactItem[];
  /**
   * The status the caller decided on (a withdrawal's eligibility): the change is conditioned on it, not on a fresher
   * read, so a process filed in between refuses the change (ConflictError) instead of being moved past its filing.
   */
  expectedFrom?: ProcessStatus;
};

/**
 * Pattern 13: a status change writes the process, its history record and the status counters
 * together (with a court case's CNJ number, its search token, pattern 86). It is conditioned on the status read, so two concurrent changes cannot both apply.
 * On baixa_deferida / baixa_caiu the matching date is set only if still empty (spec 02 §4).
 */
export async function changeProcessStatus(db: Db, params: ChangeStatusParams): Promise<Process> {
  const current = await getProcess(db, params.ref);
  if (!current) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
  if (params.expectedFrom !== undefined && current.status !== params.expectedFrom) {
    throw new ConflictError(refusal('changed_concurrently', PROCESS_MESSAGES.changedConcurrently));
  }
  if (current.status === params.to && params.previsao === undefined) return current;

  const { ref, to, now } = params;
  const historyId = (params.newId ?? ulid)();
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  // Decided from the read item (stored as NULL, which if_not_exists would treat as present);
  // the status condition of the move makes the read and the write one step.
  const setsBaixa =
    (to === 'baixa_deferida' && !current.baixa_deferida_em) || (to === 'baixa_caiu' && !current.baixa_caiu_em);
  if (setsBaixa) {
    sets.push(`${to}_em = :baixaAt`);
    values[':baixaAt'] = params.baixaAt ?? now;
  }
  for (const [field, value] of Object.entries(params.courtCase ?? {})) {
    if (value === undefined) continue;
    sets.push(`${field} = :court_${field}`);
    values[`:court_${field}`] = value;
  }
  if (params.previsao !== undefined) {
    sets.push('previsao = :previsao');
    values[':previsao'] = params.previsao;
  }
  if (params.paidChargeId !== undefined) {
    sets.push('paid_charge_id = :paidCharge');
    values[':paidCharge'] = params.paidChargeId;
  }
  if (params.kitApprovedAt !== undefined) {
    sets.push('kit_aprovado_em = :kitApprovedAt');
    values[':kitApprovedAt'] = params.kitApprovedAt;
  }
  if (params.obs !== undefined) {
    sets.push('observacoes = :obs');
    values[':obs'] = params.obs;
  }
  const statusChanged = current.status !== to;
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          ...statusMoveItems(db.tableName, {
            key: { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
            entity: 'PROCESS',
            id: current.id,
            from: current.status,
            to,
            at: now,
            set: sets,
            values,
            condition: 'attribute_exists(pk)',
            counter: COUNTERS.processes,
          }),
          ...(statusChanged
            ? [
                {
                  Put: {
                    TableName: db.tableName,
                    Item: historyItem(ref, {
                      id: historyId,
                      processId: current.id,
                      from: current.status,
                      to,
                      obs: params.obs ?? null,
                      byUser: params.byUser,
                      at: now,
                      internal: params.internal,
                    }),
                  },
                },
                ...(params.extraItems?.(current) ?? []),
              ]
            : []),
          // The admin search finds the case by its CNJ number from the moment it is recorded (pattern 86).
          ...(params.courtCase?.numero_cnj
            ? [{ Put: { TableName: db.tableName, Item: cnjSearchTokenItem(ref.userId, params.courtCase.numero_cnj) } }]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError(refusal('changed_concurrently', PROCESS_MESSAGES.changedConcurrently));
    throw error;
  }
  return (await getProcess(db, ref))!;
}

/**
 * Pattern 86: the admin search's token of a process's court case (its CNJ number's digits), in the clients' search
 * partitions. The move to 'peticionado' that records `numero_cnj` puts it in its own transaction (a Put, idempotent);
 * pattern 28 deletes it with the client.
 */
export function cnjSearchTokenItem(userId: string, numeroCnj: string) {
  const token = cnjSearchToken(numeroCnj);
  return {
    pk: keys.searchPartition('CLIENT', token),
    sk: keys.searchSk(token, userId),
    type: 'SEARCH_TOKEN',
    user_id: userId,
  };
}

import { createHash } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FILED_PROCESS_STATUSES } from '../../../domain/process-status.js';
import {
  courtCaseSchema,
  courtMovementSchema,
  processSchema,
  type CourtCase,
  type CourtMovement,
  type Process,
} from '../../../domain/schemas/entities.js';
import type { Page } from './admin-lists.js';
import { ITEM_TYPE } from './items.js';
import { keys } from './keys.js';
import { GSI2 } from './table.js';
import {
  appliedUnlessConditionFails,
  batchGetAll,
  decodeCursor,
  encodeCursor,
  queryAllItems,
  stripKeys,
  type Db,
} from './table.js';

export type CourtCaseRef = { userId: string; contractId: string };

/** A filed process with a case number: what the court sync asks DataJud about. */
export type FiledCase = CourtCaseRef & { process: Process & { numero_cnj: string } };

/**
 * Pattern 76: every filed process with a CNJ number (the FILED statuses' gsi2 partitions, all pages). Grows with the
 * open cases only: a closed one ('encerrado') leaves these partitions.
 */
export async function listFiledCases(db: Db): Promise<FiledCase[]> {
  const cases: FiledCase[] = [];
  for (const status of FILED_PROCESS_STATUSES) {
    const items = await queryAllItems(db, {
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.statusList('PROCESS', status) },
    });
    for (const item of items) {
      const process = processSchema.parse(stripKeys(item));
      if (!process.numero_cnj || typeof item.user_id !== 'string') continue;
      cases.push({
        userId: item.user_id,
        contractId: process.contrato_id,
        process: { ...process, numero_cnj: process.numero_cnj },
      });
    }
  }
  return cases;
}

/** A movement's id: its time, code and words hashed, so the same movement read again is the same item. */
export function courtMovementId(movement: {
  data_hora: string;
  codigo: number | null;
  nome: string;
  complementos: readonly string[];
}): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([movement.codigo, movement.nome, movement.complementos]))
    .digest('hex')
    .slice(0, 16);
  return `${movement.data_hora}#${digest}`;
}

/**
 * Pattern 77: stores a movement unless it is already stored ('exists'): a conditional Put, so runs, retries and two
 * runs at once write it once. One awaiting an admin's review is listed on gsi2 (pattern 79).
 */
export async function storeCourtMovement(
  db: Db,
  ref: CourtCaseRef,
  movement: CourtMovement,
): Promise<'stored' | 'exists'> {
  const awaitingReview = movement.sugestao_status !== null && !movement.revisado_em;
  const stored = await appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          pk: keys.customer(ref.userId),
          sk: keys.courtMovementSk(ref.contractId, movement.id),
          type: ITEM_TYPE.courtMovement,
          user_id: ref.userId,
          ...(awaitingReview
            ? { gsi2pk: keys.courtReviewList, gsi2sk: keys.listSort(movement.created_at, movement.id) }
            : {}),
          ...movement,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return stored ? 'stored' : 'exists';
}

/** What one sync attempt learned about a case. */
export type CourtAnswer =
  | {
      outcome: 'found';
      classe: string | null;
      orgaoJulgador: string | null;
      dataAjuizamento: string | null;
    }
  | { outcome: 'not_found' }
  | { outcome: 'error' };

/**
 * Pattern 78: records the last attempt on a case and, when DataJud answered (found or not), the last answer's time;
 * the first attempt's time is kept (the two-day "no answer" alarm counts from it until a first answer).
 */
export async function recordCourtAnswer(db: Db, ref: CourtCaseRef, answer: CourtAnswer, now: string): Promise<void> {
  const answered = answer.outcome !== 'error';
  const found = answer.outcome === 'found' ? answer : null;
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.courtCaseSk(ref.contractId) },
      UpdateExpression: [
        'SET #type = :type, contrato_id = :contractId, ultimo_resultado = :outcome, ultima_tentativa_em = :now',
        'primeira_tentativa_em = if_not_exists(primeira_tentativa_em, :now)',
        ...(answered ? ['ultima_resposta_em = :now'] : []),
        ...(found ? ['classe = :classe, orgao_julgador = :orgao, data_ajuizamento = :ajuizamento'] : []),
      ].join(', '),
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'COURT_CASE',
        ':contractId': ref.contractId,
        ':outcome': answer.outcome,
        ':now': now,
        ...(found
          ? { ':classe': found.classe, ':orgao': found.orgaoJulgador, ':ajuizamento': found.dataAjuizamento }
          : {}),
      },
    }),
  );
}

/** Pattern 78, read: the sync records of some cases, by contract (BatchGetItem, 100 keys a request). */
export async function courtCasesOf(db: Db, refs: readonly CourtCaseRef[]): Promise<Map<string, CourtCase>> {
  const found = new Map<string, CourtCase>();
  const items = await batchGetAll(
    db,
    refs.map((ref) => ({ pk: keys.customer(ref.userId), sk: keys.courtCaseSk(ref.contractId) })),
  );
  for (const item of items) {
    const record = courtCaseSchema.parse(stripKeys(item));
    found.set(record.contrato_id, record);
  }
  return found;
}

const REVIEW_CURSOR = {
  attributes: ['pk', 'sk', 'gsi2pk', 'gsi2sk'],
  partition: ['gsi2pk', keys.courtReviewList],
} as const;

/**
 * Pattern 79: court movements whose suggested status (an injunction granted or revoked) awaits an admin's
 * confirmation, oldest first, one page; the cursor is passed through. For the admins' 'Hoje' queue.
 */
export async function listMovementsAwaitingReview(
  db: Db,
  options: { limit?: number; cursor?: string | null } = {},
): Promise<Page<CourtCaseRef & { movement: CourtMovement }>> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.courtReviewList },
      Limit: Math.min(options.limit ?? 25, 100),
      ExclusiveStartKey: decodeCursor(options.cursor, REVIEW_CURSOR),
    }),
  );
  return {
    items: (page.Items ?? []).map((item) => {
      const movement = courtMovementSchema.parse(stripKeys(item));
      return { userId: String(item.user_id), contractId: movement.contrato_id, movement };
    }),
    cursor: encodeCursor(page.LastEvaluatedKey),
  };
}

/**
 * Pattern 79, done: an admin confirmed (or dismissed) a movement's suggestion; it leaves the queue. False when it was
 * not awaiting review (already reviewed, or no such movement).
 */
export async function markMovementReviewed(
  db: Db,
  ref: CourtCaseRef,
  movementId: string,
  now: string,
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(ref.userId), sk: keys.courtMovementSk(ref.contractId, movementId) },
        UpdateExpression: 'SET revisado_em = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(gsi2pk)',
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
  );
}

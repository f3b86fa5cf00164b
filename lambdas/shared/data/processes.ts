import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import type { ProcessStatus } from '../../../domain/process-status.js';
import { processSchema, type Process } from '../../../domain/schemas/entities.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys } from './keys.js';
import { isConditionFailure, stripKeys, type Db } from './table.js';

export type ProcessRef = { userId: string; contractId: string };

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
  now: string;
  newId?: () => string;
};

/**
 * Pattern 13: a status change writes the process, its history record and the status counters
 * together. It is conditioned on the status read, so two concurrent changes cannot both apply.
 * On baixa_deferida / baixa_caiu the matching date is set only if still empty (spec 02 §4).
 */
export async function changeProcessStatus(db: Db, params: ChangeStatusParams): Promise<Process> {
  const current = await getProcess(db, params.ref);
  if (!current) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
  if (current.status === params.to && params.previsao === undefined) return current;

  const { ref, to, now } = params;
  const historyId = (params.newId ?? ulid)();
  const sets = ['#status = :to', 'updated_at = :now', 'gsi2pk = :gsi2pk', 'gsi2sk = :gsi2sk'];
  const values: Record<string, unknown> = {
    ':to': to,
    ':from': current.status,
    ':now': now,
    ':gsi2pk': keys.statusList('PROCESS', to),
    ':gsi2sk': keys.listSort(now, current.id),
  };
  // Decided from the read item (stored as NULL, which if_not_exists would treat as present);
  // the status condition below makes the read and the write one step.
  if (to === 'baixa_deferida' && !current.baixa_deferida_em) sets.push('baixa_deferida_em = :now');
  if (to === 'baixa_caiu' && !current.baixa_caiu_em) sets.push('baixa_caiu_em = :now');
  if (params.previsao !== undefined) {
    sets.push('previsao = :previsao');
    values[':previsao'] = params.previsao;
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
          {
            Update: {
              TableName: db.tableName,
              Key: { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
              UpdateExpression: `SET ${sets.join(', ')}`,
              ConditionExpression: 'attribute_exists(pk) AND #status = :from',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: values,
            },
          },
          ...(statusChanged
            ? [
                {
                  Put: {
                    TableName: db.tableName,
                    Item: {
                      pk: keys.customer(ref.userId),
                      sk: keys.historySk(ref.contractId, now, historyId),
                      type: 'HISTORY',
                      processo_id: current.id,
                      de: current.status,
                      para: to,
                      obs: params.obs ?? null,
                      by_user: params.byUser,
                      created_at: now,
                    },
                  },
                },
                counterUpdate(db.tableName, COUNTERS.processes, { [current.status]: -1, [to]: 1 }),
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(PROCESS_MESSAGES.changedConcurrently);
    throw error;
  }
  return (await getProcess(db, ref))!;
}

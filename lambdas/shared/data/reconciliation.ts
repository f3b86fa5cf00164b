import { chargeStatusSchema, type ChargeStatus } from '../../../domain/charge-status.js';
import { expectedAsaasValue } from '../../../domain/payment-methods.js';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { ProcessStatus } from '../../../domain/process-status.js';
import {
  DIVERGENCE_KINDS,
  type DivergenceFacts,
  type ReconciliationRunStatus,
  type ReconciliationStarter,
  type ReconciliationWindow,
} from '../../../domain/reconciliation.js';
import { processStatusSchema } from '../../../domain/schemas/entities.js';
import { reconciliationRunSchema } from '../../../domain/api/admin-reconciliation.js';
import type { ChargeRef } from './charges.js';
import { keys, pointerKey } from './keys.js';
import {
  appliedUnlessConditionFails,
  batchGetAll,
  decodeCursor,
  GSI1,
  GSI2,
  storedContractId,
  type Db,
} from './table.js';

/** Run records are history, not evidence: kept half a year. */
const RUN_RECORD_DAYS = 180;

type Key = { pk: string; sk: string };

/*
 * The items this module reads, as it projects them. Parsed rather than cast, so an item that lost an attribute fails
 * here, naming it, instead of travelling on as `undefined`.
 */
const text = z.string();
const optionalText = z.string().nullish();
/** An `ASAAS#` pointer (pattern 51); the contract id under either spelling (`storedContractId`). */
const providerPointerSchema = z.object({ pk: text, user_id: text, charge_id: text });
/** A charge, contract or process, projected to what a comparison with Asaas needs. */
const projectedEntitySchema = z.object({
  pk: text,
  sk: text,
  status: z.string().nullish(),
  updated_at: z.string().nullish(),
  valor: z.number().nullish(),
  forma: z.string().nullish(),
  parcelas: z.number().nullish(),
  cancelado_em: z.string().nullish(),
  paid_charge_id: z.string().nullish(),
});
/** A charge listed by the type or status index (pattern 52), projected to what finds its payment. */
const listedChargeSchema = z.object({
  id: text,
  contrato_id: text,
  user_id: text,
  asaas_id: optionalText,
  status: chargeStatusSchema,
});
/** A stored divergence (pattern 55): its sightings are always written; both sides may be unknown. */
const divergenceItemSchema = z.object({
  kind: z.enum(DIVERGENCE_KINDS).catch('status_refused'),
  asaas_id: text,
  user_id: z.string().nullish().catch(null),
  charge_id: z.string().nullish().catch(null),
  our_status: z.string().nullish().catch(null),
  asaas_status: z.string().nullish().catch(null),
  our_value: z.number().nullish().catch(null),
  asaas_value: z.number().nullish().catch(null),
  first_seen_at: text,
  last_seen_at: text,
  first_run_id: text,
  last_run_id: text,
});

/** Our side of one Asaas payment: the charge (without its QR image), its contract's value and its process's status. */
export type ReconcilableCharge = {
  ref: ChargeRef;
  asaasId: string;
  status: ChargeStatus;
  updatedAt: string;
  contractValue: number | null;
  processStatus: ProcessStatus | null;
  /** Its contract was cancelled: paid money of it must go back (held-money-service.ts). */
  contractCancelled: boolean;
  /** An admin recorded that the money went back outside Asaas ('Registrar estorno manual'). */
  manuallyRefunded: boolean;
  /** The charge whose payment confirmed the process (another paid one of the contract is a duplicate payment). */
  processPaidChargeId: string | null;
};

/** Every key, read strongly consistent (what a run repairs is decided on it), projected. */
const batchGet = (db: Db, allKeys: Key[], projection: { expression: string; names?: Record<string, string> }) =>
  batchGetAll(db, allKeys, { consistent: true, projection });

/**
 * Pattern 51: our side of a page of Asaas payments, by their ids: one BatchGetItem of the `ASAAS#` pointers, then one
 * of the charges, contracts and processes they name (projected: a charge's QR image is most of its size). A payment
 * without a pointer is absent from the answer.
 */
export async function chargesByProviderIds(db: Db, asaasIds: string[]): Promise<Map<string, ReconcilableCharge>> {
  const unique = [...new Set(asaasIds)];
  const pointers = await batchGet(
    db,
    unique.map((id) => pointerKey(keys.providerChargePointer(id))),
    { expression: 'pk, user_id, contrato_id, contract_id, charge_id' },
  );
  const refs = new Map<string, ChargeRef>();
  for (const item of pointers) {
    const pointer = providerPointerSchema.parse(item);
    refs.set(pointer.pk.slice(keys.providerChargePointer('').length), {
      userId: pointer.user_id,
      contractId: text.parse(storedContractId(item)),
      chargeId: pointer.charge_id,
    });
  }
  const entityKeys: Key[] = [];
  for (const ref of refs.values()) {
    const pk = keys.customer(ref.userId);
    entityKeys.push(
      { pk, sk: keys.chargeSk(ref.contractId, ref.chargeId) },
      { pk, sk: keys.contractSk(ref.contractId) },
      { pk, sk: keys.processSk(ref.contractId) },
    );
  }
  const items = new Map(
    (
      await batchGet(db, dedupeKeys(entityKeys), {
        expression: 'pk, sk, #status, updated_at, valor, forma, parcelas, cancelado_em, manual_refund, paid_charge_id',
        names: { '#status': 'status' },
      })
    ).map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]),
  );
  const found = new Map<string, ReconcilableCharge>();
  for (const [asaasId, ref] of refs) {
    const pk = keys.customer(ref.userId);
    const chargeItem = items.get(`${pk}|${keys.chargeSk(ref.contractId, ref.chargeId)}`);
    if (!chargeItem) continue;
    const charge = projectedEntitySchema.extend({ status: chargeStatusSchema, updated_at: text }).parse(chargeItem);
    const contract = parsedOrNull(items.get(`${pk}|${keys.contractSk(ref.contractId)}`));
    const process = parsedOrNull(items.get(`${pk}|${keys.processSk(ref.contractId)}`));
    found.set(asaasId, {
      ref,
      asaasId,
      status: charge.status,
      updatedAt: charge.updated_at,
      // A method's surcharge and a card plan's first instalment are what Asaas shows; PIX charges before them, the
      // contract's value.
      contractValue: charge.forma ? expectedAsaasValue(charge) : (contract?.valor ?? null),
      processStatus: process?.status ? processStatusSchema.parse(process.status) : null,
      contractCancelled: typeof contract?.cancelado_em === 'string',
      manuallyRefunded: chargeItem.manual_refund !== undefined && chargeItem.manual_refund !== null,
      processPaidChargeId: process?.paid_charge_id ?? null,
    });
  }
  return found;
}

const parsedOrNull = (item: Record<string, unknown> | undefined) => (item ? projectedEntitySchema.parse(item) : null);

function dedupeKeys(all: Key[]): Key[] {
  const seen = new Set<string>();
  return all.filter((key) => {
    const id = `${key.pk}|${key.sk}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A charge of ours as the reconciliation lists them: enough to find its payment at Asaas. */
export type ListedCharge = { ref: ChargeRef; asaasId: string | null; status: ChargeStatus };

function listedCharge(item: Record<string, unknown>): ListedCharge {
  const charge = listedChargeSchema.parse(item);
  return {
    ref: { userId: charge.user_id, contractId: charge.contrato_id, chargeId: charge.id },
    asaasId: charge.asaas_id ?? null,
    status: charge.status,
  };
}

const LISTED_CHARGE = 'id, contrato_id, user_id, asaas_id, #status';

/**
 * Pattern 52 (a): our charges created from an instant on, oldest first, a page at a time (gsi1 `TYPE#CHARGE`, whose
 * sort key begins with the creation time), projected to what finds their payment.
 */
export async function chargesCreatedSince(
  db: Db,
  from: string,
  cursor?: Record<string, unknown>,
): Promise<{ items: ListedCharge[]; cursor?: Record<string, unknown> }> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
      ExpressionAttributeValues: { ':pk': keys.typeList('CHARGE'), ':from': from },
      ExpressionAttributeNames: { '#status': 'status' },
      ProjectionExpression: LISTED_CHARGE,
      ExclusiveStartKey: cursor,
    }),
  );
  return { items: (page.Items ?? []).map(listedCharge), cursor: page.LastEvaluatedKey };
}

/**
 * Pattern 52 (b): every charge of ours in one status (gsi2 `CHARGE_STATUS#<status>`, all pages). For statuses a charge
 * passes through (a refund under way, a payment held for review): their partitions stay small.
 */
export async function chargesInStatus(db: Db, status: ChargeStatus): Promise<ListedCharge[]> {
  const items: ListedCharge[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: GSI2,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.statusList('CHARGE', status) },
        ExpressionAttributeNames: { '#status': 'status' },
        ProjectionExpression: LISTED_CHARGE,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...(page.Items ?? []).map(listedCharge));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

const lockKey = { pk: keys.reconciliationPk, sk: 'LOCK' };
const cursorKey = { pk: keys.reconciliationPk, sk: 'CURSOR' };

/**
 * Pattern 53 (a): one run at a time. The lock lapses after `leaseSeconds` (the function's timeout), so a run that died
 * does not block the next night; a retry of the same run (same id) takes its own lock over at once.
 */
export async function claimReconciliationLock(db: Db, runId: string, now: Date, leaseSeconds: number) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...lockKey, type: 'RECONCILIATION_LOCK', run_id: runId, lease_until: nowSeconds + leaseSeconds },
        ConditionExpression: 'attribute_not_exists(pk) OR lease_until < :now OR run_id = :run',
        ExpressionAttributeValues: { ':now': nowSeconds, ':run': runId },
      }),
    ),
  );
}

/** Pattern 53 (b): gives the lock back, only if this run still holds it. */
export async function releaseReconciliationLock(db: Db, runId: string): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: lockKey,
        ConditionExpression: 'run_id = :run',
        ExpressionAttributeValues: { ':run': runId },
      }),
    ),
  );
}

/** Pattern 53 (c): when the last run that read everything started (null: never). */
export async function getReconciliationCursor(db: Db): Promise<string | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: cursorKey, ConsistentRead: true }),
  );
  return typeof Item?.last_started_at === 'string' ? Item.last_started_at : null;
}

/** Pattern 53 (d): a run that read everything moves the cursor to its start; never backwards (a late retry). */
export async function advanceReconciliationCursor(db: Db, runId: string, startedAt: string): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: cursorKey,
        UpdateExpression: 'SET #type = :type, last_started_at = :started, last_run_id = :run',
        ConditionExpression: 'attribute_not_exists(last_started_at) OR last_started_at < :started',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'RECONCILIATION_CURSOR', ':started': startedAt, ':run': runId },
      }),
    ),
  );
}

/** What a run did, as its record keeps it and the admin screen shows it. */
export type ReconciliationCounts = {
  pages: number;
  requests: number;
  payments_read: number;
  charges_checked: number;
  repaired: number;
  confirmations_resumed: number;
  /** Orphan payments found (each e-mailed to the admins once, when first found), and how many were new. */
  orphans: number;
  orphans_new: number;
  divergences_new: number;
  divergences_open: number;
  divergences_resolved: number;
  errors: number;
};

export type ReconciliationRun = ReconciliationCounts & {
  id: string;
  status: ReconciliationRunStatus;
  started_at: string;
  finished_at: string | null;
  window: Pick<ReconciliationWindow, 'createdFrom' | 'paidFrom' | 'until'>;
  /** Why a run stopped early or failed, in a person's words (never a provider's raw message). */
  note: string | null;
  /** Who started it (absent on runs recorded before it was kept: the schedule's). */
  started_by?: ReconciliationStarter | null;
};

/** Pattern 54 (a): writes a run's record whole (started, then finished); a retry of the run rewrites it. */
export async function putReconciliationRun(db: Db, run: ReconciliationRun): Promise<void> {
  const started = Date.parse(run.started_at);
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        pk: keys.reconciliationRunPk,
        sk: run.id,
        type: 'RECONCILIATION_RUN',
        ...run,
        expiresAt: Math.floor(started / 1000) + RUN_RECORD_DAYS * 86_400,
      },
    }),
  );
}

/** Pattern 54 (b): the newest run's record (the run id is its scheduled time, so the last sort key is the newest). */
export async function latestReconciliationRun(db: Db): Promise<ReconciliationRun | null> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.reconciliationRunPk },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = Items[0];
  if (!item) return null;
  return reconciliationRunSchema.parse(item);
}

/** A divergence as stored: the payment, the charge it belongs to (when we have it), both sides, and when it was seen. */
export type Divergence = DivergenceFacts & {
  asaas_id: string;
  user_id: string | null;
  contrato_id: string | null;
  charge_id: string | null;
  first_seen_at: string;
  last_seen_at: string;
  first_run_id: string;
  last_run_id: string;
};

/**
 * Pattern 55 (a): records what a run found about one payment, once per payment and kind (`DIVERGENCE /
 * <asaasId>#<kind>`): a later run updates what each side says and when it was last seen, keeping the first sighting.
 * Answers whether this run found it first (a retry of that run still does, so its report names it).
 */
export async function recordDivergence(
  db: Db,
  divergence: DivergenceFacts & { asaasId: string; ref: ChargeRef | null },
  run: { id: string; now: string },
): Promise<{ divergence: Divergence; isNew: boolean }> {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.divergencePk, sk: keys.divergenceSk(divergence.asaasId, divergence.kind) },
      UpdateExpression:
        'SET #type = :type, kind = :kind, asaas_id = :asaas, user_id = :user, contrato_id = :contract, ' +
        'charge_id = :charge, our_status = :ourStatus, asaas_status = :asaasStatus, our_value = :ourValue, ' +
        'asaas_value = :asaasValue, last_seen_at = :now, last_run_id = :run, ' +
        'first_seen_at = if_not_exists(first_seen_at, :now), first_run_id = if_not_exists(first_run_id, :run) ' +
        // A divergence recorded before the one spelling drops the old name when it is seen again.
        'REMOVE contract_id',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'DIVERGENCE',
        ':kind': divergence.kind,
        ':asaas': divergence.asaasId,
        ':user': divergence.ref?.userId ?? null,
        ':contract': divergence.ref?.contractId ?? null,
        ':charge': divergence.ref?.chargeId ?? null,
        ':ourStatus': divergence.our_status,
        ':asaasStatus': divergence.asaas_status,
        ':ourValue': divergence.our_value,
        ':asaasValue': divergence.asaas_value,
        ':now': run.now,
        ':run': run.id,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const stored = divergenceFrom(Attributes!);
  return { divergence: stored, isNew: stored.first_run_id === run.id };
}

/** Pattern 55 (b): the divergences still open, a page at a time (a list that should stay short). */
/** A page cursor of 'Divergências' from the browser → where pattern 55 b's Query resumes (a 400 if not one of it). */
export const divergenceCursor = (cursor: string | null | undefined) =>
  decodeCursor(cursor, { attributes: ['pk', 'sk'], partition: ['pk', keys.divergencePk] });

export async function listDivergences(
  db: Db,
  page: { limit: number; cursor?: Record<string, unknown> },
): Promise<{ items: Divergence[]; cursor?: Record<string, unknown> }> {
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.divergencePk },
      Limit: page.limit,
      ExclusiveStartKey: page.cursor,
    }),
  );
  return { items: Items.map(divergenceFrom), cursor: LastEvaluatedKey };
}

/**
 * Pattern 55 (c): a divergence that a run checked again and no longer found is over: deleted, unless this very run
 * (`runId`) recorded it meanwhile. Answers whether it was deleted.
 */
export async function resolveDivergence(db: Db, divergence: Divergence, runId: string): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: { pk: keys.divergencePk, sk: keys.divergenceSk(divergence.asaas_id, divergence.kind) },
        ConditionExpression: 'last_run_id <> :run',
        ExpressionAttributeValues: { ':run': runId },
      }),
    ),
  );
}

function divergenceFrom(item: Record<string, unknown>): Divergence {
  const divergence = divergenceItemSchema.parse(item);
  return {
    kind: divergence.kind,
    asaas_id: divergence.asaas_id,
    user_id: divergence.user_id ?? null,
    contrato_id: storedContractId(item),
    charge_id: divergence.charge_id ?? null,
    our_status: divergence.our_status ?? null,
    asaas_status: divergence.asaas_status ?? null,
    our_value: divergence.our_value ?? null,
    asaas_value: divergence.asaas_value ?? null,
    first_seen_at: divergence.first_seen_at,
    last_seen_at: divergence.last_seen_at,
    first_run_id: divergence.first_run_id,
    last_run_id: divergence.last_run_id,
  };
}

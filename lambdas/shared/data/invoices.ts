import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { invoiceNeedsAttention } from '../../../domain/invoice.js';
import { invoiceSchema, type Invoice } from '../../../domain/schemas/invoice.js';
import type { ChargeRef } from './charges.js';
import { keys } from './keys.js';
import { GSI2, isConditionFailure, stripKeys, type Db } from './table.js';

/*
 * The nota fiscal of a paid charge (patterns 91–93): one item beside the charge in the customer's partition, so the
 * dashboard's one Query reads it, a client's deletion and data export find it, and nothing else is keyed by the client.
 */

const invoiceKey = (ref: ChargeRef) => ({
  pk: keys.customer(ref.userId),
  sk: keys.invoiceSk(ref.contractId, ref.chargeId),
});

/** The stored item: the entity, its creation lease while Asaas is asked, and the attention index while it needs one. */
function invoiceItem(ref: ChargeRef, invoice: Invoice, claimUntil?: number) {
  return {
    ...invoiceKey(ref),
    type: 'INVOICE',
    user_id: ref.userId,
    ...invoice,
    ...(claimUntil === undefined ? {} : { claim_until: claimUntil }),
    // Pattern 93: only while an admin must act, oldest problem first.
    ...(invoiceNeedsAttention(invoice)
      ? { gsi2pk: keys.invoiceAttentionList, gsi2sk: keys.listSort(invoice.updated_at, ref.chargeId) }
      : {}),
  };
}

export type StoredInvoice = Invoice & { claim_until?: number | null };

/** Pattern 91 (read): a charge's nota, strongly consistent (it decides whether to create one). */
export async function getInvoice(db: Db, ref: ChargeRef): Promise<StoredInvoice | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: invoiceKey(ref), ConsistentRead: true }),
  );
  if (!Item) return null;
  const claim = typeof Item.claim_until === 'number' ? Item.claim_until : null;
  return { ...invoiceSchema.parse(stripKeys(Item)), claim_until: claim };
}

/**
 * Pattern 91 (claim): the one request that asks Asaas for this charge's nota, for `leaseSeconds`. Only a nota Asaas
 * has not accepted yet can be claimed (no `asaas_invoice_id`), and only when no live lease holds it: a retried task, a
 * second confirmation and an admin's retry never create two. 'exists': Asaas has it; 'busy': someone is asking now.
 */
export async function claimInvoiceCreation(
  db: Db,
  ref: ChargeRef,
  fields: Pick<Invoice, 'asaas_payment_id' | 'valor'>,
  now: Date,
  leaseSeconds: number,
): Promise<'claimed' | 'exists' | 'busy'> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: invoiceKey(ref),
        UpdateExpression:
          'SET #type = :type, user_id = :user, charge_id = :charge, contrato_id = :contract, asaas_payment_id = :payment, ' +
          'valor = :valor, #status = if_not_exists(#status, :scheduling), created_at = if_not_exists(created_at, :now), ' +
          'updated_at = if_not_exists(updated_at, :now), claim_until = :until',
        ConditionExpression:
          'attribute_not_exists(asaas_invoice_id) AND (attribute_not_exists(claim_until) OR claim_until < :nowSeconds)',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: {
          ':type': 'INVOICE',
          ':user': ref.userId,
          ':charge': ref.chargeId,
          ':contract': ref.contractId,
          ':payment': fields.asaas_payment_id ?? null,
          ':valor': fields.valor ?? null,
          ':scheduling': 'SCHEDULING',
          ':now': now.toISOString(),
          ':until': nowSeconds + leaseSeconds,
          ':nowSeconds': nowSeconds,
        },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = await getInvoice(db, ref);
    return current?.asaas_invoice_id ? 'exists' : 'busy';
  }
}

/** How many times a nota's write re-reads it after losing a race before failing loudly. */
const WRITE_ATTEMPTS = 5;

/**
 * Pattern 92: one change of a charge's nota, decided on the item as read and written only if nobody changed it since
 * (`updated_at` as read, or no item): an older status read concurrently never overwrites a newer one, and a lost race
 * reads again and decides anew. `decide` answers the nota to store, or null to leave it; `keepClaim` keeps the creation
 * lease (a write made while Asaas is still being asked).
 */
export async function writeInvoice(
  db: Db,
  ref: ChargeRef,
  decide: (current: StoredInvoice | null) => Invoice | null,
  options: { keepClaim?: boolean } = {},
): Promise<{ written: boolean; invoice: StoredInvoice | null; before: StoredInvoice | null }> {
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt += 1) {
    const current = await getInvoice(db, ref);
    const next = decide(current);
    if (!next) return { written: false, invoice: current, before: current };
    const claim = options.keepClaim && current?.claim_until ? current.claim_until : undefined;
    try {
      await db.client.send(
        new PutCommand({
          TableName: db.tableName,
          Item: invoiceItem(ref, invoiceSchema.parse(next), claim),
          ConditionExpression: current ? 'updated_at = :read' : 'attribute_not_exists(pk)',
          ...(current ? { ExpressionAttributeValues: { ':read': current.updated_at } } : {}),
        }),
      );
      return { written: true, invoice: { ...next, claim_until: claim ?? null }, before: current };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error(`Invoice of charge ${ref.chargeId}: kept changing under ${WRITE_ATTEMPTS} attempts to write it`);
}

/** The charge a stored nota belongs to. */
export type InvoiceRow = Invoice & { user_id: string };

/** Pattern 93: the notas an admin must act on (an error, a cancellation denied or not asked), oldest first, paged. */
export async function invoicesNeedingAttention(
  db: Db,
  options: { limit: number; cursor?: Record<string, unknown> },
): Promise<{ items: InvoiceRow[]; next: Record<string, unknown> | undefined }> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.invoiceAttentionList },
      Limit: options.limit,
      ExclusiveStartKey: options.cursor,
    }),
  );
  return {
    items: (page.Items ?? []).map((item) => ({
      ...invoiceSchema.parse(stripKeys(item)),
      user_id: String(item.user_id),
    })),
    next: page.LastEvaluatedKey,
  };
}

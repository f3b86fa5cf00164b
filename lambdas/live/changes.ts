import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { adminAlertOf, type StoredAdminAlert } from '../shared/data/admin-alerts.js';
import { parseKey } from '../shared/data/keys.js';
import { courtMovementSchema, type CourtMovement } from '../../domain/schemas/entities.js';
import { stripKeys } from '../shared/data/table.js';

/** A change a customer's open screens must hear about, read from one stream record. */
export type CustomerChange =
  | {
      kind: 'process-status';
      userId: string;
      contractId: string;
      /** The history record's id: one status change, whatever the stream's retries. */
      changeId: string;
      from: string;
      to: string;
      obs: string | null;
      byUser: string;
    }
  | { kind: 'charge-status'; userId: string; contractId: string; chargeId: string; status: string }
  /** A court movement the sync stored (pattern 77): news for the case's timeline; an e-mail when it matters. */
  | { kind: 'court-movement'; userId: string; contractId: string; movement: CourtMovement }
  /** Not a customer's: something the admins must act on (pattern 49), e-mailed to them once. */
  | { kind: 'admin-alert'; alert: StoredAdminAlert };

const imageOf = (image: Record<string, AttributeValue> | undefined) =>
  image ? (unmarshall(image as Parameters<typeof unmarshall>[0]) as Record<string, unknown>) : undefined;

/**
 * Every process status change writes a history record in the same transaction (pattern 13, signing), so an inserted
 * HISTORY item IS a status change, with its from, to and actor; a charge changes when its status differs from the
 * previous image. Everything else the table writes is not news for a screen.
 */
export function changeOf(record: DynamoDBRecord): CustomerChange | null {
  const item = imageOf(record.dynamodb?.NewImage);
  if (!item || (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY')) return null;
  if (item.type === 'ADMIN_ALERT') {
    const alert = record.eventName === 'INSERT' ? adminAlertOf(item) : null;
    return alert ? { kind: 'admin-alert', alert } : null;
  }
  const userId = parseKey.customer(String(item.pk))?.userId;
  if (!userId) return null;

  if (item.type === 'HISTORY' && record.eventName === 'INSERT') {
    const history = parseKey.historySk(String(item.sk));
    if (!history || typeof item.para !== 'string') return null;
    return {
      kind: 'process-status',
      userId,
      contractId: history.contractId,
      changeId: history.id,
      from: typeof item.de === 'string' ? item.de : '',
      to: item.para,
      obs: typeof item.obs === 'string' ? item.obs : null,
      byUser: String(item.by_user ?? ''),
    };
  }
  if (item.type === 'COURT_MOVEMENT' && record.eventName === 'INSERT') {
    const movement = courtMovementSchema.safeParse(stripKeys(item));
    return movement.success
      ? { kind: 'court-movement', userId, contractId: movement.data.contrato_id, movement: movement.data }
      : null;
  }
  if (item.type === 'CHARGE') {
    const charge = parseKey.chargeSk(String(item.sk));
    const before = imageOf(record.dynamodb?.OldImage);
    if (!charge || typeof item.status !== 'string' || before?.status === item.status) return null;
    return { kind: 'charge-status', userId, ...charge, status: item.status };
  }
  return null;
}

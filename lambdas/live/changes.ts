import type { ChargeStatus } from '../../domain/charge-status.js';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { adminAlertOf, type StoredAdminAlert } from '../shared/data/admin-alerts.js';
import type { CourtMovement } from '../../domain/schemas/entities.js';
import {
  isItemOfType,
  ITEM_TYPE,
  storedChargeStatusOf,
  storedCourtMovementOf,
  storedStatusChangeOf,
} from '../shared/data/items.js';

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
  | { kind: 'charge-status'; userId: string; contractId: string; chargeId: string; status: ChargeStatus }
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
  const inserted = record.eventName === 'INSERT';
  if (isItemOfType(item, ITEM_TYPE.adminAlert)) {
    const alert = inserted ? adminAlertOf(item) : null;
    return alert ? { kind: 'admin-alert', alert } : null;
  }
  const statusChange = inserted ? storedStatusChangeOf(item) : null;
  if (statusChange) {
    const { from, ...change } = statusChange;
    return { kind: 'process-status', ...change, from: from ?? '' };
  }
  const court = inserted ? storedCourtMovementOf(item) : null;
  if (court) {
    return {
      kind: 'court-movement',
      userId: court.userId,
      contractId: court.movement.contrato_id,
      movement: court.movement,
    };
  }
  const charge = storedChargeStatusOf(item);
  if (charge && imageOf(record.dynamodb?.OldImage)?.status !== charge.status)
    return { kind: 'charge-status', ...charge };
  return null;
}

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ITEM_TYPE } from './items.js';
import { keys, typeIndexKeys } from './keys.js';
import { isConditionFailure, putNew, type Db, type TransactItem } from './table.js';

/**
 * Something only a person can settle, told to every admin by e-mail (the stream consumer sends it, once) and kept as
 * an item: the text is written here, in pt-BR, by whoever raised it, so the consumer stays one generic sender.
 *
 * The text names the customer only by what the back office finds them with (a protocol, a link to
 * `/admin/clientes/<profile id>`), never by name or e-mail: the alert is e-mailed and kept apart from the customer's
 * partition, so personal data in it would escape their export and their erasure (docs/decisions.md, Admin alerts and
 * personal data).
 */
export type AdminAlert = {
  /** Deterministic (e.g. `estorno-apos-peticao#<chargeId>`): raising the same alert again is a no-op. */
  id: string;
  /**
   * The customer the alert is about (their `sub`), or null when it is about no one: their data export lists it and
   * their deletion removes it, through a reference in their partition.
   */
  userId: string | null;
  subject: string;
  /** Plain-text paragraphs of the e-mail. */
  paragraphs: string[];
  /** Where in the back office to act, a path of the SPA (`/admin/financeiro`). */
  actionPath: string;
  actionLabel: string;
};

export type StoredAdminAlert = AdminAlert & { created_at: string };

/**
 * Pattern 49: stores the alert unless it exists (the first one's text and time are kept), with its reference in the
 * customer's partition (`ADMIN_ALERT#<id>` there) in the same transaction.
 */
export async function raiseAdminAlert(db: Db, alert: AdminAlert, now: string): Promise<'raised' | 'already-raised'> {
  const items: TransactItem[] = [
    putNew(db, {
      pk: keys.adminAlert(alert.id),
      sk: keys.adminAlert(alert.id),
      type: ITEM_TYPE.adminAlert,
      ...typeIndexKeys('ADMIN_ALERT', now, alert.id),
      alert_id: alert.id,
      user_id: alert.userId,
      subject: alert.subject,
      paragraphs: alert.paragraphs,
      action_path: alert.actionPath,
      action_label: alert.actionLabel,
      created_at: now,
    }),
  ];
  if (alert.userId) {
    items.push({
      Put: {
        TableName: db.tableName,
        Item: {
          pk: keys.customer(alert.userId),
          sk: keys.adminAlertRefSk(alert.id),
          type: ITEM_TYPE.adminAlertRef,
          alert_id: alert.id,
          created_at: now,
        },
      },
    });
  }
  try {
    await db.client.send(new TransactWriteCommand({ TransactItems: items }));
    return 'raised';
  } catch (error) {
    // The alert exists (or a concurrent raise of it is being written): it is, or will be, stored once.
    if (isConditionFailure(error)) return 'already-raised';
    throw error;
  }
}

/** The id of the alert an `ADMIN_ALERT_REF` item of a customer's partition names, or null when it is not one. */
export function adminAlertIdOfRef(item: Record<string, unknown>): string | null {
  return item.type === ITEM_TYPE.adminAlertRef && typeof item.alert_id === 'string' && item.alert_id !== ''
    ? item.alert_id
    : null;
}

/** The alert a stream record's new image holds, or null when it is not one. */
export function adminAlertOf(item: Record<string, unknown>): StoredAdminAlert | null {
  if (item.type !== ITEM_TYPE.adminAlert || typeof item.alert_id !== 'string' || typeof item.subject !== 'string')
    return null;
  return {
    id: item.alert_id,
    userId: typeof item.user_id === 'string' ? item.user_id : null,
    subject: item.subject,
    paragraphs: Array.isArray(item.paragraphs) ? item.paragraphs.map(String) : [],
    actionPath: typeof item.action_path === 'string' ? item.action_path : '/admin',
    actionLabel: typeof item.action_label === 'string' ? item.action_label : 'Abrir painel',
    created_at: String(item.created_at ?? ''),
  };
}

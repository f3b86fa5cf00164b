import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys, typeIndexKeys } from './keys.js';
import { isConditionFailure, type Db } from './table.js';

/**
 * Something only a person can settle, told to every admin by e-mail (the stream consumer sends it, once) and kept as
 * an item: the text is written here, in pt-BR, by whoever raised it, so the consumer stays one generic sender.
 */
export type AdminAlert = {
  /** Deterministic (e.g. `estorno-apos-peticao#<chargeId>`): raising the same alert again is a no-op. */
  id: string;
  subject: string;
  /** Plain-text paragraphs of the e-mail. */
  paragraphs: string[];
  /** Where in the back office to act, a path of the SPA (`/admin/financeiro`). */
  actionPath: string;
  actionLabel: string;
};

export type StoredAdminAlert = AdminAlert & { created_at: string };

/** Pattern 49: stores the alert unless it exists (the first one's text and time are kept). */
export async function raiseAdminAlert(db: Db, alert: AdminAlert, now: string): Promise<'raised' | 'already-raised'> {
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          pk: keys.adminAlert(alert.id),
          sk: keys.adminAlert(alert.id),
          type: 'ADMIN_ALERT',
          ...typeIndexKeys('ADMIN_ALERT', now, alert.id),
          alert_id: alert.id,
          subject: alert.subject,
          paragraphs: alert.paragraphs,
          action_path: alert.actionPath,
          action_label: alert.actionLabel,
          created_at: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'raised';
  } catch (error) {
    if (isConditionFailure(error)) return 'already-raised';
    throw error;
  }
}

/** The alert a stream record's new image holds, or null when it is not one. */
export function adminAlertOf(item: Record<string, unknown>): StoredAdminAlert | null {
  if (item.type !== 'ADMIN_ALERT' || typeof item.alert_id !== 'string' || typeof item.subject !== 'string') return null;
  return {
    id: item.alert_id,
    subject: item.subject,
    paragraphs: Array.isArray(item.paragraphs) ? item.paragraphs.map(String) : [],
    actionPath: typeof item.action_path === 'string' ? item.action_path : '/admin',
    actionLabel: typeof item.action_label === 'string' ? item.action_label : 'Abrir painel',
    created_at: String(item.created_at ?? ''),
  };
}

import * as z from 'zod';
import { chargeStatusSchema, type ChargeStatus } from '../../../domain/charge-status.js';
import { certificateSchema, type Certificate } from '../../../domain/nada-consta.js';
import { courtMovementSchema, type CourtMovement } from '../../../domain/schemas/entities.js';
import { parseKey } from './keys.js';
import { stripKeys } from './table.js';

/**
 * The `type` attribute of the items other code reads back whole (a stream record, a customer's partition): one
 * spelling, so a reader and the writer cannot drift apart.
 */
export const ITEM_TYPE = {
  profile: 'PROFILE',
  contract: 'CONTRACT',
  charge: 'CHARGE',
  process: 'PROCESS',
  history: 'HISTORY',
  referral: 'REFERRAL',
  certificate: 'CERTIFICATE',
  connection: 'CONNECTION',
  adminAlert: 'ADMIN_ALERT',
  adminAlertRef: 'ADMIN_ALERT_REF',
  emailOnce: 'EMAIL_ONCE',
  sentEmail: 'SENT_EMAIL',
  kitItem: 'KIT_ITEM',
  kitUpload: 'KIT_UPLOAD',
  courtMovement: 'COURT_MOVEMENT',
  erasureRequest: 'ERASURE_REQUEST',
  whatsappConsent: 'WHATSAPP_CONSENT',
  whatsappMessage: 'WHATSAPP_MESSAGE',
  whatsappReply: 'WHATSAPP_REPLY',
  invoice: 'INVOICE',
} as const;
export type ItemType = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];

/** Whether a raw item is of the type. */
export const isItemOfType = (item: Record<string, unknown>, type: ItemType): boolean => item.type === type;

/** What a status change's history record says; the stream hands it over whole, so fields are checked, never cast. */
const storedHistorySchema = z.object({
  de: z.string().nullish(),
  para: z.string(),
  obs: z.string().nullish(),
  by_user: z.string().nullish(),
});

/** A process status change read back from its history item (pattern 13): who, which contract, from and to. */
export type StoredStatusChange = {
  userId: string;
  contractId: string;
  /** The history record's id: one status change, whatever the stream's retries. */
  changeId: string;
  from: string | null;
  to: string;
  obs: string | null;
  byUser: string;
};

/** The status change a history item records, or null when the item is not one. */
export function storedStatusChangeOf(item: Record<string, unknown>): StoredStatusChange | null {
  if (item.type !== ITEM_TYPE.history) return null;
  const userId = parseKey.customer(String(item.pk))?.userId;
  const key = parseKey.historySk(String(item.sk));
  const fields = storedHistorySchema.safeParse(item);
  if (!userId || !key || !fields.success) return null;
  return {
    userId,
    contractId: key.contractId,
    changeId: key.id,
    from: fields.data.de ?? null,
    to: fields.data.para,
    obs: fields.data.obs ?? null,
    byUser: fields.data.by_user ?? '',
  };
}

/** A charge's status as a charge item holds it, with whose and which contract's it is; null when not a charge. */
export function storedChargeStatusOf(
  item: Record<string, unknown>,
): { userId: string; contractId: string; chargeId: string; status: ChargeStatus } | null {
  const status = chargeStatusSchema.safeParse(item.status);
  if (item.type !== ITEM_TYPE.charge || !status.success) return null;
  const userId = parseKey.customer(String(item.pk))?.userId;
  const key = parseKey.chargeSk(String(item.sk));
  return userId && key ? { userId, ...key, status: status.data } : null;
}

/** A court movement item (pattern 77) of a customer's case; null when the item is not one. */
export function storedCourtMovementOf(
  item: Record<string, unknown>,
): { userId: string; movement: CourtMovement } | null {
  if (item.type !== ITEM_TYPE.courtMovement) return null;
  const userId = parseKey.customer(String(item.pk))?.userId;
  const movement = courtMovementSchema.safeParse(stripKeys(item));
  return userId && movement.success ? { userId, movement: movement.data } : null;
}

/** A Nada Consta item of a customer's partition, parsed; null when the item is not one. */
export function storedCertificateOf(item: Record<string, unknown>): Certificate | null {
  return item.type === ITEM_TYPE.certificate ? certificateSchema.parse(stripKeys(item)) : null;
}

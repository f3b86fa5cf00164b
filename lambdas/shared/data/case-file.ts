import type { CaseFileContract, InternalNote, SentEmail, SentReminder } from '../../../domain/case-file.js';
import { REMINDER_CHANNEL_LABELS, REMINDER_KINDS, type ReminderKind } from '../../../domain/reminders.js';
import {
  adminStatusHistorySchema,
  chargeSchema,
  contractSchema,
  courtMovementSchema,
  processSchema,
  profileSchema,
  type AdminStatusHistory,
  type Charge,
  type CourtMovement,
  type Process,
  type Profile,
} from '../../../domain/schemas/entities.js';
import { kitItemSchema, type KitItem } from '../../../domain/schemas/filing-kit.js';
import { emailAddressHash } from './email-suppressions.js';
import { keys } from './keys.js';
import { queryAllItems, stripKeys, type Db } from './table.js';

export type CaseFileRecords = {
  profile: Profile | null;
  accountConfirmedAt: string | null;
  contracts: CaseFileContract[];
  charges: Charge[];
  processes: Process[];
  /** With the admin's side of each change (reason, warnings, internal note): the case file is the admin's. */
  history: AdminStatusHistory[];
  sentEmails: SentEmail[];
  internalNotes: InternalNote[];
  /** The filing kit's items (pattern 69), for the lawyer's review. */
  kit: KitItem[];
  /** The court movements of the client's filed cases (pattern 77). */
  movements: CourtMovement[];

  /** The reminders sent (pattern 98: a day's record once its reminder went). */
  reminders: SentReminder[];
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Pattern 85: everything under the customer's partition for their case file, in one paged Query (`pk=CUSTOMER#<sub>`,
 * any sort key): pattern 1's collection, the account marker, the e-mails sent (pattern 84) and the internal notes. A
 * client's partition holds tens of items, so reading it whole costs less than a request per kind.
 */
export async function caseFileRecords(db: Db, userId: string): Promise<CaseFileRecords> {
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.customer(userId) },
  });
  const records: CaseFileRecords = {
    profile: null,
    accountConfirmedAt: null,
    contracts: [],
    charges: [],
    processes: [],
    history: [],
    sentEmails: [],
    internalNotes: [],
    kit: [],
    movements: [],

    reminders: [],
  };
  const sent: Record<string, unknown>[] = [];
  for (const item of items) {
    const entity = stripKeys(item);
    switch (item.type) {
      case 'PROFILE':
        records.profile = profileSchema.parse(entity);
        break;
      case 'ACCOUNT':
        records.accountConfirmedAt = text(item.welcome_sent_at);
        break;
      case 'CONTRACT': {
        const evidence = item.assinatura as CaseFileContract['assinatura'];
        records.contracts.push({ ...contractSchema.parse(entity), assinatura: evidence ?? null });
        break;
      }
      case 'CHARGE':
        records.charges.push(chargeSchema.parse(entity));
        break;
      case 'PROCESS':
        records.processes.push(processSchema.parse(entity));
        break;
      case 'HISTORY':
        records.history.push(adminStatusHistorySchema.parse(entity));
        break;
      case 'SENT_EMAIL':
        sent.push(item);
        break;
      case 'KIT_ITEM':
        records.kit.push(kitItemSchema.parse(entity));
        break;
      case 'COURT_MOVEMENT':
        records.movements.push(courtMovementSchema.parse(entity));
        break;

      case 'REMINDER': {
        // A day claimed for a reminder whose sending failed has no `enviado_em`: nothing went, nothing to show.
        const kind = item.kind as ReminderKind;
        if (typeof item.enviado_em !== 'string' || !REMINDER_KINDS.includes(kind)) break;
        records.reminders.push({
          dia: String(item.dia ?? ''),
          kind,
          contrato_id: String(item.contrato_id ?? ''),
          enviado_em: item.enviado_em,
          canais: (Array.isArray(item.canais) ? item.canais : ['email']).filter(
            (channel): channel is keyof typeof REMINDER_CHANNEL_LABELS => channel in REMINDER_CHANNEL_LABELS,
          ),
        });
        break;
      }
      // An internal note (branch `today`'s status dialog), read as it is written there: tolerant of its field names.
      case 'INTERNAL_NOTE':
        records.internalNotes.push({
          id: String(item.id ?? item.sk),
          contrato_id: String(item.contrato_id ?? ''),
          texto: text(item.texto) ?? text(item.nota) ?? '',
          by_user: String(item.by_user ?? ''),
          created_at: String(item.created_at ?? ''),
        });
        break;
    }
  }
  const currentAddress = records.profile ? emailAddressHash(records.profile.email) : null;
  records.sentEmails = sent.map((item) => ({
    id: String(item.sk),
    assunto: String(item.assunto ?? ''),
    enviado_em: String(item.enviado_em ?? ''),
    toCurrentAddress: item.para_hash === currentAddress,
  }));
  // Newest first, as every screen lists them (contract ids are ULIDs, in creation order).
  records.contracts.reverse();
  records.charges.sort((a, b) => b.created_at.localeCompare(a.created_at));
  records.processes.sort((a, b) => b.created_at.localeCompare(a.created_at));
  records.history.sort((a, b) => b.created_at.localeCompare(a.created_at));
  return records;
}

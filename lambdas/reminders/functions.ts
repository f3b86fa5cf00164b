import { TIME_ZONE } from '../../domain/sao-paulo-calendar.js';
import { REMINDER_SCHEDULE } from '../../domain/reminders.js';
import { items, type ScheduledFunction } from '../catalogue.js';
import { keys } from '../shared/data/keys.js';

/** The reminders area's scheduled function (lambdas/reminders). */
export const REMINDER_SCHEDULED_FUNCTIONS = {
  // Reminders of unpaid charges and missing documents (docs/decisions.md, Reminders: an hourly sweep): every hour in
  // São Paulo's day, never at night; each run sends what is due now and nothing twice.
  SendReminders: {
    entry: 'lambdas/reminders/send-reminders.ts',
    // The candidates (pattern 99: gsi2 `CHARGE_STATUS#PENDING` and `PROCESS_STATUS#pago`); in the customer's partition,
    // the profile, contract, latest charge, process and kit items read (patterns 2, 8, 69), the reminder's once-only
    // marker (pattern 66, GetItem and UpdateItem), the day's record (pattern 98) and the e-mail's record (pattern 84).
    grants: {
      tableItems: [
        {
          actions: ['GetItem', 'Query', 'UpdateItem'],
          pkPrefixes: [keys.customer('')],
          indexes: {
            gsi2: [
              keys.statusList('CHARGE', 'PENDING'),
              keys.statusList('PROCESS', 'pago'),
              // The WhatsApp messages whose next attempt is due (pattern 108: retryDueWhatsApp runs first).
              keys.whatsappRetryQueue,
            ],
          },
        },
        // The reminder by WhatsApp (sendWhatsAppOnce) and the retries: the consent and the outbox entry are in the
        // customer's partition; the accepted message's pointer (pattern 96) is its own.
        items(['UpdateItem'], keys.whatsappMessagePointer('')),
      ],
      email: true,
      appLinks: true,
      whatsapp: true,
    },
    // A few hundred customers a run, a handful of reads each: seconds; the rest is room for SES's slow answers.
    timeoutSeconds: 300,
    schedule: { hour: [...REMINDER_SCHEDULE.sendHours], minute: 5, timeZone: TIME_ZONE },
  },
} as const satisfies Record<string, ScheduledFunction>;

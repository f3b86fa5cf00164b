import { TIME_ZONE } from '../../domain/sao-paulo-calendar.js';
import { FILED_PROCESS_STATUSES } from '../../domain/process-status.js';
import { items, type ScheduledFunction } from '../catalogue.js';
import { keys } from '../shared/data/keys.js';

/** The court area's scheduled function (lambdas/court). */
export const COURT_SCHEDULED_FUNCTIONS = {
  // The court sync with DataJud (docs/decisions.md, Court movements from DataJud): four times a day in São Paulo,
  // as DataJud can be hours behind the courts and the judges decide during office hours.
  SyncCourtCases: {
    entry: 'lambdas/court/sync-court-cases.ts',
    // The filed processes by status (pattern 76: gsi2 `PROCESS_STATUS#` of the filed statuses); the cases' sync
    // records (pattern 78, BatchGetItem and UpdateItem) and their movements (pattern 77, conditional PutItem) in the
    // customer's partition; the admins' alert for an injunction granted or revoked (pattern 49, with its reference).
    grants: {
      tableItems: [
        {
          actions: ['BatchGetItem', 'PutItem', 'UpdateItem'],
          pkPrefixes: [keys.customer('')],
          indexes: { gsi2: FILED_PROCESS_STATUSES.map((status) => keys.statusList('PROCESS', status)) },
        },
        items(['PutItem'], keys.adminAlert('')),
      ],
      datajud: true,
    },
    // One search every two seconds with backoffs: Lambda's maximum, and the run stops by itself before it.
    timeoutSeconds: 900,
    schedule: { hour: [7, 11, 15, 19], minute: 30, timeZone: TIME_ZONE },
  },
} as const satisfies Record<string, ScheduledFunction>;

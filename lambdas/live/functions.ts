import type { FunctionDefinition } from '../catalogue.js';
import { keys } from '../shared/data/keys.js';

/**
 * The live channel: the WebSocket API's $connect / $disconnect, and the one consumer of the table's stream that tells
 * customers about changes (pushes to their open screens, the 'status-update' e-mail).
 */
export const LIVE_FUNCTIONS = {
  // Verifies the id token itself and writes the connection and its pointer (pattern 39), nothing else.
  connectLive: {
    entry: 'lambdas/live/connect.ts',
    grants: {
      tableItems: { actions: ['PutItem'], pkPrefixes: [keys.customer(''), keys.connectionPointer('')] },
      tokens: true,
    },
  },
  disconnectLive: {
    entry: 'lambdas/live/disconnect.ts',
    grants: {
      tableItems: { actions: ['GetItem', 'DeleteItem'], pkPrefixes: [keys.customer(''), keys.connectionPointer('')] },
    },
  },
  publishChanges: {
    entry: 'lambdas/live/publish-changes.ts',
    // userPool: the admins' addresses, for the admin alerts (pattern 49) it e-mails.
    // whatsapp: the status notices' WhatsApp twins, once, with consent (patterns 94–96).
    grants: { table: 'readwrite', email: true, push: true, userPool: 'read', whatsapp: true },
  },
} as const satisfies Record<string, FunctionDefinition>;
export type LiveFunctionName = keyof typeof LIVE_FUNCTIONS;

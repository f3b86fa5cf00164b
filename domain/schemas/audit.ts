import * as z from 'zod';

/**
 * What an admin did (every admin action is audited), and the customer's own withdrawal (a contract cancelled
 * and its money sent back is audited whoever asks for it).
 */
export const ADMIN_ACTIONS = [
  'process-status',
  'charge-mark-paid',
  'charge-verify',
  'client-delete',
  'charge-refund',
  'contract-withdrawal',
  'charge-manual-refund',
  'kit-review',
  'invoice-retry',
  'reconciliation-run',
] as const;

/**
 * One admin action: who, when, on what, and the state before and after (statuses, counts — never a copy of the
 * client's personal data, so the trail may outlive the client: spec 02 'admin history is kept only in system logs').
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ userId: z.string(), email: z.string() }),
  action: z.enum(ADMIN_ACTIONS),
  /** The client the action concerns (their Cognito sub) and the item acted on. */
  targetUserId: z.string(),
  target: z.object({
    type: z.enum(['process', 'charge', 'client', 'contract', 'kit_item', 'reconciliation']),
    id: z.string(),
  }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

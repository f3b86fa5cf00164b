import { kitViewSchema } from '../api/filing-kit.js';
import * as z from 'zod';
import { caseFileEventSchema } from '../case-file.js';
import { auditEntrySchema } from './audit.js';
import { chargeSchema, contractSchema, processSchema, profileSchema } from './entities.js';

const count = z.number().int().nonnegative();

/**
 * A client as the admin lists show it: the profile with what the list reads off it without a join
 * (docs/data-model.md, Admin lists at 100,000 clients): whether a contract was signed, and how many contracts and
 * processes the client has.
 */
export const adminClientSchema = profileSchema.extend({
  has_contract: z.boolean().default(false),
  contract_count: count.default(0),
  process_count: count.default(0),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/**
 * A row of /admin/clientes: the client with their current process's status (none before a profile's first contract)
 * and when anything of theirs last changed (pattern 103).
 */
export const adminClientRowSchema = adminClientSchema.extend({
  process_status: processSchema.shape.status.nullable(),
  last_activity_at: z.string(),
});
export type AdminClientRow = z.infer<typeof adminClientRowSchema>;

/** A charge on the client detail, without its QR image (the admin never pays it; the image is ~10 KB each). */
export const adminClientChargeSchema = chargeSchema.omit({ qr_code: true });

/** Spec 02 §7: on admin detail each contract embeds its charges (newest first). */
export const adminClientContractSchema = contractSchema.extend({ charges: z.array(adminClientChargeSchema) });

/** A process with its contract's protocol, the way the detail lists it. */
export const adminClientProcessSchema = processSchema.extend({ protocolo: z.string() });

export const adminClientDetailSchema = z.object({
  profile: adminClientSchema,
  contracts: z.array(adminClientContractSchema),
  processes: z.array(adminClientProcessSchema),
  /** Admin actions on this client, newest first (the audit trail). */
  audit: z.array(auditEntrySchema),
  /** The case file: everything that happened to the client, newest first (domain/case-file.ts). */
  timeline: z.array(caseFileEventSchema),
  /** The filing kit of the process the client follows, for the lawyer's review. */
  kit: kitViewSchema.optional(),
});
export type AdminClientDetail = z.infer<typeof adminClientDetailSchema>;

/**
 * Spec 02 §7 delete_client_data: deleted_contracts, deleted_processes, deleted_referrals; and what else went: charges,
 * documents (objects, each with all its versions), open payments removed at Asaas, Asaas customers removed, workflow
 * executions stopped.
 */
export const clientDeletionSchema = z.object({
  deleted_contracts: count,
  deleted_processes: count,
  deleted_referrals: count,
  deleted_charges: count,
  deleted_documents: count,
  removed_payments: count,
  deleted_asaas_customers: count,
  stopped_executions: count,
});
export type ClientDeletion = z.infer<typeof clientDeletionSchema>;

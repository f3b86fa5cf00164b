import * as z from 'zod';

/** Every execution of the payment workflow carries these ids (lib/constructs/workflow.ts). */
export const workflowInputSchema = z.object({
  userId: z.string().min(1),
  contractId: z.string().min(1),
  chargeId: z.string().min(1),
});
export type WorkflowInput = z.infer<typeof workflowInputSchema>;

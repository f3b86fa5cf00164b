import * as z from 'zod';
import {
  KIT_ITEM_KEYS,
  KIT_ITEM_STATES,
  KIT_REFUSAL_CODES,
  KIT_SIGNING_METHODS,
  KIT_UPLOAD_LIMITS,
  KIT_UPLOAD_TYPES,
  kitProgress,
  kitRefusalFix,
} from '../filing-kit.js';
import { PAID_NOT_FILED_STATUSES } from '../process-status.js';
import { documentTypeSchema, type Contract, type Process, type Profile } from '../schemas/entities.js';
import { kitFileSchema, kitRefusalSchema, kitSigningSchema, type KitItem } from '../schemas/filing-kit.js';
import { defineRoute } from './route.js';

/** Where a customer's kit stands: open for uploads, not yet (before the payment), or closed (filed, cancelled). */
export const KIT_AVAILABILITY = ['open', 'not_paid', 'closed'] as const;

/** One checklist item with its state, files and the lawyer's decision, as both the customer and the admin see it. */
export const kitViewItemSchema = z.object({
  key: z.enum(KIT_ITEM_KEYS),
  title: z.string(),
  guidance: z.string(),
  required: z.boolean(),
  signature: z.enum(['none', 'signed_document']),
  maxFiles: z.number().int(),
  state: z.enum(KIT_ITEM_STATES),
  /** 'Pendente', 'Enviado', 'Em análise', 'Aprovado', 'Recusado: <motivo>'. */
  label: z.string(),
  refusal: kitRefusalSchema.nullable(),
  /** How to fix a refused item. */
  fix: z.string().nullable(),
  files: z.array(kitFileSchema),
  pdf_bytes: z.number().nullish(),
  signing: kitSigningSchema.nullish(),
  sent_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});

export const kitViewSchema = z.object({
  availability: z.enum(KIT_AVAILABILITY),
  documentType: documentTypeSchema.nullable(),
  contractId: z.string().nullable(),
  protocolo: z.string().nullable(),
  items: z.array(kitViewItemSchema),
  requiredCount: z.number().int(),
  approvedCount: z.number().int(),
  complete: z.boolean(),
  /** When the kit was approved (the process moved to 'em_analise'). */
  approvedAt: z.string().nullable(),
});
export type KitView = z.infer<typeof kitViewSchema>;

/**
 * The kit of the process a customer follows (the newest), with each checklist item's state: the one shape the
 * customer's screen, the admin's client detail and every kit route answer.
 */
export function kitView(input: {
  profile: Pick<Profile, 'tipo_documento'> | null;
  process: Process | null;
  contract: Pick<Contract, 'id' | 'protocolo' | 'cancelado_em'> | null;
  items: readonly KitItem[];
}): KitView {
  const { profile, process, contract } = input;
  const availability =
    !profile || !process || !contract
      ? 'not_paid'
      : contract.cancelado_em || !PAID_NOT_FILED_STATUSES.includes(process.status)
        ? ['cadastro', 'contrato_assinado', 'pagamento_pendente', 'pagamento_estornado'].includes(process.status) &&
          !contract.cancelado_em
          ? 'not_paid'
          : 'closed'
        : 'open';
  const items = contract ? input.items.filter((item) => item.contrato_id === contract.id) : [];
  const byKey = new Map(items.map((item) => [item.key, item]));
  const progress = kitProgress(profile?.tipo_documento ?? 'cpf', items);
  return {
    availability,
    documentType: profile?.tipo_documento ?? null,
    contractId: contract?.id ?? null,
    protocolo: contract?.protocolo ?? null,
    items: progress.items.map((item) => {
      const stored = byKey.get(item.key);
      return {
        key: item.key,
        title: item.title,
        guidance: item.guidance,
        required: item.required,
        signature: item.signature,
        maxFiles: item.maxFiles,
        state: item.state,
        label: item.label,
        refusal: item.refusal,
        fix: item.refusal ? kitRefusalFix(item.refusal) : null,
        files: stored?.files ?? [],
        pdf_bytes: stored?.pdf_bytes ?? null,
        signing: stored?.signing ?? null,
        sent_at: stored?.sent_at ?? null,
        reviewed_at: stored?.reviewed_at ?? null,
      };
    }),
    requiredCount: progress.requiredCount,
    approvedCount: progress.approvedCount,
    complete: progress.complete,
    approvedAt: process?.kit_aprovado_em ?? null,
  };
}

const itemKeySchema = z.enum(KIT_ITEM_KEYS, { error: 'Item de documento inválido.' });
const ulidSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Envio não encontrado.');

/** 'Documentos' (/app/documentos): the caller's checklist with each item's state. */
export const getMyKitRoute = defineRoute({
  id: 'GetMyKit',
  method: 'GET',
  path: '/me/kit',
  access: 'customer',
  response: kitViewSchema,
});

/**
 * An upload form for one file (a presigned POST straight to S3): the policy pins the key under the caller's own
 * prefix, the Content-Type and at most 10 MB; 50 an hour per customer (429 beyond).
 */
export const createKitUploadRoute = defineRoute({
  id: 'CreateKitUpload',
  method: 'POST',
  path: '/me/kit/uploads',
  access: 'customer',
  body: z.object({
    item: itemKeySchema,
    contentType: z.enum(KIT_UPLOAD_TYPES, {
      error: 'Tipo de arquivo não aceito. Envie um PDF ou uma foto (JPG, PNG ou HEIC).',
    }),
    bytes: z
      .number()
      .int()
      .min(1, 'O arquivo está vazio. Escolha o arquivo de novo.')
      .max(
        KIT_UPLOAD_LIMITS.maxBytes,
        'O arquivo passa de 10 MB. Envie um arquivo menor (uma foto ou um PDF de até 10 MB).',
      ),
  }),
  response: z.object({
    uploadId: z.string(),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
});

/**
 * After the upload: the server reads the file, checks its real type and content, waits for the malware scan (409
 * `kit_scan_pending` until it is done), converts it, and adds it to the item. Idempotent: confirming an upload again
 * answers the kit as it is. `signing` says how a procuração or declaração was signed.
 */
export const confirmKitUploadRoute = defineRoute({
  id: 'ConfirmKitUpload',
  method: 'POST',
  path: '/me/kit/uploads/{uploadId}/confirmation',
  access: 'customer',
  params: z.object({ uploadId: ulidSchema }),
  body: z.object({ item: itemKeySchema, signing: z.enum(KIT_SIGNING_METHODS).optional() }),
  response: kitViewSchema,
});

const clientParams = z.object({ id: z.string().trim().min(1).max(64), item: itemKeySchema });

/**
 * A short-lived link to one file of a client's kit: the item's PDF (`file` omitted) or an original. Opening an item
 * 'Enviado' marks it 'Em análise'.
 */
export const getAdminKitFileRoute = defineRoute({
  id: 'GetAdminKitFile',
  method: 'GET',
  path: '/admin/clients/{id}/kit/{item}/file',
  access: 'admin',
  params: clientParams,
  query: z.object({ file: ulidSchema.optional() }),
  response: z.object({ url: z.string() }),
});

/**
 * The lawyer's decision on one item: approve, or refuse with a reason the customer reads (and is e-mailed). Approving
 * the last required item moves the process to 'em_analise' and e-mails the customer that the kit is complete.
 */
export const reviewKitItemRoute = defineRoute({
  id: 'ReviewKitItem',
  method: 'POST',
  path: '/admin/clients/{id}/kit/{item}/review',
  access: 'admin',
  params: clientParams,
  body: z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('aprovar') }),
    z.object({
      decision: z.literal('recusar'),
      code: z.enum(KIT_REFUSAL_CODES, { error: 'Escolha o motivo da recusa.' }),
      note: z.string().trim().max(500, 'O motivo pode ter até 500 caracteres.').optional(),
    }),
  ]),
  response: kitViewSchema,
});

/**
 * A short-lived link to one of the caller's own kit files: the item's PDF (`file` omitted) or an original they sent.
 * Another customer's file is simply not found (404): only the caller's partition and prefix are read.
 */
export const getMyKitFileRoute = defineRoute({
  id: 'GetMyKitFile',
  method: 'GET',
  path: '/me/kit/{item}/file',
  access: 'customer',
  params: z.object({ item: itemKeySchema }),
  query: z.object({ file: ulidSchema.optional() }),
  response: z.object({ url: z.string() }),
});

import * as z from 'zod';
import {
  KIT_ITEM_KEYS,
  KIT_ITEM_STATES,
  KIT_REFUSAL_CODES,
  KIT_SIGNING_METHODS,
  KIT_UPLOAD_TYPES,
} from '../filing-kit.js';

export const kitRefusalSchema = z.object({ code: z.enum(KIT_REFUSAL_CODES), note: z.string().nullish() });

/** One file of a kit item as the screens see it (never its storage key). */
export const kitFileSchema = z.object({
  id: z.string(),
  /** The real type, read from the file's bytes. */
  content_type: z.enum(KIT_UPLOAD_TYPES),
  bytes: z.number().int().nonnegative(),
  uploaded_at: z.string(),
});

/**
 * How a signed item was signed: by hand (the lawyer checks it), or gov.br with what the server read from the
 * certificate (docs/decisions.md, "The procuração and the declaração: generated from the profile, signed on gov.br or
 * by hand").
 */
export const kitSigningSchema = z.object({
  method: z.enum(KIT_SIGNING_METHODS),
  signer_name: z.string().nullish(),
  signer_cpf: z.string().nullish(),
  signed_at: z.string().nullish(),
  issuer: z.string().nullish(),
  chain_validated: z.boolean().nullish(),
});
export type KitSigning = z.infer<typeof kitSigningSchema>;

/** A kit item as stored and served: its state, files, the lawyer's decision. */
export const kitItemSchema = z.object({
  contrato_id: z.string(),
  key: z.enum(KIT_ITEM_KEYS),
  state: z.enum(KIT_ITEM_STATES).exclude(['pendente']),
  files: z.array(kitFileSchema),
  /** Bytes of the one PDF the item's files make (what the lawyer files). */
  pdf_bytes: z.number().int().nonnegative().nullish(),
  signing: kitSigningSchema.nullish(),
  refusal: kitRefusalSchema.nullish(),
  sent_at: z.string(),
  reviewed_at: z.string().nullish(),
  updated_at: z.string(),
});
export type KitItem = z.infer<typeof kitItemSchema>;

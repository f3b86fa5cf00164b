import * as z from 'zod';
import { LOOKUP_INPUT_MESSAGES, LOOKUP_MESSAGES } from './messages.js';
import type { ProcessStatus } from './process-status.js';

/**
 * The longest honest query: a formatted CNPJ is 18 characters (12.ABC.345/01DE-35), a protocol with its check digit
 * 17; the slack allows a few stray spaces.
 */
export const LOOKUP_QUERY_MAX_LENGTH = 32;

/** What a CPF, a CNPJ (alphanumeric since July 2026) or a protocol may be typed with: letters, digits, . - / and spaces. */
const LOOKUP_QUERY_CHARACTERS = /^[0-9A-Za-z.\-/ ]*$/;

export const lookupRequestSchema = z.object({
  consulta: z
    .string()
    .trim()
    .min(1, LOOKUP_MESSAGES.requiredDescription)
    .max(LOOKUP_QUERY_MAX_LENGTH, LOOKUP_INPUT_MESSAGES.tooLong)
    .regex(LOOKUP_QUERY_CHARACTERS, LOOKUP_INPUT_MESSAGES.invalidCharacters),
});

export const lookupEntrySchema = z.object({
  id: z.string(),
  protocolo: z.string(),
  protocolo_completo: z.string(),
  status: z.string(),
  nome_cliente: z.string(),
  email_cliente: z.string(),
  cpf_cliente: z.string(),
  valor: z.number(),
  created_at: z.string(),
  assinado_em: z.string().nullable(),
  baixa_deferida_em: z.string().nullable(),
  baixa_caiu_em: z.string().nullable(),
  previsao: z.string().nullable(),
  /** The CNJ case number once filed: public data (the courts publish it); nothing else of the case is shown here. */
  numero_cnj: z.string().nullish(),
});
export type LookupEntry = z.infer<typeof lookupEntrySchema>;

export const lookupResultSchema = z.object({
  found: z.boolean(),
  searchType: z.enum(['cpf', 'cnpj', 'protocolo']).nullable(),
  processos: z.array(lookupEntrySchema),
});
export type LookupResult = z.infer<typeof lookupResultSchema>;

/**
 * The public lookup speaks its own status vocabulary (spec 01 §4). Stored statuses are the
 * dashboard's; this is the one translation between them (see docs/decisions.md).
 */
const LOOKUP_STATUS_OF: Record<ProcessStatus, string> = {
  cadastro: 'cadastro',
  contrato_assinado: 'contrato_assinado',
  pagamento_pendente: 'contrato_assinado',
  pago: 'pagamento_realizado',
  em_analise: 'em_analise',
  peticionado: 'protocolo_efetuado',
  baixa_deferida: 'baixa_deferida',
  baixa_caiu: 'baixa_caiu',
  encerrado: 'encerrado',
  // The payment went back: for the public, the contract stands signed and unpaid.
  pagamento_estornado: 'contrato_assinado',
};

export function lookupStatusOf(status: ProcessStatus): string {
  return LOOKUP_STATUS_OF[status];
}

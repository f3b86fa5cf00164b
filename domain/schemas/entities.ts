import * as z from 'zod';
import { PROCESS_STATUSES } from '../process-status.js';
import { COURT_MOVEMENT_KINDS } from '../court-movements.js';
import { CHECKOUT_METHODS } from '../payment-methods.js';
import { chargeStatusSchema } from '../charge-status.js';

/**
 * Entity shapes as the API returns them. Field names follow the spec (pt-BR snake_case) so
 * screens and e-mails read the same words the spec uses; dates are ISO-8601 strings in UTC.
 */

export const documentTypeSchema = z.enum(['cpf', 'cnpj']);
export type DocumentType = z.infer<typeof documentTypeSchema>;

const isoDate = z.string();

export const geoSchema = z.object({
  cidade: z.string(),
  estado: z.string(),
  pais: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const profileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  nome_completo: z.string(),
  tipo_documento: documentTypeSchema,
  /** CPF or CNPJ, digits only. */
  cpf: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  endereco: z.string(),
  numero: z.string(),
  complemento: z.string().nullable(),
  bairro: z.string(),
  cidade: z.string(),
  estado: z.string(),
  cep: z.string(),
  /** A company's signing partner (the procuração's signer), CPF digits; absent on profiles saved before. */
  socio_nome: z.string().nullish(),
  socio_cpf: z.string().nullish(),
  referral_code: z.string(),
  referred_by_profile_id: z.string().nullable(),
  free_renewals: z.number().int().nonnegative(),
  created_at: isoDate,
});
export type Profile = z.infer<typeof profileSchema>;

export const contractSchema = z.object({
  id: z.string(),
  profile_id: z.string(),
  protocolo: z.string(),
  valor: z.number(),
  forma_pagamento: z.string(),
  assinado_em: isoDate.nullable(),
  ip_assinatura: z.string().nullable(),
  geo_assinatura: geoSchema.nullable(),
  parent_contrato_id: z.string().nullable(),
  /** Set once when the contract is cancelled (the customer's withdrawal, or an admin's refund); never signed again. */
  cancelado_em: isoDate.nullish(),
  created_at: isoDate,
});
export type Contract = z.infer<typeof contractSchema>;

/**
 * Money an admin recorded by hand on a charge (a payment received outside Asaas, a refund made outside it): the amount,
 * the São Paulo day, the reason, who (the admin's e-mail) and when.
 */
export const manualMoneyRecordSchema = z.object({
  valor: z.number(),
  data: z.string(),
  motivo: z.string(),
  por: z.string(),
  em: isoDate,
});

export const chargeSchema = z.object({
  id: z.string(),
  contrato_id: z.string(),
  status: chargeStatusSchema,
  qr_code: z.string().nullable(),
  pix_payload: z.string().nullable(),
  link: z.string().nullable(),
  asaas_id: z.string().nullable(),
  fb_event_id: z.string().nullable(),
  /**
   * The amount Asaas charges, in reais (the finance figures count it). Charges written before it was kept have none:
   * their contract's `valor` stands in.
   */
  valor: z.number().nullish(),
  /** Until when the PIX can be paid (ISO; 'Válido até …' on the payment screen); absent on older charges. */
  pix_valido_ate: isoDate.nullish(),
  /** When it first became paid; kept after a refund (what a reversal looks for). */
  paid_at: isoDate.nullish(),
  /**
   * What Asaas kept of the money (`value − netValue`), in reais, written with the move that made the charge paid; a card
   * plan adds each later instalment's as Asaas confirms it. Absent: not paid through Asaas, or paid before it was kept.
   */
  taxa_asaas: z.number().nullish(),
  /**
   * Asaas refused to settle this charge of a cancelled contract (a refund: no balance, past 90 days; a removal: under
   * risk analysis): when, and Asaas's reason. Cleared when a later settlement is accepted (docs/decisions.md).
   */
  refund_refused_at: isoDate.nullish(),
  refund_refused_reason: z.string().nullish(),
  /** The money went back outside Asaas (a bank transfer), as an admin recorded it ('Registrar estorno manual'). */
  manual_refund: manualMoneyRecordSchema.nullish(),
  /**
   * The money arrived outside Asaas's PIX (a transfer, a deposit, cash) and an admin recorded it ('Marcar pago'): the
   * amount and São Paulo day received, the reason, who and when. Its method reads 'manual' everywhere (`chargeMethod`, domain/payment-methods.ts).
   */
  pagamento_manual: manualMoneyRecordSchema.nullish(),
  /** How the customer chose to pay (domain/payment-methods.ts); absent on charges made before: PIX. */
  forma: z.enum(CHECKOUT_METHODS).nullish(),
  /** A card charge's instalment plan: the count and Asaas's installment id (its refund covers every instalment). */
  parcelas: z.number().int().nullish(),
  asaas_parcelamento_id: z.string().nullish(),
  /** Each instalment's status as Asaas last confirmed it, by instalment number ('2': 'CONFIRMED'). */
  parcelas_status: z.record(z.string(), z.string()).nullish(),
  /** A card the issuer refused or Asaas's risk analysis reproved: the screen offers another way to pay. */
  cartao_recusado: z.object({ motivo: z.enum(['recusado', 'reprovado']), em: isoDate }).nullish(),
  /** A boleto's typeable line (Asaas's identificationField), its PDF and its due date (yyyy-MM-dd). */
  boleto_linha: z.string().nullish(),
  boleto_pdf: z.string().nullish(),
  vencimento: z.string().nullish(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Charge = z.infer<typeof chargeSchema>;

export const processStatusSchema = z.enum(PROCESS_STATUSES);

export const processSchema = z.object({
  id: z.string(),
  contrato_id: z.string(),
  status: processStatusSchema,
  previsao: isoDate.nullable(),
  observacoes: z.string().nullable(),
  baixa_deferida_em: isoDate.nullable(),
  baixa_caiu_em: isoDate.nullable(),
  /** The charge whose payment made it 'pago' (a refund or chargeback of that charge takes it back out). */
  paid_charge_id: z.string().nullish(),
  /**
   * The court case, set when an admin moves the process to 'peticionado' (domain/cnj-number.ts): the CNJ number as
   * `NNNNNNN-DD.AAAA.J.TR.OOOO`, the court's acronym derived from it (TJSP), the court unit as the admin typed it
   * (optional) and the filing date (São Paulo day, YYYY-MM-DD). Public data: the lookup may show the number.
   */
  numero_cnj: z.string().nullish(),
  tribunal: z.string().nullish(),
  vara: z.string().nullish(),
  peticionado_em: z.string().nullish(),
  /**
   * When every required item of the filing kit was approved (domain/filing-kit.ts): the process moved to 'em_analise'
   * and its filing forecast was counted again from the later of this and the payment.
   */
  kit_aprovado_em: isoDate.nullish(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Process = z.infer<typeof processSchema>;

export const statusHistorySchema = z.object({
  processo_id: z.string(),
  de: z.string().nullable(),
  para: z.string(),
  obs: z.string().nullable(),
  by_user: z.string(),
  created_at: isoDate,
});
export type StatusHistory = z.infer<typeof statusHistorySchema>;

/**
 * The admin's side of a status change, kept on its history record beside what the customer reads: the
 * reason an unusual move needed, what it skipped or undid ('sem pagamento confirmado; volta 2 etapas') and the internal
 * note. The customer's readings (dashboard, history, e-mail, live push) parse `statusHistorySchema`, which drops them;
 * the admin's case file reads this one.
 */
export const statusHistoryInternalSchema = z.object({
  motivo: z.string().nullish(),
  avisos: z.string().nullish(),
  nota_interna: z.string().nullish(),
});
export type StatusHistoryInternal = z.infer<typeof statusHistoryInternalSchema>;

export const adminStatusHistorySchema = statusHistorySchema.extend(statusHistoryInternalSchema.shape);
export type AdminStatusHistory = z.infer<typeof adminStatusHistorySchema>;

export const REFERRAL_STATUSES = ['invited', 'signed_up', 'paid'] as const;
export const referralStatusSchema = z.enum(REFERRAL_STATUSES);

export const referralSchema = z.object({
  id: z.string(),
  referrer_profile_id: z.string(),
  referred_profile_id: z.string().nullable(),
  referred_email: z.string(),
  invite_code: z.string(),
  status: referralStatusSchema,
  created_at: isoDate,
  updated_at: isoDate,
});
export type Referral = z.infer<typeof referralSchema>;

export const courtMovementKindSchema = z.enum(COURT_MOVEMENT_KINDS);

/**
 * One court movement of a filed case, as DataJud published it (stored once: its id is derived from the movement
 * itself), with what it means for the customer (domain/court-movements.ts).
 */
export const courtMovementSchema = z.object({
  id: z.string(),
  contrato_id: z.string(),
  /** The TPU movement code; null when the court sent none. */
  codigo: z.number().nullable(),
  /** The court's own words. */
  nome: z.string(),
  /** The `complementosTabelados`, as `nome: descricao` text. */
  complementos: z.array(z.string()),
  /** When the court recorded it (ISO-8601). */
  data_hora: isoDate,
  kind: courtMovementKindSchema,
  /** The customer's sentence: ours for a known movement, the court's words otherwise (plain text). */
  texto: z.string(),
  /** The process status an admin should confirm (an injunction granted or revoked), null when none. */
  sugestao_status: z.enum(['baixa_deferida', 'baixa_caiu']).nullable(),
  /** When an admin confirmed (or dismissed) the suggestion; null while it awaits them. */
  revisado_em: isoDate.nullish(),
  created_at: isoDate,
});
export type CourtMovement = z.infer<typeof courtMovementSchema>;

/** What DataJud last said about a filed case (the court sync's record, one per contract). */
export const courtCaseSchema = z.object({
  contrato_id: z.string(),
  /** found: DataJud knows the case; not_found: not yet published ('aguardando o tribunal'); error: no usable answer. */
  ultimo_resultado: z.enum(['found', 'not_found', 'error']),
  /** The last time DataJud answered at all (found or not found). */
  ultima_resposta_em: isoDate.nullish(),
  ultima_tentativa_em: isoDate,
  primeira_tentativa_em: isoDate,
  /** From DataJud's document, when found. */
  classe: z.string().nullish(),
  orgao_julgador: z.string().nullish(),
  data_ajuizamento: z.string().nullish(),
});
export type CourtCase = z.infer<typeof courtCaseSchema>;

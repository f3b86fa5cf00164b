import * as z from 'zod';
import { ERASURE_STATUSES } from '../data-rights.js';
import { auditEntrySchema } from './audit.js';
import {
  chargeSchema,
  contractSchema,
  manualMoneyRecordSchema,
  processSchema,
  profileSchema,
  referralSchema,
  statusHistorySchema,
} from './entities.js';
import { kitSigningSchema } from './filing-kit.js';
import { invoiceSchema } from './invoice.js';
import { certificateFactsSchema } from '../nada-consta.js';

/** An erasure request as the customer sees it. */
export const erasureRequestSchema = z.object({
  protocolo: z.string(),
  status: z.enum(ERASURE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Until when signed contracts and payments are kept (set when the request was carried out as far as the law allows). */
  retida_ate: z.string().nullable(),
  concluida_em: z.string().nullable(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/**
 * A charge as its owner's export shows it: without the QR image (the PIX code below, drawn as a picture) and without
 * which admin recorded money by hand — the staff member's data, not the customer's, as in the audit trail. zod drops
 * the keys a schema does not name, so parsing a stored charge with this leaves them out.
 */
export const exportedChargeSchema = chargeSchema.omit({ qr_code: true }).extend({
  pagamento_manual: manualMoneyRecordSchema.omit({ por: true }).nullish(),
  manual_refund: manualMoneyRecordSchema.omit({ por: true }).nullish(),
});

/**
 * A charge's nota fiscal as its owner's export shows it: without what the admins read about a nota Asaas or the
 * prefeitura refused (`falha`, `status_description`: the customer never reads the prefeitura's error, docs/decisions.md,
 * "A nota fiscal for every payment") and the retries' count.
 */
export const exportedInvoiceSchema = invoiceSchema.omit({ falha: true, status_description: true, tentativa: true });

/** A stored document (a signed contract, a Nada Consta) as a short-lived signed link; null when the file is gone. */
const documentLinkSchema = z.object({ nome_arquivo: z.string(), url: z.string() }).nullable();

/**
 * 'Baixar meus dados' (LGPD art. 18, II and V): everything the table holds about the caller, grouped by kind. Internal
 * machinery (task tokens, leases, the magic link's nonce hash, index keys) is left out: it is no information about the
 * person. Items of a kind this export does not know yet (a later feature writing into the customer's partition) are
 * listed under `outros`, so nothing held is silently missing.
 */
export const dataExportSchema = z.object({
  formato: z.literal('baixa-meus-dados/1'),
  gerado_em: z.string(),
  conta: z.object({
    email: z.string(),
    boas_vindas_enviadas_em: z.string().nullable(),
  }),
  perfil: profileSchema.nullable(),
  contratos: z.array(
    contractSchema.extend({
      /** The signature's evidence: browser, and the SHA-256 of the text signed (IP and location are on the contract). */
      evidencias_assinatura: z
        .object({ user_agent: z.string().nullable(), texto_sha256: z.string().nullable() })
        .nullable(),
      documento: documentLinkSchema,
    }),
  ),
  cobrancas: z.array(exportedChargeSchema),
  notas_fiscais: z.array(exportedInvoiceSchema),
  processos: z.array(processSchema),
  historico: z.array(statusHistorySchema),
  indicacoes_feitas: z.array(referralSchema),
  /** The referral in which the caller was invited: its status only, never the referrer's data. */
  indicacao_recebida: z.object({ status: z.string(), created_at: z.string(), updated_at: z.string() }).nullable(),
  certificados: z.array(certificateFactsSchema.extend({ documento: documentLinkSchema })),
  /**
   * The filing kit's documents the caller sent, per item: where it stands, the lawyer's reason when refused,
   * how it was signed, the item's PDF and each original as short-lived links.
   */
  documentos_enviados: z.array(
    z.object({
      protocolo: z.string().nullable(),
      item: z.string(),
      situacao: z.string(),
      assinatura: kitSigningSchema.nullable(),
      enviado_em: z.string(),
      analisado_em: z.string().nullable(),
      documento: documentLinkSchema,
      arquivos: z.array(
        z.object({ tipo: z.string(), bytes: z.number(), enviado_em: z.string(), documento: documentLinkSchema }),
      ),
    }),
  ),
  /** The court's movements of the caller's filed cases, as DataJud published them, oldest first. */
  movimentacoes_judiciais: z.array(
    z.object({
      protocolo: z.string().nullable(),
      data_hora: z.string(),
      codigo_tpu: z.number().nullable(),
      nome: z.string(),
      complementos: z.array(z.string()),
      texto: z.string(),
    }),
  ),
  /** E-mails about status changes sent to the caller (one per change), and conversions sent to the ad platforms. */
  comunicacoes: z.array(z.object({ tipo: z.string(), referencia: z.string(), enviado_em: z.string().nullable() })),
  eventos_de_conversao: z.array(
    z.object({ evento: z.string(), cobranca_id: z.string(), enviado_em: z.string().nullable() }),
  ),
  registros_de_seguranca: z.object({
    link_magico_pedido_em: z.string().nullable(),
    recuperacao_de_senha_pedida_em: z.string().nullable(),
    conexoes_abertas: z.array(z.object({ aberta_em: z.string().nullable() })),
  }),
  /** What the team did about the caller (the audit trail), without naming the team member. */
  acoes_da_equipe: z.array(auditEntrySchema.omit({ actor: true, targetUserId: true })),
  /** The notices about the caller the system gave the team (admin alerts, pattern 49), as they were worded. */
  avisos_a_equipe: z.array(z.object({ assunto: z.string(), mensagem: z.string(), criado_em: z.string().nullable() })),
  solicitacoes_lgpd: z.array(erasureRequestSchema),
  /**
   * The WhatsApp channel: the consent with its evidence, every message with its delivery, the replies, and
   * the records kept outside the partition to find them (a message's id, the number as its SHA-256).
   */
  whatsapp: z.object({
    consentimento: z
      .object({
        situacao: z.string(),
        numero: z.string(),
        autorizado_em: z.string(),
        ip_autorizacao: z.string(),
        texto_mostrado: z.string(),
        retirado_em: z.string().nullable(),
        retirado_por: z.string().nullable(),
      })
      .nullable(),
    mensagens: z.array(
      z.object({
        modelo: z.string(),
        texto: z.string(),
        para: z.string(),
        enviada_em: z.string(),
        situacao: z.string(),
        situacao_em: z.string().nullable(),
        erro: z.string().nullable(),
      }),
    ),
    respostas: z.array(
      z.object({
        texto: z.string(),
        recebida_em: z.string(),
        respondida_em: z.string().nullable(),
        pediu_para_sair: z.boolean(),
      }),
    ),
    registros_de_busca: z.array(
      z.object({ tipo: z.string(), referencia: z.string(), criado_em: z.string().nullable() }),
    ),
  }),
  outros: z.array(z.record(z.string(), z.unknown())),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** An erasure request on the admin list: with the client (until the erasure ends, when the copies are removed). */
export const adminErasureRequestSchema = erasureRequestSchema.extend({
  profile_id: z.string(),
  nome_completo: z.string().nullable(),
  email: z.string().nullable(),
  /** What the retention rule says today (docs/decisions.md); null when the client is already gone. */
  guarda: z.object({ retida_ate: z.string().nullable(), motivos: z.array(z.string()) }).nullable(),
});
export type AdminErasureRequest = z.infer<typeof adminErasureRequestSchema>;

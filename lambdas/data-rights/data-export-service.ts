import type { ExportActor } from '../../domain/data-rights.js';
import { historyStatusLabel, SYSTEM_ACTOR } from '../../domain/history.js';
import { certificateFactsSchema } from '../../domain/nada-consta.js';
import { kitFileName, kitItemDefinition, kitItemStateLabel } from '../../domain/filing-kit.js';
import {
  contractSchema,
  courtMovementSchema,
  processSchema,
  profileSchema,
  referralSchema,
  statusHistorySchema,
} from '../../domain/schemas/entities.js';
import { auditEntrySchema } from '../../domain/schemas/audit.js';
import { exportedChargeSchema, exportedInvoiceSchema, type DataExport } from '../../domain/schemas/data-rights.js';
import {
  renderTemplateBody,
  templateByName,
  WHATSAPP_CONSENT_LABELS,
  WHATSAPP_MESSAGE_STATE_LABELS,
  WHATSAPP_MESSAGES,
} from '../../domain/whatsapp.js';
import type { Documents } from '../providers/documents.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { adminAlertIdOfRef } from '../shared/data/admin-alerts.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { emailOnceRecordOf } from '../shared/data/email-once.js';
import { parseStoredKitItem } from '../shared/data/filing-kit.js';
import { customerRecords, type CustomerRecords } from '../shared/data/data-rights.js';
import {
  isItemOfType,
  ITEM_TYPE,
  storedCertificateOf,
  storedStatusChangeOf,
  type ItemType,
} from '../shared/data/items.js';
import { whatsappChannelFrom } from '../shared/data/whatsapp.js';
import { stripKeys, type Db } from '../shared/data/table.js';
import { erasureRequestView } from './erasure-service.js';

export type DataExportDeps = { db: Db; clock: Clock; documents: Pick<Documents, 'downloadUrl'> };

/** The links to the PDFs last long enough to open the export and click, not to be shared for days. */
const DOCUMENT_LINK_SECONDS = 15 * 60;

/** Item types the export shapes itself; any other item of the partition goes under `outros`. */
const KNOWN_TYPES = new Set<string>([
  ITEM_TYPE.profile,
  ITEM_TYPE.contract,
  ITEM_TYPE.charge,
  ITEM_TYPE.invoice,
  ITEM_TYPE.process,
  ITEM_TYPE.history,
  ITEM_TYPE.referral,
  ITEM_TYPE.certificate,
  ITEM_TYPE.connection,
  ITEM_TYPE.adminAlertRef,
  ITEM_TYPE.emailOnce,
  ITEM_TYPE.sentEmail,
  ITEM_TYPE.kitItem,
  // The marker of a confirmed upload: the same file the kit item lists.
  ITEM_TYPE.kitUpload,
  ITEM_TYPE.courtMovement,
  // The WhatsApp channel (patterns 94–97), shaped under `whatsapp`.
  ITEM_TYPE.whatsappConsent,
  ITEM_TYPE.whatsappMessage,
  ITEM_TYPE.whatsappReply,
]);

/** The once-only e-mails of the caller's partition (pattern 66), in words. */
const EMAIL_ONCE_LABELS = {
  withdrawal: 'E-mail de cancelamento do contrato',
  invite: 'Convite enviado a um amigo',
  other: 'E-mail',
} as const;
/** Machinery, not information about the person: never exported. */
const INTERNAL_ATTRIBUTES = new Set([
  'task_token',
  'lease_until',
  'nonce_hash',
  'expiresAt',
  'charge_claimed_at',
  'asaas_customer_claim_until',
]);

/**
 * Who moved a process, as its owner may know it: themselves, the system, or the team — never which admin (their id is
 * the staff member's data, not the customer's, as in the audit trail).
 */
function actorInWords(byUser: string, callerId: string): ExportActor {
  if (byUser === callerId) return 'você';
  if (byUser === SYSTEM_ACTOR || byUser === '') return SYSTEM_ACTOR;
  return 'equipe';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * 'Baixar meus dados' (LGPD art. 18, II and V; pattern 60): everything the table holds about the caller, shaped by
 * kind, with the signed contracts, certificates and the filing kit's files as short-lived links, and the court's
 * movements. Only the caller's own keys are read (their `sub` comes from the verified token), so nobody else's data can
 * be in it.
 */
export async function exportMyData(deps: DataExportDeps, caller: Caller): Promise<DataExport> {
  const { db } = deps;
  const profile = await getProfileByUser(db, caller.userId);
  const records = await customerRecords(db, caller.userId, profile);
  const ofType = (type: ItemType) =>
    records.partition.filter((item) => item.type === type).map((item) => stripKeys(item));
  const link = async (key: string | null, fileName: string) =>
    key
      ? {
          nome_arquivo: fileName,
          url: await deps.documents.downloadUrl(key, { fileName, expiresInSeconds: DOCUMENT_LINK_SECONDS }),
        }
      : null;
  const { account, markers } = records;

  const contracts = await Promise.all(
    ofType(ITEM_TYPE.contract).map(async (item) => {
      const evidence = item.assinatura as Record<string, unknown> | undefined;
      const contract = contractSchema.parse(item);
      return {
        ...contract,
        evidencias_assinatura: evidence
          ? { user_agent: text(evidence.user_agent), texto_sha256: text(evidence.text_sha256) }
          : null,
        documento: await link(text(evidence?.pdf_key), `contrato-${contract.protocolo}.pdf`),
      };
    }),
  );
  const charges = ofType(ITEM_TYPE.charge).map((item) => exportedChargeSchema.parse(item));
  const history = ofType(ITEM_TYPE.history);
  const certificates = await Promise.all(
    records.partition.flatMap((item) => {
      const certificate = storedCertificateOf(item);
      return certificate
        ? [
            (async () => ({
              ...certificateFactsSchema.parse(certificate),
              documento: await link(certificate.pdf_key, `nada-consta-${certificate.codigo}.pdf`),
            }))(),
          ]
        : [];
    }),
  );
  const invitedBy = records.invitedBy;
  const protocolOf = new Map(contracts.map((contract) => [contract.id, contract.protocolo]));
  const kitDocuments = await Promise.all(
    records.partition
      .filter((item) => isItemOfType(item, ITEM_TYPE.kitItem))
      .map(async (raw) => {
        const item = parseStoredKitItem(raw);
        const protocolo = protocolOf.get(item.contrato_id) ?? null;
        const title = (profile && kitItemDefinition(profile.tipo_documento, item.key)?.title) ?? item.key;
        const name = (type?: Parameters<typeof kitFileName>[2]) =>
          kitFileName(title, protocolo ?? item.contrato_id, type);
        return {
          protocolo,
          item: title,
          situacao: kitItemStateLabel(item.state, item.refusal),
          assinatura: item.signing ?? null,
          enviado_em: item.sent_at,
          analisado_em: item.reviewed_at ?? null,
          documento: await link(item.pdf_key, name()),
          arquivos: await Promise.all(
            item.files.map(async (file) => ({
              tipo: file.content_type,
              bytes: file.bytes,
              enviado_em: file.uploaded_at,
              documento: await link(file.original_key, name(file.content_type)),
            })),
          ),
        };
      }),
  );
  const movements = ofType(ITEM_TYPE.courtMovement)
    .map((item) => courtMovementSchema.parse(item))
    .sort((a, b) => a.data_hora.localeCompare(b.data_hora))
    .map((movement) => ({
      protocolo: protocolOf.get(movement.contrato_id) ?? null,
      data_hora: movement.data_hora,
      codigo_tpu: movement.codigo,
      nome: movement.nome,
      complementos: movement.complementos,
      texto: movement.texto,
    }));

  return {
    formato: 'baixa-meus-dados/1',
    gerado_em: deps.clock().toISOString(),
    conta: { email: caller.email, boas_vindas_enviadas_em: text(account?.welcome_sent_at) },
    perfil: profile ? profileSchema.parse(profile) : null,
    contratos: contracts,
    cobrancas: charges,
    notas_fiscais: ofType(ITEM_TYPE.invoice).map((item) => exportedInvoiceSchema.parse(item)),
    processos: ofType(ITEM_TYPE.process).map((item) => processSchema.parse(item)),
    historico: history.map((item) => {
      const entry = statusHistorySchema.parse(item);
      return { ...entry, by_user: actorInWords(entry.by_user, caller.userId) };
    }),
    indicacoes_feitas: ofType(ITEM_TYPE.referral).map((item) => referralSchema.parse(item)),
    indicacao_recebida: invitedBy
      ? {
          status: String(invitedBy.status),
          created_at: String(invitedBy.created_at),
          updated_at: String(invitedBy.updated_at),
        }
      : null,
    certificados: certificates,
    documentos_enviados: kitDocuments,
    movimentacoes_judiciais: movements,
    comunicacoes: records.partition.flatMap((item) => {
      const once = emailOnceRecordOf(item);
      if (once) return [{ tipo: EMAIL_ONCE_LABELS[once.event], referencia: '—', enviado_em: once.sentAt }];
      // Pattern 84: every e-mail sent to the person, by its subject.
      if (isItemOfType(item, ITEM_TYPE.sentEmail)) {
        return [{ tipo: 'E-mail enviado', referencia: String(item.assunto), enviado_em: text(item.enviado_em) }];
      }
      const change = storedStatusChangeOf(item);
      const notice = change ? markers.statusNotices.get(change.changeId) : undefined;
      if (!notice) return [];
      return [
        {
          tipo: 'E-mail de mudança de situação',
          // In the words the e-mail itself used, as every other entry of this list is.
          referencia: `${item.de ? historyStatusLabel(String(item.de)) : '—'} → ${historyStatusLabel(String(item.para))}`,
          enviado_em: text(notice.done_at),
        },
      ];
    }),
    eventos_de_conversao: charges.flatMap((charge) => {
      const sent = markers.purchaseConversions.get(charge.id);
      return sent ? [{ evento: 'Purchase (compra)', cobranca_id: charge.id, enviado_em: text(sent.sent_at) }] : [];
    }),
    registros_de_seguranca: {
      link_magico_pedido_em: text(markers.magicLink?.requested_at),
      recuperacao_de_senha_pedida_em: text(markers.recoveryRequest?.requested_at),
      conexoes_abertas: ofType(ITEM_TYPE.connection).map((item) => ({ aberta_em: text(item.connected_at) })),
    },
    acoes_da_equipe: records.audit.map((item) => {
      const { actor: _actor, targetUserId: _target, ...entry } = auditEntrySchema.parse(stripKeys(item));
      return entry;
    }),
    avisos_a_equipe: records.partition.flatMap((item) => {
      const alertId = adminAlertIdOfRef(item);
      const alert = alertId ? markers.adminAlerts.get(alertId) : undefined;
      if (!alert) return [];
      return [
        {
          assunto: String(alert.subject),
          mensagem: Array.isArray(alert.paragraphs) ? alert.paragraphs.map(String).join(' ') : '',
          criado_em: text(alert.created_at),
        },
      ];
    }),
    solicitacoes_lgpd: records.erasureRequests.map(erasureRequestView),
    whatsapp: whatsappExport(records),
    outros: records.partition
      .filter((item) => item !== account && !KNOWN_TYPES.has(String(item.type)))
      .map((item) =>
        Object.fromEntries(Object.entries(stripKeys(item)).filter(([name]) => !INTERNAL_ATTRIBUTES.has(name))),
      ),
  };
}

/** The WhatsApp channel in words: the consent's evidence, each message as read with its delivery, the replies, and the
 * records outside the partition that find them (pattern 107). */
function whatsappExport(records: CustomerRecords): DataExport['whatsapp'] {
  const { consent, messages, replies } = whatsappChannelFrom(records.partition);
  return {
    consentimento: consent
      ? {
          situacao: WHATSAPP_CONSENT_LABELS[consent.state],
          numero: consent.phone,
          autorizado_em: consent.grantedAt,
          ip_autorizacao: consent.grantedIp,
          texto_mostrado: consent.grantedText,
          retirado_em: consent.withdrawnAt,
          retirado_por: consent.withdrawnVia ? WHATSAPP_MESSAGES.channelLabel[consent.withdrawnVia] : null,
        }
      : null,
    mensagens: messages.map((message) => {
      const template = templateByName(message.template);
      return {
        modelo: message.template,
        texto: template ? renderTemplateBody(template.body, message.params) : message.params.join(' · '),
        para: message.to,
        enviada_em: message.claimedAt,
        situacao: WHATSAPP_MESSAGE_STATE_LABELS[message.status],
        situacao_em: message.statusAt,
        erro: message.error,
      };
    }),
    respostas: replies.map((reply) => ({
      texto: reply.text,
      recebida_em: reply.at,
      respondida_em: reply.answeredAt,
      pediu_para_sair: reply.optOut,
    })),
    registros_de_busca: records.whatsappPointers.map((pointer) =>
      pointer.type === 'WHATSAPP_PHONE'
        ? {
            tipo: 'Seu número, para reconhecer as suas respostas (guardado como SHA-256)',
            referencia: pointer.pk.slice(pointer.pk.indexOf('#') + 1),
            criado_em: text(pointer.atualizado_em),
          }
        : {
            tipo: 'Identificador de uma mensagem no WhatsApp, para registrar a entrega',
            referencia: pointer.pk.slice(pointer.pk.indexOf('#') + 1),
            criado_em: null,
          },
    ),
  };
}

import * as z from 'zod';
import { chargeStatusLabel, isChargeReturned } from './charge-status.js';
import { formatDate } from './dates.js';
import { onlyDigits } from './documents.js';
import { SYSTEM_ACTOR } from './history.js';
import { chargeCreatedTitle, FREE_RENEWAL_METHOD_LABEL, paymentMethodLabel } from './payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD, formatBRL } from './pricing.js';
import { statusLabel } from './process-status.js';
import { REMINDER_CHANNEL_LABELS, REMINDER_LABELS, type ReminderChannel, type ReminderKind } from './reminders.js';
import type { AuditEntry } from './schemas/audit.js';
import type { AdminStatusHistory, Charge, Contract, CourtMovement, Process, Profile } from './schemas/entities.js';
import type { KitItem } from './schemas/filing-kit.js';
import { kitItemDefinition, kitRefusalReason, KIT_REFUSAL_CODES, type KitRefusalCode } from './filing-kit.js';

/**
 * The case file (/admin/clientes/{id}; docs/decisions.md, "The case file: one page per client, and what it records of
 * e-mails"): everything that happened to one client on one timeline, newest first. Each event has a kind the screen
 * filters by; documents and court movements are kinds already, so the filing kit and court tracking add their events
 * without a new filter.
 */
export const CASE_FILE_KINDS = [
  'cadastro',
  'contrato',
  'cobranca',
  'status',
  'nota',
  'email',
  'documento',
  'movimentacao',
  'lembrete',
] as const;
export type CaseFileKind = (typeof CASE_FILE_KINDS)[number];

/** The filter's words (not in the spec; the admin screens' tone). */
export const CASE_FILE_KIND_LABELS: Record<CaseFileKind, string> = {
  cadastro: 'Cadastro',
  contrato: 'Contrato',
  cobranca: 'Cobranças',
  status: 'Status',
  nota: 'Notas internas',
  email: 'E-mails',
  documento: 'Documentos',
  movimentacao: 'Movimentações',
  lembrete: 'Lembretes',
};

/**
 * Where an e-mail stands, as far as SES told us: it accepted it ('enviado'); the address bounced for good or the person
 * marked it as spam (the last message sent before SES's report); or SES no longer delivers to the address (any message
 * after the report).
 */
export const EMAIL_DELIVERY_STATES = ['enviado', 'devolvido', 'spam', 'bloqueado'] as const;
export type EmailDeliveryState = (typeof EMAIL_DELIVERY_STATES)[number];

export const EMAIL_DELIVERY_STATE_LABELS: Record<EmailDeliveryState, string> = {
  enviado: 'Enviado',
  devolvido: 'Devolvido (endereço inexistente)',
  spam: 'Marcado como spam',
  bloqueado: 'Não entregue (endereço bloqueado)',
};

export const caseFileEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(CASE_FILE_KINDS),
  title: z.string(),
  /** Lines under the title (value, method, evidence, the note). */
  details: z.array(z.string()),
  /** Who did it: an admin's e-mail, 'Cliente' or 'Sistema'; null when it says nothing useful. */
  actor: z.string().nullable(),
  /** An internal note: never shown to the customer. */
  internal: z.boolean(),
  protocolo: z.string().nullable(),
  /** A signed contract whose PDF the admin may open (GetAdminContractPdf). */
  contract_pdf: z.string().nullable(),
  /** Asaas's page of the charge. */
  asaas_link: z.string().nullable(),
  /** An e-mail's delivery state. */
  delivery: z.enum(EMAIL_DELIVERY_STATES).nullable(),
});
export type CaseFileEvent = z.infer<typeof caseFileEventSchema>;

/**
 * An e-mail sent to the customer as pattern 84 records it: the address only as "the current one or an earlier one"
 * (the record keeps its hash, so a change of e-mail leaves the old address nowhere).
 */
export type SentEmail = { id: string; assunto: string; enviado_em: string; toCurrentAddress: boolean };

/** A reminder sent to the customer (pattern 98's record of its day): what it was about and by which channels. */
export type SentReminder = {
  dia: string;
  kind: ReminderKind;
  contrato_id: string;
  enviado_em: string;
  canais: ReminderChannel[];
};

/** A contract as the case file reads it: with the signature's evidence (the contract item's `assinatura`). */
export type CaseFileContract = Contract & {
  assinatura?: { user_agent?: string; text_sha256?: string; aceite?: string; pdf_key?: string } | null;
};

/**
 * An internal note on a process (the status dialog's, from branch `today`): read if present, never shown to the
 * customer.
 */
export type InternalNote = { id: string; contrato_id: string; texto: string; by_user: string; created_at: string };

export type CaseFileInput = {
  profile: Profile;
  /** When the account was confirmed (the welcome e-mail's marker), if known. */
  accountConfirmedAt: string | null;
  contracts: CaseFileContract[];
  charges: Omit<Charge, 'qr_code'>[];
  processes: Process[];
  /** With the admin's side of each change: its reason, what it skipped, the internal note. */
  history: AdminStatusHistory[];
  audit: AuditEntry[];
  sentEmails: SentEmail[];
  /** SES's report on the customer's current address (pattern 64), if any. */
  suppression: { reason: 'bounce' | 'complaint'; at: string } | null;
  internalNotes: InternalNote[];
  /** The filing kit's items: each file sent is an event; each review is read from the audit trail. */
  kit?: KitItem[];
  /** The court movements of the client's filed cases. */
  movements?: CourtMovement[];

  /** Reminders of unpaid charges and missing documents sent (domain/reminders.ts). */
  reminders?: SentReminder[];
  /** Events other features add (documents of the filing kit, court movements). */
  extra?: CaseFileEvent[];
};

const event = (
  fields: Partial<CaseFileEvent> & Pick<CaseFileEvent, 'id' | 'at' | 'kind' | 'title'>,
): CaseFileEvent => ({
  details: [],
  actor: null,
  internal: false,
  protocolo: null,
  contract_pdf: null,
  asaas_link: null,
  delivery: null,
  ...fields,
});

/** Admin actions on a charge the timeline shows with their actor (the charge itself keeps only its new status). */
const AUDITED_CHARGE_ACTIONS = {
  'charge-mark-paid': 'Cobrança marcada como paga',
  'charge-verify': 'Pagamento verificado',
  'charge-refund': 'Estorno pedido pela equipe',
} as const;

/**
 * Events of one instant, newest first: the effect above its cause (the status a payment or a signature moved sits
 * above the payment or the signature that moved it), then by id, so the order never changes between reads.
 */
const SAME_INSTANT_ORDER: Record<CaseFileKind, number> = {
  lembrete: 0,
  email: 0,
  movimentacao: 1,
  documento: 2,
  nota: 3,
  status: 4,
  cobranca: 5,
  contrato: 6,
  cadastro: 7,
};

/** The case file's timeline, newest first. */
export function caseFileTimeline(input: CaseFileInput): CaseFileEvent[] {
  const { profile } = input;
  const protocolOf = new Map(input.contracts.map((contract) => [contract.id, contract.protocolo]));
  const processContract = new Map(input.processes.map((process) => [process.id, process.contrato_id]));
  const adminEmail = new Map(input.audit.map((entry) => [entry.actor.userId, entry.actor.email]));
  const actorOf = (userId: string): string =>
    userId === SYSTEM_ACTOR ? 'Sistema' : userId === profile.user_id ? 'Cliente' : (adminEmail.get(userId) ?? 'Equipe');
  const events: CaseFileEvent[] = [];

  if (input.accountConfirmedAt) {
    events.push(event({ id: 'conta', at: input.accountConfirmedAt, kind: 'cadastro', title: 'Cadastro confirmado' }));
  }
  events.push(
    event({
      id: `perfil-${profile.id}`,
      at: profile.created_at,
      kind: 'cadastro',
      title: 'Perfil preenchido',
      actor: 'Cliente',
      details: [`${profile.cidade}/${profile.estado}`],
    }),
  );

  for (const contract of input.contracts) {
    const protocolo = contract.protocolo;
    events.push(
      event({
        id: `contrato-${contract.id}`,
        at: contract.created_at,
        kind: 'contrato',
        title: contract.parent_contrato_id ? 'Contrato de renovação gerado' : 'Contrato gerado',
        protocolo,
        // The price the contract was made at; how it is paid is the charges' (PIX, card, boleto or by hand), so a
        // contract paid by card never reads 'PIX' here. A free renewal says so (spec 02 §9: 'gratuito').
        details: [
          contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD
            ? `${formatBRL(contract.valor)} · ${FREE_RENEWAL_METHOD_LABEL}`
            : formatBRL(contract.valor),
        ],
      }),
    );
    if (contract.assinado_em) {
      const geo = contract.geo_assinatura;
      const evidence = contract.assinatura ?? null;
      events.push(
        event({
          id: `assinatura-${contract.id}`,
          at: contract.assinado_em,
          kind: 'contrato',
          title: 'Contrato assinado',
          actor: 'Cliente',
          protocolo,
          contract_pdf: evidence?.pdf_key ? contract.id : null,
          details: [
            `IP ${contract.ip_assinatura ?? 'N/A'}${geo ? ` · ${geo.cidade}/${geo.estado} · ${geo.pais}` : ''}`,
            ...(evidence?.aceite ? [`Aceite: “${evidence.aceite}”`] : []),
            ...(evidence?.user_agent ? [`Navegador: ${evidence.user_agent}`] : []),
            ...(evidence?.text_sha256 ? [`SHA-256 do texto: ${evidence.text_sha256}`] : []),
          ],
        }),
      );
    }
    if (contract.cancelado_em) {
      events.push(
        event({
          id: `cancelamento-${contract.id}`,
          at: contract.cancelado_em,
          kind: 'contrato',
          title: 'Contrato cancelado',
          protocolo,
        }),
      );
    }
  }

  for (const charge of input.charges) {
    const protocolo = protocolOf.get(charge.contrato_id) ?? null;
    const value = charge.valor ?? input.contracts.find((contract) => contract.id === charge.contrato_id)?.valor ?? null;
    const valueText = value === null ? null : formatBRL(value);
    events.push(
      event({
        id: `cobranca-${charge.id}`,
        at: charge.created_at,
        kind: 'cobranca',
        title: chargeCreatedTitle(charge),
        protocolo,
        asaas_link: charge.link,
        details: [
          [valueText, charge.asaas_id ? `Asaas ${charge.asaas_id}` : null].filter(Boolean).join(' · '),
          `Situação atual: ${chargeStatusLabel(charge.status)}`,
        ].filter(Boolean),
      }),
    );
    if (charge.paid_at) {
      const method = paymentMethodLabel(charge);
      events.push(
        event({
          id: `pagamento-${charge.id}`,
          at: charge.paid_at,
          kind: 'cobranca',
          title: 'Pagamento recebido',
          protocolo,
          asaas_link: charge.link,
          details: [[valueText, method, `pago em ${formatDate(charge.paid_at)}`].filter(Boolean).join(' · ')],
        }),
      );
    }
    if (isChargeReturned(charge.status)) {
      events.push(
        event({
          id: `estorno-${charge.id}`,
          at: charge.updated_at,
          kind: 'cobranca',
          title: chargeStatusLabel(charge.status),
          protocolo,
          asaas_link: charge.link,
          details: valueText ? [valueText] : [],
        }),
      );
    }
    if (charge.refund_refused_at) {
      events.push(
        event({
          id: `estorno-recusado-${charge.id}`,
          at: charge.refund_refused_at,
          kind: 'cobranca',
          title: 'Estorno recusado pelo Asaas',
          protocolo,
          details: charge.refund_refused_reason ? [charge.refund_refused_reason] : [],
        }),
      );
    }
    if (charge.manual_refund) {
      events.push(
        event({
          id: `estorno-manual-${charge.id}`,
          at: charge.manual_refund.em,
          kind: 'cobranca',
          title: 'Estorno manual registrado',
          protocolo,
          actor: charge.manual_refund.por,
          details: [
            `${formatBRL(charge.manual_refund.valor)} · em ${formatDate(charge.manual_refund.data)}`,
            `Motivo: ${charge.manual_refund.motivo}`,
          ],
        }),
      );
    }
  }

  // Admin actions on charges that leave no trace on the charge itself ('Verificar', 'Marcar pago').
  for (const entry of input.audit) {
    if (!(entry.action in AUDITED_CHARGE_ACTIONS)) continue;
    const before = typeof entry.before?.status === 'string' ? chargeStatusLabel(entry.before.status) : null;
    const after = typeof entry.after?.status === 'string' ? chargeStatusLabel(entry.after.status) : null;
    events.push(
      event({
        id: `auditoria-${entry.id}`,
        at: entry.at,
        kind: 'cobranca',
        title: AUDITED_CHARGE_ACTIONS[entry.action as keyof typeof AUDITED_CHARGE_ACTIONS],
        actor: entry.actor.email,
        details: [
          ...(before && after ? [`${before} → ${after}`] : []),
          ...(typeof entry.after?.obs === 'string' && entry.after.obs ? [`Motivo: ${entry.after.obs}`] : []),
        ],
      }),
    );
  }

  for (const [index, change] of input.history.entries()) {
    const contractId = processContract.get(change.processo_id);
    events.push(
      event({
        id: `status-${change.created_at}-${index}`,
        at: change.created_at,
        kind: 'status',
        title: change.de ? `${statusLabel(change.de)} → ${statusLabel(change.para)}` : statusLabel(change.para),
        actor: actorOf(change.by_user),
        protocolo: contractId ? (protocolOf.get(contractId) ?? null) : null,
        details: [
          ...(change.avisos ? [`Atenção: ${change.avisos}`] : []),
          ...(change.motivo ? [`Motivo: ${change.motivo}`] : []),
          ...(change.obs ? [`Observação ao cliente: ${change.obs}`] : []),
        ],
      }),
    );
    // The status dialog's internal note is kept on the change's record; on the timeline it is a note of its own.
    if (change.nota_interna) {
      events.push(
        event({
          id: `nota-status-${change.created_at}-${index}`,
          at: change.created_at,
          kind: 'nota',
          title: 'Nota interna',
          internal: true,
          actor: actorOf(change.by_user),
          protocolo: contractId ? (protocolOf.get(contractId) ?? null) : null,
          details: [change.nota_interna],
        }),
      );
    }
  }

  // The filing kit: every file the customer sent, and every review (the audit keeps each; the item only its last).
  for (const item of input.kit ?? []) {
    const title = kitItemDefinition(profile.tipo_documento, item.key)?.title ?? item.key;
    for (const file of item.files) {
      events.push(
        event({
          id: `documento-${item.contrato_id}-${file.id}`,
          at: file.uploaded_at,
          kind: 'documento',
          title: `Documento enviado: ${title}`,
          actor: 'Cliente',
          protocolo: protocolOf.get(item.contrato_id) ?? null,
          details: [`${file.content_type === 'application/pdf' ? 'PDF' : 'Imagem'} · ${formatBytes(file.bytes)}`],
        }),
      );
    }
  }
  for (const entry of input.audit) {
    if (entry.action !== 'kit-review' || entry.target?.type !== 'kit_item') continue;
    const [contractId = '', key = ''] = entry.target.id.split('#');
    const title = kitItemDefinition(profile.tipo_documento, key)?.title ?? key;
    const approved = entry.after?.state === 'aprovado';
    const refusal = refusalOf(entry.after?.refusal);
    events.push(
      event({
        id: `revisao-${entry.id}`,
        at: entry.at,
        kind: 'documento',
        title: `${approved ? 'Documento aprovado' : 'Documento recusado'}: ${title}`,
        actor: entry.actor.email,
        protocolo: protocolOf.get(contractId) ?? null,
        details: !approved && refusal ? [`Motivo: ${kitRefusalReason(refusal)}`] : [],
      }),
    );
  }

  // Court movements, in the customer's words and the court's.
  for (const movement of input.movements ?? []) {
    events.push(
      event({
        id: `movimento-${movement.contrato_id}-${movement.id}`,
        at: movement.data_hora,
        kind: 'movimentacao',
        title: movement.texto,
        actor: 'Tribunal',
        protocolo: protocolOf.get(movement.contrato_id) ?? null,
        details: [
          ...(movement.nome !== movement.texto ? [`No tribunal: ${movement.nome}`] : []),
          ...movement.complementos,
          ...(movement.sugestao_status
            ? [movement.revisado_em ? 'Conferida pela equipe' : 'Aguardando a equipe confirmar o status']
            : []),
        ],
      }),
    );
  }

  for (const note of input.internalNotes) {
    events.push(
      event({
        id: `nota-${note.id}`,
        at: note.created_at,
        kind: 'nota',
        title: 'Nota interna',
        internal: true,
        actor: actorOf(note.by_user),
        protocolo: protocolOf.get(note.contrato_id) ?? null,
        details: [note.texto],
      }),
    );
  }

  const reportedAt = input.suppression?.at ?? null;
  // The message SES reported on is the last one sent to the address before the report.
  const reported = reportedAt
    ? input.sentEmails
        .filter((email) => email.toCurrentAddress && email.enviado_em <= reportedAt)
        .reduce<SentEmail | null>((last, email) => (!last || email.enviado_em > last.enviado_em ? email : last), null)
    : null;
  for (const email of input.sentEmails) {
    const delivery: EmailDeliveryState =
      input.suppression && reported?.id === email.id
        ? input.suppression.reason === 'bounce'
          ? 'devolvido'
          : 'spam'
        : reportedAt && email.toCurrentAddress && email.enviado_em > reportedAt
          ? 'bloqueado'
          : 'enviado';
    events.push(
      event({
        id: `email-${email.id}`,
        at: email.enviado_em,
        kind: 'email',
        title: email.assunto,
        details: [email.toCurrentAddress ? `Para ${profile.email}` : 'Para um endereço anterior do cliente'],
        delivery,
      }),
    );
  }

  for (const reminder of input.reminders ?? []) {
    events.push(
      event({
        id: `lembrete-${reminder.dia}`,
        at: reminder.enviado_em,
        kind: 'lembrete',
        title: REMINDER_LABELS[reminder.kind],
        actor: 'Sistema',
        protocolo: protocolOf.get(reminder.contrato_id) ?? null,
        details: [`Enviado por ${reminder.canais.map((channel) => REMINDER_CHANNEL_LABELS[channel]).join(' e ')}`],
      }),
    );
  }

  events.push(...(input.extra ?? []));
  return events.sort(
    (a, b) =>
      b.at.localeCompare(a.at) || SAME_INSTANT_ORDER[a.kind] - SAME_INSTANT_ORDER[b.kind] || a.id.localeCompare(b.id),
  );
}

/** A kit refusal as the audit record carries it, if it is one. */
function refusalOf(value: unknown): { code: KitRefusalCode; note?: string | null } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, note } = value as { code?: unknown; note?: unknown };
  if (!KIT_REFUSAL_CODES.includes(code as KitRefusalCode)) return null;
  return { code: code as KitRefusalCode, note: typeof note === 'string' ? note : null };
}

/** 1,2 MB / 340 KB, as a person reads a file's size. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A customer's WhatsApp as a wa.me link: Brazilian numbers are stored without the country code. */
export function customerWhatsappLink(whatsapp: string): string | null {
  const digits = onlyDigits(whatsapp);
  if (digits.length < 10) return null;
  return `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}`;
}

/** A customer's phone as a tel: link (E.164). */
export function customerPhoneLink(whatsapp: string): string | null {
  const digits = onlyDigits(whatsapp);
  if (digits.length < 10) return null;
  return `tel:+${digits.length <= 11 ? `55${digits}` : digits}`;
}

/** What the danger zone asks the admin to type before 'Excluir' (the client's name, as shown). */
export const deletionConfirmationMatches = (typed: string, clientName: string): boolean =>
  typed.trim().toLocaleLowerCase('pt-BR') === clientName.trim().toLocaleLowerCase('pt-BR');

/** The case file's own words (not in the spec; the admin screens' tone). */
export const CASE_FILE_MESSAGES = {
  timelineTitle: 'Linha do tempo',
  timelineEmpty: 'Nenhum evento registrado.',
  timelineFilterEmpty: 'Nenhum evento deste tipo.',
  filterLabel: 'Mostrar',
  filterAll: 'Tudo',
  internalBadge: 'Interna',
  contractPdf: 'PDF do contrato',
  contractPdfFailed: 'Não foi possível abrir o PDF do contrato.',
  asaasLink: 'Ver no Asaas',
  contactTitle: 'Contato',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  call: 'Ligar',
  copy: 'Copiar',
  copied: (what: string) => `${what} copiado`,
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie manualmente.',
  casesTitle: 'Contratos e processos',
  casesEmpty: 'Nenhum contrato.',
  statusSlot: 'Mudanças de status e notas são feitas aqui.',
  processStatus: 'Status do processo',
  charges: 'Cobranças',
  noCharges: 'Nenhuma cobrança.',
  profileTitle: 'Perfil',
  dangerTitle: 'Zona de perigo',
  dangerText:
    'Excluir o cliente apaga o perfil, os contratos, os processos, as cobranças, os documentos e a conta de acesso. Não pode ser desfeito.',
  dangerAction: 'Excluir cliente',
  typeToConfirmLabel: (name: string) => `Digite o nome do cliente (${name}) para confirmar`,
  typeToConfirmMismatch: 'O nome digitado não corresponde ao deste cliente.',
} as const;

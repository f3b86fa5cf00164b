import { onlyDigits } from './documents.js';

/**
 * WhatsApp status notices (docs/decisions.md, "WhatsApp status notices (consent, templates, webhook)"): who may receive
 * them (consent and a Brazilian mobile), the templates Meta approves once and we fill in, and what a reply or a
 * delivery status means. Pure: the SPA, the functions and the Graph API stand-in all read it.
 */

/** The area codes (DDD) Anatel assigns; a number outside them is a typo, not a phone. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * The profile's WhatsApp (the spec's free phone field) as the Cloud API's `to`, when it is a Brazilian mobile: two-digit
 * area code, then nine digits starting with 9 (since 2016 every mobile has the leading 9), with or without the country
 * code 55. A landline or a typo gives null: no WhatsApp is sent to it.
 */
export function brazilianMobileE164(phone: string | null | undefined): string | null {
  let digits = onlyDigits(phone ?? '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length !== 11) return null;
  if (!AREA_CODES.has(Number(digits.slice(0, 2)))) return null;
  if (digits[2] !== '9' || digits[3] === '0') return null;
  return `55${digits}`;
}

/**
 * One key for a Brazilian mobile whichever way WhatsApp writes it: accounts created before the leading 9 still report
 * their `wa_id` without it (55 35 9123-4567), so a reply is matched on country, area code and the last eight digits.
 */
export function whatsappPhoneKey(phone: string): string | null {
  const digits = onlyDigits(phone);
  const national = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits;
  if (national.length !== 10 && national.length !== 11) return null;
  if (!AREA_CODES.has(Number(national.slice(0, 2)))) return null;
  return `55${national.slice(0, 2)}${national.slice(-8)}`;
}

/** '(35) 99123-4567' from '5535991234567', for the screens. */
export function formatBrazilianMobile(e164: string): string {
  const national = e164.startsWith('55') ? e164.slice(2) : e164;
  return `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
}

/** The consent's words, naming who will write (the company's brand from configuration); stored as shown. */
export function whatsappConsentText(brand: string): string {
  return `Quero receber atualizações do meu processo pelo WhatsApp da ${brand}`;
}

/** How a consent was given or withdrawn: on the profile, or by replying 'SAIR' on WhatsApp. */
export const WHATSAPP_CONSENT_CHANNELS = ['perfil', 'whatsapp'] as const;
export type WhatsAppConsentChannel = (typeof WHATSAPP_CONSENT_CHANNELS)[number];

/** A consent's state in words (the data export). */
export const WHATSAPP_CONSENT_LABELS = { granted: 'Autorizado', withdrawn: 'Autorização retirada' } as const;

/** The replies that withdraw consent (any case, accents, spaces or punctuation around them). */
const OPT_OUT_WORDS = new Set(['SAIR', 'PARAR', 'STOP']);

export function isOptOutReply(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
  return OPT_OUT_WORDS.has(word);
}

/** What the customer reads after 'SAIR' (a free reply inside the 24-hour window the customer opened, not a template). */
export function optOutConfirmationText(brand: string): string {
  return `Pronto: você não receberá mais atualizações do seu processo pelo WhatsApp da ${brand}. Os e-mails continuam. Para voltar a receber, marque a opção em Meu Perfil.`;
}

/**
 * The Cloud API's delivery statuses, in the order a message lives them; a status arriving late never takes a message
 * back (latest wins by Meta's timestamp; on a tie the later stage). 'accepted' is ours: the API took the request.
 */
export const WHATSAPP_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];
export const WHATSAPP_STATUS_RANK: Record<WhatsAppStatus, number> = {
  accepted: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};
export const WHATSAPP_STATUS_LABELS: Record<WhatsAppStatus, string> = {
  accepted: 'Enviada ao WhatsApp',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Não entregue (o e-mail foi enviado)',
};

/**
 * A message's state as the admins and the data export read it: the outbox's own beside Meta's statuses — 'sending'
 * (claimed, or waiting for its next attempt), 'rejected' (refused for good when sent), 'cancelled' (a retry found the
 * consent withdrawn: never sent again).
 */
export const WHATSAPP_MESSAGE_STATES = [...WHATSAPP_STATUSES, 'rejected', 'sending', 'cancelled'] as const;
export type WhatsAppMessageState = (typeof WHATSAPP_MESSAGE_STATES)[number];
export const WHATSAPP_MESSAGE_STATE_LABELS: Record<WhatsAppMessageState, string> = {
  ...WHATSAPP_STATUS_LABELS,
  sending: 'Enviando',
  rejected: 'Recusada pelo WhatsApp (o e-mail foi enviado)',
  cancelled: 'Não enviada: autorização retirada (o e-mail foi enviado)',
};

/**
 * A message that did not go is tried again later, by the reminders' hourly run (docs/decisions.md, Retrying a WhatsApp
 * that failed): never more than `maxAttempts` in all, never once the first attempt is `giveUpAfterHours` old (the news
 * would be stale, and the e-mail told it), and each time only with the consent standing.
 */
export const WHATSAPP_RETRY = {
  maxAttempts: 3,
  /** The wait before the next attempt, by the attempts made so far (the next hourly run after it sends it). */
  backoffMinutes: [15, 60] as const,
  giveUpAfterHours: 24,
} as const;

/**
 * The Cloud API's error codes that mean "not now" (Meta's error codes reference): an unknown or temporary API error
 * (1, 2, 131000, 131016, 133004), and the throughput, spam and per-recipient rate limits (4, 80007, 130429, 131048,
 * 131056). Anything else — a number without WhatsApp (131026, 133010), a template not approved, paused or with bad
 * parameters (132xxx, 131008, 131009, 100), a recipient Meta will not message (131047, 131049, 131050) — fails again.
 */
const RETRYABLE_ERROR_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export function isRetryableWhatsAppError(code: number | null): boolean {
  return code !== null && RETRYABLE_ERROR_CODES.has(code);
}

/**
 * When the next attempt is due after `attempts` attempts, the first of them at `firstAt`, one failing at `failedAt`; null
 * when there is none (the attempts are spent, or the next would come after the news went stale).
 */
export function whatsappRetryAt(attempts: number, firstAt: string, failedAt: Date): string | null {
  if (attempts >= WHATSAPP_RETRY.maxAttempts) return null;
  const wait = WHATSAPP_RETRY.backoffMinutes[Math.min(attempts, WHATSAPP_RETRY.backoffMinutes.length) - 1] ?? 0;
  const at = failedAt.getTime() + wait * 60_000;
  const first = Date.parse(firstAt);
  if (Number.isFinite(first) && at > first + WHATSAPP_RETRY.giveUpAfterHours * 3_600_000) return null;
  return new Date(at).toISOString();
}

/** Why a message did not reach the customer, for the admins: Meta's code in words (the code itself kept beside). */
export function whatsappErrorText(code: number | null): string {
  if (code === null) return 'O WhatsApp não respondeu.';
  if (code === 131026) {
    return 'O número não pode receber a mensagem (sem WhatsApp, aplicativo desatualizado ou a empresa foi bloqueada).';
  }
  if (code === 133010 || code === 131030) return 'O número não está registrado no WhatsApp.';
  if (code === 100 || code === 131008 || code === 131009 || (code >= 132000 && code < 133000)) {
    return 'O modelo da mensagem foi recusado pelo WhatsApp (não aprovado, pausado ou com parâmetros inválidos).';
  }
  if (code === 131047 || code === 131049 || code === 131050)
    return 'O WhatsApp não entregou a mensagem a este cliente.';
  if (isRetryableWhatsAppError(code)) return 'O WhatsApp estava indisponível ou limitando os envios.';
  return `O WhatsApp recusou a mensagem (erro ${code}).`;
}

/** Whether a status event (its time, its stage) replaces what a message holds: the later one wins, whatever the order. */
export function statusSupersedes(
  current: { status: WhatsAppStatus; at: string } | null,
  incoming: { status: WhatsAppStatus; at: string },
): boolean {
  if (!current) return true;
  if (incoming.at !== current.at) return incoming.at > current.at;
  return WHATSAPP_STATUS_RANK[incoming.status] > WHATSAPP_STATUS_RANK[current.status];
}

/**
 * The utility templates, defined once: the name and words submitted to Meta's WhatsApp Manager (README lists them),
 * the parameters we fill in, in order. Every one names the protocol; none sells anything (utility, never marketing).
 * `{{n}}` is the n-th parameter, as Meta numbers them.
 */
export const WHATSAPP_TEMPLATES = {
  paymentConfirmed: {
    name: 'pagamento_confirmado',
    params: ['nome', 'protocolo', 'valor'],
    body: 'Olá, {{1}}! Recebemos o pagamento de {{3}} do seu processo {{2}}. O próximo passo é enviar seus documentos pela área do cliente.',
  },
  documentsRequested: {
    name: 'documentos_pendentes',
    params: ['nome', 'protocolo'],
    body: 'Olá, {{1}}. Para darmos andamento ao processo {{2}}, ainda precisamos dos seus documentos. Envie-os pela área do cliente.',
  },
  documentRefused: {
    name: 'documento_recusado',
    params: ['nome', 'protocolo', 'documento', 'motivo'],
    body: 'Olá, {{1}}. O documento {{3}} do processo {{2}} precisa ser enviado de novo. Motivo: {{4}}. Envie um novo arquivo pela área do cliente.',
  },
  kitApproved: {
    name: 'documentos_aprovados',
    params: ['nome', 'protocolo'],
    body: 'Olá, {{1}}! Os documentos do processo {{2}} foram aprovados e o processo está em análise pela equipe jurídica.',
  },
  caseFiled: {
    name: 'processo_peticionado',
    params: ['nome', 'protocolo', 'numero_cnj'],
    body: 'Olá, {{1}}! O processo {{2}} foi protocolado na Justiça sob o número {{3}}. Avisaremos aqui as novidades importantes.',
  },
  courtMovement: {
    name: 'andamento_processo',
    params: ['nome', 'protocolo', 'andamento'],
    body: 'Olá, {{1}}. Novidade no processo {{2}}: {{3}}. Veja os detalhes na área do cliente.',
  },
  removalGranted: {
    name: 'baixa_deferida',
    params: ['nome', 'protocolo'],
    body: 'Olá, {{1}}! A baixa temporária do processo {{2}} foi deferida. O Nada Consta já pode ser baixado na área do cliente.',
  },
  removalFell: {
    name: 'baixa_caiu',
    params: ['nome', 'protocolo'],
    body: 'Olá, {{1}}. A baixa temporária do processo {{2}} deixou de valer. Nossa equipe já está cuidando do caso; veja os detalhes na área do cliente.',
  },
  unpaidChargeReminder: {
    name: 'pagamento_pendente',
    params: ['nome', 'protocolo', 'valor', 'vencimento'],
    body: 'Olá, {{1}}. O pagamento de {{3}} do processo {{2}} ainda está em aberto e vence em {{4}}. Para pagar, acesse a área do cliente.',
  },
} as const satisfies Record<string, { name: string; params: readonly string[]; body: string }>;

export type WhatsAppTemplateId = keyof typeof WHATSAPP_TEMPLATES;
/** The template's parameters by name, as a sender fills them in. */
export type WhatsAppTemplateParams<T extends WhatsAppTemplateId> = Record<
  (typeof WHATSAPP_TEMPLATES)[T]['params'][number],
  string
>;

/** Every template is submitted in Brazilian Portuguese, category UTILITY, with this footer. */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'pt_BR';
export const WHATSAPP_TEMPLATE_FOOTER = 'Para não receber mais mensagens, responda SAIR.';

/** Meta refuses a body parameter over 1,024 characters, or with a line break, a tab or 5+ spaces in a row (132000s). */
const PARAM_MAX_LENGTH = 1024;

/**
 * A parameter as text: any alphabet passes, but nothing steers how it shows — control and invisible characters,
 * line breaks and runs of spaces become one space, and WhatsApp's formatting marks (*bold*, _italic_, ~strike~,
 * `code`) are dropped so a name or a court's words cannot restyle the message. Markup (<b>) is plain text on WhatsApp.
 */
export function templateParamText(value: string): string {
  const text = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[*_~`]/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const chars = [...text];
  return (chars.length > PARAM_MAX_LENGTH ? `${chars.slice(0, PARAM_MAX_LENGTH - 1).join('')}…` : text) || '-';
}

/** The parameters of a template in Meta's order, each as text; a missing one is a programming error. */
export function templateParamList<T extends WhatsAppTemplateId>(
  template: T,
  params: WhatsAppTemplateParams<T>,
): string[] {
  return WHATSAPP_TEMPLATES[template].params.map((name) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`Template ${template} needs the parameter ${name}`);
    return templateParamText(value);
  });
}

/** The body with its parameters in place, as the customer reads it (the admins' view, the stand-in's inbox). */
export function renderTemplateBody(body: string, params: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (match, index: string) => params[Number(index) - 1] ?? match);
}

/** A template by its Meta name (the stand-in and the admins' view read stored names). */
export function templateByName(name: string): (typeof WHATSAPP_TEMPLATES)[WhatsAppTemplateId] | null {
  return Object.values(WHATSAPP_TEMPLATES).find((template) => template.name === name) ?? null;
}

/** The profile's and the admins' words about the channel. */
export const WHATSAPP_MESSAGES = {
  sectionTitle: 'Avisos pelo WhatsApp',
  consentHint:
    'Enviamos só avisos do seu processo (pagamento, documentos, andamento), nunca propaganda. Você pode desmarcar aqui a qualquer momento ou responder SAIR no WhatsApp. Os e-mails continuam.',
  invalidMobile:
    'O WhatsApp do seu perfil não é um celular brasileiro válido (DDD e 9 dígitos): corrija-o acima para receber os avisos pelo WhatsApp.',
  consentSaved: 'Pronto: você receberá as atualizações do seu processo pelo WhatsApp.',
  consentWithdrawn: 'Pronto: você não receberá mais mensagens pelo WhatsApp.',
  saveFailed: 'Não foi possível salvar sua escolha. Tente novamente.',
  sendingTo: (phone: string) => `Enviaremos para ${phone}.`,
  notConsented: 'O cliente não autorizou mensagens pelo WhatsApp.',
  consentGranted: (at: string, channel: string, ip: string) => `Autorizado em ${at}, ${channel} (IP ${ip}).`,
  consentWithdrawnAt: (at: string, channel: string) => `Autorização retirada em ${at}, ${channel}.`,
  channelLabel: { perfil: 'em Meu Perfil', whatsapp: 'respondendo SAIR no WhatsApp' } as Record<
    WhatsAppConsentChannel,
    string
  >,
  adminTitle: 'WhatsApp',
  adminMessages: 'Mensagens enviadas',
  adminNoMessages: 'Nenhuma mensagem enviada pelo WhatsApp.',
  adminReplies: 'Respostas do cliente',
  adminNoReplies: 'Nenhuma resposta do cliente.',
  adminAnswer: 'Responder pelo WhatsApp',
  adminLoadFailed: 'Erro ao carregar o WhatsApp do cliente.',
  adminTextShown: 'Texto mostrado',
  adminRetrying: 'Não entregue: nova tentativa agendada',
  adminRetryAt: (at: string, attempts: number, max: number) =>
    `Tentativa ${attempts} de ${max} falhou; a próxima será feita a partir de ${at} (o e-mail foi enviado).`,
  adminReason: (text: string) => `Motivo: ${text}`,
  invalidConsentRequest: 'Informe se você quer receber as atualizações pelo WhatsApp.',
} as const;

import { isChargePaid, isChargeReturned } from './charge-status.js';
import { saoPauloDateDigits } from './sao-paulo-calendar.js';
import type { ProcessStatus } from './process-status.js';

/**
 * LGPD self-service (art. 18: access, portability, erasure): the words the screens and e-mails use, the erasure
 * request's protocol and statuses, and the legal-retention rule that decides when an erasure may be carried out
 * (docs/decisions.md, LGPD self-service).
 */

export const DATA_RIGHTS_MESSAGES = {
  sectionTitle: 'Meus dados',
  sectionIntro:
    'Pela LGPD (art. 18), você pode receber uma cópia de todos os dados que guardamos sobre você e pedir a exclusão deles.',
  exportButton: 'Baixar meus dados',
  exportReadableButton: 'Versão para leitura (HTML)',
  exportHint:
    'O arquivo JSON serve para levar os dados a outro serviço; a versão para leitura abre no navegador. Os links dos documentos (PDFs) valem por 15 minutos.',
  exportFailed: 'Não foi possível gerar a cópia dos seus dados. Tente novamente.',
  exportReady: 'Cópia dos seus dados baixada',
  erasureButton: 'Solicitar exclusão',
  erasureDialogTitle: 'Solicitar a exclusão dos seus dados?',
  erasureDialogBody:
    'Vamos registrar o pedido com um protocolo e confirmar por e-mail. Excluímos de imediato o que não precisamos guardar; contratos assinados e pagamentos ficam guardados pelos prazos que a lei exige (em regra 5 anos) e são excluídos ao fim deles. Enquanto isso, sua conta continua ativa para você acompanhar o processo.',
  erasureConfirm: 'Confirmar solicitação',
  erasureCancel: 'Cancelar',
  erasureRecorded: 'Solicitação de exclusão registrada',
  erasureFailed: 'Não foi possível registrar a solicitação. Tente novamente.',
  erasureNeedsProfile: 'Salve o seu perfil antes de solicitar a exclusão, ou escreva para o nosso e-mail de contato.',
  erasureProtocolLabel: 'Protocolo da solicitação',
  requestNotFound: 'Solicitação de exclusão não encontrada.',
  changedConcurrently: 'A solicitação mudou enquanto era executada. Atualize a página e tente novamente.',
  adminTitle: 'Solicitações de exclusão (LGPD)',
  adminEmpty: 'Nenhuma solicitação de exclusão.',
  adminLoadFailed: 'Não foi possível carregar as solicitações de exclusão.',
  adminExecute: 'Executar exclusão',
  adminExecuteConfirm:
    'Excluir agora o que a lei permite? Se não houver prazo legal de guarda, todos os dados do cliente serão excluídos, sem volta.',
  adminExecuted: 'Solicitação atualizada',
  adminExecuteFailed: 'Não foi possível executar a exclusão.',
  retainedUntil: 'Guarda legal até',
  noRetention: 'Sem prazo de guarda: pode ser excluído agora',
} as const;

/** The statuses of an erasure request, in order; only `concluida` closes it. */
export const ERASURE_STATUSES = ['recebida', 'retida', 'concluida'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/**
 * Who moved a process, as the export tells its owner (never which admin: the staff member's data, not the customer's),
 * and how its readable page says it. The stored value for the system is `SYSTEM_ACTOR` (domain/history.ts).
 */
export const EXPORT_ACTOR_LABELS = {
  você: 'Você',
  sistema: 'Sistema (automático)',
  equipe: 'Nossa equipe',
} as const;
export type ExportActor = keyof typeof EXPORT_ACTOR_LABELS;

export const ERASURE_STATUS_LABELS: Record<ErasureStatus, string> = {
  recebida: 'Recebida',
  retida: 'Em guarda legal',
  concluida: 'Concluída',
};

export const ERASURE_STATUS_DESCRIPTIONS: Record<ErasureStatus, string> = {
  recebida: 'Recebemos o seu pedido e vamos atendê-lo em até 15 dias.',
  retida:
    'Excluímos o que não precisamos guardar. O restante (contratos assinados e pagamentos) fica guardado até a data indicada, por obrigação legal, e então é excluído.',
  concluida: 'Os seus dados foram excluídos.',
};

/**
 * Protocol of an erasure request: `LGPD-` + the São Paulo date (yyyyMMdd) + `-` + 8 characters of Crockford base32
 * (40 random bits). No counter: a protocol says nothing about how many requests there are and cannot be guessed from
 * another, so it cannot be walked (docs/decisions.md, "An unguessable public lookup; personal data out of URLs and
 * logs").
 */
export const ERASURE_PROTOCOL_PATTERN = /^LGPD-\d{8}-[0-9A-HJKMNP-TV-Z]{8}$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newErasureProtocol(now: Date, randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let random = '';
  for (let index = 0; index < 8; index += 1) {
    random = CROCKFORD[Number(bits & 31n)]! + random;
    bits >>= 5n;
  }
  return `LGPD-${saoPauloDateDigits(now)}-${random}`;
}

/** Years consumer law (CDC art. 27) and tax law (CTN arts. 173 and 174) give claims against and about a contract. */
export const RETENTION_YEARS = 5;

/** Process statuses after which nothing more happens on a contract (the relationship ended). */
const ENDED_PROCESS_STATUSES: readonly ProcessStatus[] = ['baixa_caiu', 'encerrado', 'pagamento_estornado'];

type RetentionInput = {
  contracts: readonly { id: string; assinado_em: string | null; cancelado_em?: string | null }[];
  charges: readonly { status: string; paid_at?: string | null; updated_at: string }[];
  processes: readonly { contrato_id: string; status: ProcessStatus; updated_at: string }[];
};

export type Retention = {
  /** Until when (ISO) signed contracts and payments must be kept; null when nothing must be kept. */
  retainedUntil: string | null;
  /** Why, in words for the admin list and the customer. */
  reasons: string[];
};

/**
 * The legal retention of a customer's data (docs/decisions.md, LGPD self-service), the rule an erasure request
 * follows:
 * - a signed contract is evidence for claims the customer or we may bring: kept 5 years from the end of the
 *   relationship (CDC art. 27; the end is the process's last move once it ended, else today, as it is still running);
 * - a payment (received, even if refunded later) is a tax record: kept until 5 years from the first day of the year
 *   after it (CTN art. 173, I);
 * - with neither (an unsigned contract, an unpaid PIX), nothing must be kept and everything goes at once.
 */
export function erasureRetention(data: RetentionInput, now: Date): Retention {
  const reasons: string[] = [];
  let until = 0;
  const signed = data.contracts.filter((contract) => contract.assinado_em);
  for (const contract of signed) {
    const process = data.processes.find((candidate) => candidate.contrato_id === contract.id);
    const ended =
      contract.cancelado_em ?? (process && ENDED_PROCESS_STATUSES.includes(process.status) ? process.updated_at : null);
    const end = ended ? Date.parse(ended) : now.getTime();
    until = Math.max(until, addYears(end, RETENTION_YEARS));
  }
  if (signed.length > 0) reasons.push('Contrato assinado: 5 anos após o fim da relação (CDC, art. 27).');
  const paid = data.charges.filter(
    (charge) => isChargePaid(charge.status) || isChargeReturned(charge.status) || charge.paid_at,
  );
  for (const charge of paid) {
    const at = new Date(charge.paid_at ?? charge.updated_at);
    until = Math.max(until, Date.UTC(at.getUTCFullYear() + 1 + RETENTION_YEARS, 0, 1));
  }
  if (paid.length > 0) reasons.push('Pagamento recebido: 5 anos a partir do ano seguinte (CTN, arts. 173 e 174).');
  return { retainedUntil: until > now.getTime() ? new Date(until).toISOString() : null, reasons };
}

function addYears(epochMs: number, years: number): number {
  const date = new Date(epochMs);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}

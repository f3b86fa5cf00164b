import { COURT_STEP_BUSINESS_DAYS, type CourtMovementKind } from './court-movements.js';
import { currentProcess } from './next-step.js';
import { addBusinessDays } from './sao-paulo-calendar.js';
import type { Dashboard } from './schemas/dashboard.js';

/**
 * The filed case as the customer follows it on the dashboard: its number and court, what DataJud says of it, each
 * movement the court recorded (oldest first) and the expected date of the next court step. Pure: the screen renders it.
 *
 * The filing kit's 'documentos aprovados' step belongs to the status timeline beside this card
 * (domain/process-journey.ts), before 'Peticionado'; nothing here depends on it.
 */
export type CaseTimeline = {
  numeroCnj: string;
  tribunal: string | null;
  vara: string | null;
  /** The filing day (YYYY-MM-DD, São Paulo). */
  peticionadoEm: string | null;
  /** 'waiting': DataJud does not know the case yet ('Aguardando o tribunal'); 'found': it does. */
  court: { state: 'waiting' } | { state: 'found'; orgaoJulgador: string | null };
  movements: { id: string; at: string; text: string; kind: CourtMovementKind }[];
  /** The next court step and the day it usually comes by; null when no step is awaited from the court. */
  next: { label: string; expectedBy: string; late: boolean } | null;
  /** What the customer can do now. */
  advice: string;
};

export const CASE_TIMELINE_MESSAGES = {
  title: 'Processo no tribunal',
  filed: 'Processo protocolado',
  nextDecision: 'Previsão da decisão do juiz sobre a liminar',
  nextRemoval: 'Previsão da baixa nos órgãos de proteção ao crédito',
  late: 'O prazo habitual já passou: o tribunal pode levar mais tempo. Avisaremos assim que houver novidade.',
  adviceWaiting: 'Você não precisa fazer nada agora: avisaremos por e-mail a cada novidade do tribunal.',
  adviceDenied:
    'O pedido de liminar foi negado. Nossa equipe jurídica avalia o recurso cabível e entra em contato; se preferir, fale com o suporte.',
  adviceRevoked:
    'A liminar foi revogada: os apontamentos podem voltar. Nossa equipe jurídica já foi avisada e entra em contato com você.',
  adviceGranted:
    'A liminar foi concedida. Os órgãos de proteção ao crédito são avisados por ofício; a baixa costuma aparecer em alguns dias úteis.',
  noMovements: 'Nenhuma movimentação publicada ainda.',
} as const;

/** The case timeline of the process the dashboard follows, or null before it is filed with a CNJ number. */
export function caseTimeline(dashboard: Dashboard, today: string): CaseTimeline | null {
  const process = currentProcess(dashboard);
  if (!process?.numero_cnj) return null;
  const record = dashboard.courtCases.find((found) => found.contrato_id === process.contrato_id);
  const movements = dashboard.movements
    .filter((movement) => movement.contrato_id === process.contrato_id)
    .sort((a, b) => a.data_hora.localeCompare(b.data_hora) || a.id.localeCompare(b.id))
    .map((movement) => ({ id: movement.id, at: movement.data_hora, text: movement.texto, kind: movement.kind }));
  const lastInjunction = [...movements]
    .reverse()
    .find((movement) => ['liminar_concedida', 'liminar_negada', 'liminar_revogada'].includes(movement.kind));

  let next: CaseTimeline['next'] = null;
  let advice: string = CASE_TIMELINE_MESSAGES.adviceWaiting;
  const awaitingCourt = process.status === 'peticionado';
  if (lastInjunction?.kind === 'liminar_negada') advice = CASE_TIMELINE_MESSAGES.adviceDenied;
  else if (lastInjunction?.kind === 'liminar_revogada') advice = CASE_TIMELINE_MESSAGES.adviceRevoked;
  else if (lastInjunction?.kind === 'liminar_concedida') {
    advice = CASE_TIMELINE_MESSAGES.adviceGranted;
    if (awaitingCourt) {
      next = expected(CASE_TIMELINE_MESSAGES.nextRemoval, lastInjunction.at.slice(0, 10), 'removal', today);
    }
  } else if (awaitingCourt && process.peticionado_em) {
    next = expected(CASE_TIMELINE_MESSAGES.nextDecision, process.peticionado_em, 'decision', today);
  }

  return {
    numeroCnj: process.numero_cnj,
    tribunal: process.tribunal ?? null,
    vara: process.vara ?? null,
    peticionadoEm: process.peticionado_em ?? null,
    // Known once DataJud answered with the case (a later error keeps what it said before), or a movement is stored.
    court:
      movements.length > 0 || record?.classe || record?.orgao_julgador
        ? { state: 'found', orgaoJulgador: record?.orgao_julgador ?? null }
        : { state: 'waiting' },
    movements,
    next,
    advice,
  };
}

function expected(
  label: string,
  from: string,
  step: keyof typeof COURT_STEP_BUSINESS_DAYS,
  today: string,
): CaseTimeline['next'] {
  const expectedBy = addBusinessDays(from, COURT_STEP_BUSINESS_DAYS[step]);
  return expectedBy ? { label, expectedBy, late: expectedBy < today } : null;
}

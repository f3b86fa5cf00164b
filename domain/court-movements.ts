/**
 * Court movements as DataJud publishes them (the CNJ's public API), and what they mean for the customer.
 *
 * Movement codes come from the CNJ's Tabelas Processuais Unificadas (TPU, Resolução CNJ 46/2007; the movement table
 * at https://www.cnj.jus.br/sgt/consulta_publica_movimentos.php). Only the codes below are translated; every other
 * movement is shown in the court's own words (its `nome`), as plain text.
 */

/** What a translated movement means. `outro`: no translation, the court's words are shown. */
export const COURT_MOVEMENT_KINDS = [
  'distribuicao',
  'liminar_concedida',
  'liminar_negada',
  'liminar_revogada',
  'oficio',
  'sentenca',
  'arquivamento',
  'outro',
] as const;
export type CourtMovementKind = (typeof COURT_MOVEMENT_KINDS)[number];

/**
 * TPU movement codes → their meaning. Each line cites the TPU's own name of the movement.
 * `60` (Expedição de documento) is an ofício only when its complement says so (see `translateCourtMovement`).
 */
export const TPU_MOVEMENT_KINDS: Readonly<Record<number, CourtMovementKind>> = {
  26: 'distribuicao', // Distribuído (Serventuário > Distribuidor > Distribuição)
  36: 'distribuicao', // Redistribuído
  339: 'liminar_concedida', // Concedida a Medida Liminar (Magistrado > Decisão > Liminar > Concessão)
  892: 'liminar_concedida', // Concedida em parte a Medida Liminar
  817: 'liminar_concedida', // Concedida a tutela provisória (Antecipação de Tutela / Tutela Provisória > Concessão)
  888: 'liminar_concedida', // Concedida em parte a tutela provisória
  792: 'liminar_negada', // Não Concedida a Medida Liminar
  968: 'liminar_negada', // Não concedida a tutela provisória
  348: 'liminar_revogada', // Revogada a Medida Liminar
  945: 'liminar_revogada', // Revogada a decisão anterior (the only earlier decision of these cases is the injunction)
  219: 'sentenca', // Julgado procedente o pedido (Procedência)
  220: 'sentenca', // Julgado improcedente o pedido (Improcedência)
  221: 'sentenca', // Julgado procedente em parte o pedido (Procedência em Parte)
  246: 'arquivamento', // Arquivado Definitivamente
  245: 'arquivamento', // Arquivado Provisoriamente
  22: 'arquivamento', // Baixa Definitiva
};

/** TPU 60, Expedição de documento: an ofício when its `tipo de documento` complement names one. */
export const TPU_DOCUMENT_ISSUED = 60;

/** The short pt-BR sentence shown (and e-mailed) for each translated kind. */
export const COURT_MOVEMENT_SENTENCES: Record<Exclude<CourtMovementKind, 'outro'>, string> = {
  distribuicao: 'O processo foi distribuído a uma vara e aguarda a análise do juiz.',
  liminar_concedida: 'O juiz concedeu a liminar: a baixa temporária dos apontamentos foi autorizada.',
  liminar_negada: 'O juiz negou o pedido de liminar. Nossa equipe jurídica avalia o próximo passo e fala com você.',
  liminar_revogada: 'A liminar foi revogada pelo juiz: os apontamentos podem voltar a aparecer.',
  oficio: 'O tribunal expediu um ofício — em geral, a ordem de baixa aos órgãos de proteção ao crédito.',
  sentenca: 'O juiz proferiu a sentença do processo.',
  arquivamento: 'O processo foi arquivado pelo tribunal.',
};

/** A movement as stored (one DataJud `movimentos[]` entry). */
export type CourtMovementInput = {
  codigo: number | null;
  nome: string;
  /** The `complementosTabelados` as text (`nome: descricao`). */
  complementos: readonly string[];
};

export type CourtMovementMeaning = {
  kind: CourtMovementKind;
  /** The sentence for the customer: ours for a known movement, the court's words otherwise (plain text, never markup). */
  text: string;
  /** A movement that matters to the customer: they get an e-mail (not for every clerk's note). */
  notifyCustomer: boolean;
  /**
   * The injunction was granted or revoked: the admins are told and confirm the process status (the system suggests,
   * a person decides). The status it suggests.
   */
  suggestedStatus: 'baixa_deferida' | 'baixa_caiu' | null;
};

/** The court's text as plain words: markup and control characters out, whitespace collapsed, length bounded. */
export function plainCourtText(value: string, max = 500): string {
  const text = value
    .replace(/<[^>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What one movement means for the customer (the table above, else the court's own words). */
export function translateCourtMovement(movement: CourtMovementInput): CourtMovementMeaning {
  const kind = kindOf(movement);
  if (kind === 'outro') {
    const words = plainCourtText(
      [movement.nome, ...movement.complementos].filter((part) => part.trim() !== '').join(' — '),
    );
    return {
      kind,
      text: words || 'Movimentação registrada pelo tribunal.',
      notifyCustomer: false,
      suggestedStatus: null,
    };
  }
  return {
    kind,
    text: COURT_MOVEMENT_SENTENCES[kind],
    notifyCustomer: true,
    suggestedStatus:
      kind === 'liminar_concedida' ? 'baixa_deferida' : kind === 'liminar_revogada' ? 'baixa_caiu' : null,
  };
}

function kindOf(movement: CourtMovementInput): CourtMovementKind {
  if (movement.codigo === null) return 'outro';
  if (movement.codigo === TPU_DOCUMENT_ISSUED) {
    return movement.complementos.some((complement) => /of[ií]cio/i.test(complement)) ? 'oficio' : 'outro';
  }
  return TPU_MOVEMENT_KINDS[movement.codigo] ?? 'outro';
}

/** Where the court case stands for the customer, before any movement: what the timeline says. */
export const COURT_CASE_LABELS = {
  /** The CNJ case number's label wherever it is shown (dashboard, history, public lookup, Nada Consta). */
  number: 'Número do processo',
  court: 'Tribunal',
  unit: 'Vara',
  filedAt: 'Protocolado em',
  /** DataJud does not know the number yet (it can be hours or days behind the court). */
  waiting: 'Aguardando o tribunal',
  waitingDetail:
    'O tribunal ainda não publicou este processo na base pública do CNJ (DataJud). Isso costuma levar alguns dias após o protocolo.',
} as const;

/**
 * Business days, in the calendar of the filing forecast (domain/filing.ts), the next court step usually takes: the
 * judge's first decision on the injunction after the filing, and the bureaus' removal after the injunction (the
 * ofícios). Honest averages, never a promise: the timeline says "previsão".
 */
export const COURT_STEP_BUSINESS_DAYS = { decision: 10, removal: 10 } as const;

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
 * TPU movement codes → their meaning, each with the TPU's own name and where the code was checked (the CNJ's table
 * itself is not reachable from the build machine; docs/decisions.md, "Court movements: codes checked, names as the
 * fallback"). DataJud's `nome` is the TPU's leaf name ('Provisório', 'Não-Concessão'), so a code is the only sure
 * reading of the injunction movements whose leaf is just 'Liminar'.
 * `60` (Expedição de documento) is an ofício only when its complement says so (see `translateCourtMovement`).
 * A movement whose code is not here is read by its name (`kindByName`).
 */
export const TPU_MOVEMENT_KINDS: Readonly<Record<number, CourtMovementKind>> = {
  // DataJud's own examples (api_publica_tjdft: 26 'Distribuição', 245 'Provisório'); the TST's statistics rules
  // ('18 -> 26 Distribuído por', '18 -> 36 Redistribuído por').
  26: 'distribuicao', // Distribuição
  36: 'distribuicao', // Redistribuição
  // The TST's statistics rules (item 427, tutelas provisórias): 817 -> 50097 'Concedida a tutela provisória',
  // 888 -> 50098 'Concedida em parte a tutela provisória', 968 -> 50099 'Não concedida a tutela provisória'.
  817: 'liminar_concedida', // Concessão (tutela provisória)
  888: 'liminar_concedida', // Concessão em parte (tutela provisória)
  968: 'liminar_negada', // Não-Concessão (tutela provisória)
  // Medida liminar: the codes 339, 792, 892, 348 listed together with 'Concedida', 'Não Concedida', 'Concedida em
  // parte', 'Revogada a Medida Liminar' (one public TPU mapping, PM4JUD); the DataJud leaf name is 'Liminar'.
  339: 'liminar_concedida', // Concedida a Medida Liminar
  892: 'liminar_concedida', // Concedida em parte a Medida Liminar
  792: 'liminar_negada', // Não Concedida a Medida Liminar
  348: 'liminar_revogada', // Revogada a Medida Liminar
  // The PJe's movement rules ('157 -> 945 - Revogada a decisão anterior (#{tipo de decisão})'): in these cases the
  // injunction is the only earlier decision, and a person confirms the status anyway.
  945: 'liminar_revogada',
  // Several public TPU mappings agree: 219 'Procedência', 220 'Improcedência', 221 'Procedência em Parte'.
  219: 'sentenca',
  220: 'sentenca',
  221: 'sentenca',
  // 246 'Definitivo' and 245 'Provisório' (Arquivamento), 22 'Baixa Definitiva': DataJud examples and mappings.
  246: 'arquivamento',
  245: 'arquivamento',
  22: 'arquivamento',
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
  if (movement.codigo === TPU_DOCUMENT_ISSUED) {
    return movement.complementos.some((complement) => /of[ií]cio/i.test(complement)) ? 'oficio' : 'outro';
  }
  const byCode = movement.codigo === null ? undefined : TPU_MOVEMENT_KINDS[movement.codigo];
  return byCode ?? kindByName(movement);
}

/**
 * A movement the code table does not know, read by its words (`nome` and complements): courts send codes of their own
 * or none, and some name the act in full ('Concedida a Medida Liminar'). Only words that say what happened count: a
 * bare 'Liminar' or 'Concessão' (granted, denied or revoked? of what?) stays in the court's words.
 */
export function kindByName(movement: Pick<CourtMovementInput, 'nome' | 'complementos'>): CourtMovementKind {
  const words = [movement.nome, ...movement.complementos]
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  // A petition asking for it, the case sent to the judge, a notice or publication of it: not the act itself (that has
  // its own movement), so these stay in the court's words rather than announce a decision twice or one never taken.
  if (
    /\b(peticao|requerimento|juntada|conclus[oa]s?|conclusao|intimacao|publicacao|publicad[oa]|disponibiliza(do|da|cao)|ciencia)\b/.test(
      words,
    )
  ) {
    return 'outro';
  }
  if (/\b(liminar|tutela|cautelar)/.test(words)) {
    if (/\brevoga(da|do|cao)\b/.test(words)) return 'liminar_revogada';
    if (/\bnao[\s-]+conce(dida|dido|ssao)\b|\bindeferi(da|do|mento)\b|\bnegad[ao]\b/.test(words))
      return 'liminar_negada';
    if (/\bconce(dida|dido|ssao)\b|\bdeferi(da|do|mento)\b/.test(words)) return 'liminar_concedida';
    return 'outro';
  }
  if (/\b(re)?distribu(ido|ida|icao)\b/.test(words)) return 'distribuicao';
  if (/\bjulgad[oa] (im)?procedente|\b(im)?procedencia\b/.test(words)) return 'sentenca';
  if (/\barquivad[oa]\b|\barquivamento\b|\bbaixa definitiva\b/.test(words)) return 'arquivamento';
  if (/\bexpedi(do|da|cao)\b/.test(words) && /\boficio\b/.test(words)) return 'oficio';
  return 'outro';
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

import { isChargePaid } from './charge-status.js';
import { CNJ_NUMBER_MESSAGES, cnjDigits, cnjNumberProblem, courtOf, formatCnjNumber } from './cnj-number.js';
import { isCalendarDay } from './finance-period.js';
import { PROCESS_TIMELINE_STEPS, type ProcessStatus } from './process-status.js';

/**
 * Guarded status changes (docs/decisions.md, same title). The spec lets an admin set any status from any other (spec 02
 * §4); that stays, but a move that skips or undoes a legal step is named and needs a reason, and the steps that carry
 * court facts need them. One function answers both sides: the dialog asks it what to show, the route what to refuse.
 */

/**
 * Seconds between the dialog's 'Confirmar' and the request: the window in which 'Desfazer' sends nothing at all (the
 * browser tests run it through with a fake clock where the wait is not what they test).
 */
export const STATUS_CHANGE_UNDO_SECONDS = 5;

/** What the guard knows of the process: its status and court case, and the money behind it. */
export type StatusMoveFacts = {
  process: { status: ProcessStatus; numero_cnj?: string | null };
  /** The contract's charges, any order (only their status is read). */
  charges: readonly { status: string }[];
  /** The contract's payment form: a free renewal ('gratuito') is paid by its nature. */
  formaPagamento?: string | null;
};

/** What an admin submits with a status change, as the route's body carries it (trimmed; empty means absent). */
export type StatusMoveInput = {
  status: ProcessStatus;
  motivo?: string | null;
  numero_cnj?: string | null;
  vara?: string | null;
  peticionado_em?: string | null;
  data_decisao?: string | null;
  data_queda?: string | null;
};

/** The fields a move can ask for, beyond the status. */
export type StatusMoveField = 'motivo' | 'numero_cnj' | 'vara' | 'peticionado_em' | 'data_decisao' | 'data_queda';

/** Something unusual about a move, worded for the dialog and the history ('sem pagamento confirmado'). */
export type StatusMoveWarning = { code: string; text: string };

/**
 * What one rule says of a move: what it skips or undoes (then a reason is required), which fields it needs, or that
 * it is refused outright (a 409's message). A rule that has nothing to say returns `{}`.
 */
export type StatusMoveVerdict = {
  warnings?: StatusMoveWarning[];
  requires?: StatusMoveField[];
  refusal?: string;
};

export type StatusMoveRule = (facts: StatusMoveFacts, to: ProcessStatus) => StatusMoveVerdict;

export const STATUS_CHANGE_MESSAGES = {
  withoutPayment: 'sem pagamento confirmado',
  withoutFiling: 'sem petição registrada (número CNJ)',
  stepsBack: (steps: number) => (steps === 1 ? 'volta 1 etapa' : `volta ${steps} etapas`),
  reopensClosed: 'reabre um processo encerrado',
  reasonRequired: 'Informe o motivo desta mudança (mínimo de 3 caracteres).',
  fallReasonRequired: 'Informe por que a baixa caiu (mínimo de 3 caracteres).',
  cnjRequired: 'Informe o número do processo (CNJ) para marcar como peticionado.',
  filingDateRequired: 'Informe a data do protocolo.',
  decisionDateRequired: 'Informe a data da decisão.',
  fallDateRequired: 'Informe a data em que a baixa caiu.',
  invalidDate: 'Informe uma data válida.',
  futureDate: 'A data não pode ser no futuro.',
  sameStatus: 'O processo já está neste status.',
} as const;

/** The shortest reason that says something. */
export const STATUS_REASON_MIN_LENGTH = 3;

/** Statuses that say the money was confirmed: their move needs a confirmed payment behind it. */
const NEEDS_PAYMENT: readonly ProcessStatus[] = ['pago', 'peticionado', 'baixa_deferida', 'baixa_caiu'];
/** Statuses that say the petition was filed: their move needs the court case on record. */
const NEEDS_FILING: readonly ProcessStatus[] = ['baixa_deferida', 'baixa_caiu'];

const stepOf = (status: ProcessStatus) =>
  PROCESS_TIMELINE_STEPS.indexOf((status === 'pagamento_estornado' ? 'pagamento_pendente' : status) as never);

export function hasConfirmedPayment(facts: StatusMoveFacts): boolean {
  return facts.formaPagamento === 'gratuito' || facts.charges.some((charge) => isChargePaid(charge.status));
}

/**
 * The rules, in order. One more (a filing kit approved before 'peticionado') is one more entry here, with
 * the fact it reads added to `StatusMoveFacts`.
 */
export const STATUS_MOVE_RULES: readonly StatusMoveRule[] = [
  function paymentConfirmed(facts, to) {
    if (!NEEDS_PAYMENT.includes(to) || hasConfirmedPayment(facts)) return {};
    return { warnings: [{ code: 'sem_pagamento', text: STATUS_CHANGE_MESSAGES.withoutPayment }] };
  },
  function filedFirst(facts, to) {
    if (!NEEDS_FILING.includes(to) || facts.process.numero_cnj) return {};
    return { warnings: [{ code: 'sem_peticao', text: STATUS_CHANGE_MESSAGES.withoutFiling }] };
  },
  function goesBack(facts, to) {
    const from = facts.process.status;
    if (from === 'encerrado' && to !== 'encerrado') {
      return { warnings: [{ code: 'reabre', text: STATUS_CHANGE_MESSAGES.reopensClosed }] };
    }
    // baixa_caiu follows baixa_deferida on the timeline; a new grant after a fall is one step back, and says so.
    const steps = stepOf(from) - stepOf(to);
    if (to === 'encerrado' || steps <= 0) return {};
    return { warnings: [{ code: 'volta_etapas', text: STATUS_CHANGE_MESSAGES.stepsBack(steps) }] };
  },
  function courtFacts(_facts, to) {
    if (to === 'peticionado') return { requires: ['numero_cnj', 'peticionado_em', 'vara'] };
    if (to === 'baixa_deferida') return { requires: ['data_decisao'] };
    if (to === 'baixa_caiu') return { requires: ['data_queda', 'motivo'] };
    return {};
  },
];

/** What a move skips or undoes, what it needs, and whether it is refused: every rule's verdict together. */
export type StatusMoveAssessment = {
  warnings: StatusMoveWarning[];
  /** Fields the dialog shows; all but `vara` are required. A warning adds `motivo`. */
  fields: StatusMoveField[];
  reasonRequired: boolean;
  refusal: string | null;
};

export function assessStatusMove(
  facts: StatusMoveFacts,
  to: ProcessStatus,
  rules: readonly StatusMoveRule[] = STATUS_MOVE_RULES,
): StatusMoveAssessment {
  const verdicts = rules.map((rule) => rule(facts, to));
  const warnings = verdicts.flatMap((v) => v.warnings ?? []);
  const fields = new Set(verdicts.flatMap((v) => v.requires ?? []));
  if (warnings.length > 0) fields.add('motivo');
  return {
    warnings,
    fields: [...fields],
    reasonRequired: fields.has('motivo'),
    refusal: verdicts.find((v) => v.refusal)?.refusal ?? null,
  };
}

const isBlank = (value: string | null | undefined): value is null | undefined | '' => !value?.trim();

function dayProblem(day: string | null | undefined, required: string, today: string): string | undefined {
  if (isBlank(day)) return required;
  if (!isCalendarDay(day)) return STATUS_CHANGE_MESSAGES.invalidDate;
  return day > today ? STATUS_CHANGE_MESSAGES.futureDate : undefined;
}

/**
 * Why a submitted move cannot be applied, field by field (the route's 400 and the dialog's inline errors); empty when
 * it can. `today` is the São Paulo day: court dates are never in the future.
 */
export function statusMoveProblems(
  assessment: StatusMoveAssessment,
  input: StatusMoveInput,
  today: string,
): Partial<Record<StatusMoveField, string>> {
  const problems: Partial<Record<StatusMoveField, string>> = {};
  const needs = (field: StatusMoveField) => assessment.fields.includes(field);
  if (needs('motivo') && (input.motivo?.trim().length ?? 0) < STATUS_REASON_MIN_LENGTH) {
    problems.motivo =
      input.status === 'baixa_caiu' ? STATUS_CHANGE_MESSAGES.fallReasonRequired : STATUS_CHANGE_MESSAGES.reasonRequired;
  }
  if (needs('numero_cnj')) {
    if (isBlank(input.numero_cnj)) problems.numero_cnj = STATUS_CHANGE_MESSAGES.cnjRequired;
    else {
      const problem = cnjNumberProblem(input.numero_cnj);
      if (problem) problems.numero_cnj = CNJ_NUMBER_MESSAGES[problem];
    }
  }
  const checks: [StatusMoveField, string | null | undefined, string][] = [
    ['peticionado_em', input.peticionado_em, STATUS_CHANGE_MESSAGES.filingDateRequired],
    ['data_decisao', input.data_decisao, STATUS_CHANGE_MESSAGES.decisionDateRequired],
    ['data_queda', input.data_queda, STATUS_CHANGE_MESSAGES.fallDateRequired],
  ];
  for (const [field, value, required] of checks) {
    if (!needs(field)) continue;
    const problem = dayProblem(value, required, today);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The court case a move to 'peticionado' records: the number as the CNJ writes it and the court it names. */
export function filedCase(input: StatusMoveInput): { numero_cnj: string; tribunal: string } | null {
  const digits = input.numero_cnj ? cnjDigits(input.numero_cnj) : undefined;
  const court = digits ? courtOf(digits) : undefined;
  return digits && court ? { numero_cnj: formatCnjNumber(digits), tribunal: court.acronym } : null;
}

/** A move's warnings in one line, as the history and the audit record keep them. */
export function warningsLine(warnings: readonly StatusMoveWarning[]): string | null {
  return warnings.length ? warnings.map((w) => w.text).join('; ') : null;
}

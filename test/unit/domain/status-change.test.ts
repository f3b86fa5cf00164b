import { describe, expect, it } from 'vitest';
import { CNJ_NUMBER_MESSAGES } from '../../../domain/cnj-number.js';
import {
  assessStatusMove,
  filedCase,
  STATUS_CHANGE_MESSAGES,
  STATUS_MOVE_RULES,
  statusMoveProblems,
  type StatusMoveFacts,
} from '../../../domain/status-change.js';

const TODAY = '2026-11-26';
const VALID_CNJ = '1234567-42.2026.8.26.0100';
const unpaid: StatusMoveFacts = { process: { status: 'cadastro' }, charges: [{ status: 'PENDING' }] };
const paid: StatusMoveFacts = { process: { status: 'pago' }, charges: [{ status: 'RECEIVED' }] };

describe('assessStatusMove', () => {
  it('names a move without a confirmed payment and asks its reason', () => {
    const assessment = assessStatusMove(unpaid, 'pago');
    expect(assessment.warnings.map((w) => w.text)).toEqual([STATUS_CHANGE_MESSAGES.withoutPayment]);
    expect(assessment.reasonRequired).toBe(true);
  });

  it('takes a free renewal as paid and a refunded charge as not', () => {
    expect(assessStatusMove({ ...unpaid, charges: [], formaPagamento: 'gratuito' }, 'pago').warnings).toEqual([]);
    expect(assessStatusMove({ ...unpaid, charges: [{ status: 'REFUNDED' }] }, 'pago').reasonRequired).toBe(true);
  });

  it('asks nothing unusual of a paid process filed in order, only the court case', () => {
    const assessment = assessStatusMove(paid, 'peticionado');
    expect(assessment).toMatchObject({ warnings: [], reasonRequired: false, refusal: null });
    expect(assessment.fields).toEqual(['numero_cnj', 'peticionado_em', 'vara']);
  });

  it('counts the steps a move goes back, and names reopening a closed process', () => {
    const back = assessStatusMove({ ...paid, process: { status: 'baixa_deferida', numero_cnj: VALID_CNJ } }, 'pago');
    // Baixa Deferida → Peticionado → Em Análise → Pago.
    expect(back.warnings.map((w) => w.text)).toEqual([STATUS_CHANGE_MESSAGES.stepsBack(3)]);
    expect(assessStatusMove({ ...paid, process: { status: 'encerrado' } }, 'pago').warnings[0]!.code).toBe('reabre');
    expect(assessStatusMove(paid, 'encerrado').warnings).toEqual([]);
  });

  it('names a grant without a filing on record', () => {
    const assessment = assessStatusMove(paid, 'baixa_deferida');
    expect(assessment.warnings.map((w) => w.code)).toEqual(['sem_peticao']);
    expect(assessment.fields).toEqual(['data_decisao', 'motivo']);
  });

  it('takes a rule that refuses (the filing kit) as one more entry of the list', () => {
    const kitApproved = () => ({ refusal: 'O kit de protocolo ainda não foi aprovado.' });
    const assessment = assessStatusMove(paid, 'peticionado', [...STATUS_MOVE_RULES, kitApproved]);
    expect(assessment.refusal).toBe('O kit de protocolo ainda não foi aprovado.');
  });
});

describe('statusMoveProblems', () => {
  it('needs every required field, a valid CNJ number and past days', () => {
    const assessment = assessStatusMove(paid, 'peticionado');
    expect(statusMoveProblems(assessment, { status: 'peticionado' }, TODAY)).toEqual({
      numero_cnj: STATUS_CHANGE_MESSAGES.cnjRequired,
      peticionado_em: STATUS_CHANGE_MESSAGES.filingDateRequired,
    });
    expect(
      statusMoveProblems(assessment, { status: 'peticionado', numero_cnj: '123', peticionado_em: '2026-11-27' }, TODAY),
    ).toEqual({ numero_cnj: CNJ_NUMBER_MESSAGES.format, peticionado_em: STATUS_CHANGE_MESSAGES.futureDate });
    expect(
      statusMoveProblems(assessment, { status: 'peticionado', numero_cnj: VALID_CNJ, peticionado_em: TODAY }, TODAY),
    ).toEqual({});
  });

  it("asks 'Baixa Caiu' for its own reason and a real day", () => {
    const assessment = assessStatusMove(
      { ...paid, process: { status: 'baixa_deferida', numero_cnj: VALID_CNJ } },
      'baixa_caiu',
    );
    expect(
      statusMoveProblems(assessment, { status: 'baixa_caiu', data_queda: '2026-02-30', motivo: 'x' }, TODAY),
    ).toEqual({
      motivo: STATUS_CHANGE_MESSAGES.fallReasonRequired,
      data_queda: STATUS_CHANGE_MESSAGES.invalidDate,
    });
  });
});

describe('filedCase', () => {
  it('writes the number as the CNJ does and derives its court', () => {
    expect(filedCase({ status: 'peticionado', numero_cnj: '12345674220268260100' })).toEqual({
      numero_cnj: VALID_CNJ,
      tribunal: 'TJSP',
    });
  });
});

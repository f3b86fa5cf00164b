import { describe, expect, it } from 'vitest';
import {
  COURT_MOVEMENT_SENTENCES,
  plainCourtText,
  TPU_MOVEMENT_KINDS,
  translateCourtMovement,
} from '../../../domain/court-movements.js';

const movement = (codigo: number | null, nome = 'Movimento', complementos: string[] = []) => ({
  codigo,
  nome,
  complementos,
});

describe('the movement translation table (CNJ TPU codes)', () => {
  it.each([
    [26, 'distribuicao', null],
    [36, 'distribuicao', null],
    [339, 'liminar_concedida', 'baixa_deferida'],
    [892, 'liminar_concedida', 'baixa_deferida'],
    [817, 'liminar_concedida', 'baixa_deferida'],
    [888, 'liminar_concedida', 'baixa_deferida'],
    [792, 'liminar_negada', null],
    [968, 'liminar_negada', null],
    [348, 'liminar_revogada', 'baixa_caiu'],
    [945, 'liminar_revogada', 'baixa_caiu'],
    [219, 'sentenca', null],
    [220, 'sentenca', null],
    [221, 'sentenca', null],
    [246, 'arquivamento', null],
    [245, 'arquivamento', null],
    [22, 'arquivamento', null],
  ] as const)('TPU %i → %s, suggesting %s', (codigo, kind, suggested) => {
    const meaning = translateCourtMovement(movement(codigo, 'nome do tribunal'));
    expect(meaning).toEqual({
      kind,
      text: COURT_MOVEMENT_SENTENCES[kind],
      notifyCustomer: true,
      suggestedStatus: suggested,
    });
  });

  it('covers every code it lists (none left without a test above)', () => {
    expect(
      Object.keys(TPU_MOVEMENT_KINDS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([22, 26, 36, 219, 220, 221, 245, 246, 339, 348, 792, 817, 888, 892, 945, 968]);
  });

  it('reads TPU 60 (Expedição de documento) as an ofício only when its complement says so', () => {
    expect(translateCourtMovement(movement(60, 'Expedição de documento', ['tipo: Ofício'])).kind).toBe('oficio');
    expect(translateCourtMovement(movement(60, 'Expedição de documento', ['tipo: oficio'])).kind).toBe('oficio');
    const warrant = translateCourtMovement(movement(60, 'Expedição de documento', ['tipo: Mandado']));
    expect(warrant).toMatchObject({ kind: 'outro', text: 'Expedição de documento — tipo: Mandado' });
    expect(warrant.notifyCustomer).toBe(false);
  });

  it('shows any other movement in the court’s words, with no e-mail and no suggestion', () => {
    expect(translateCourtMovement(movement(51, 'Conclusão', ['tipo: para decisão']))).toEqual({
      kind: 'outro',
      text: 'Conclusão — tipo: para decisão',
      notifyCustomer: false,
      suggestedStatus: null,
    });
    expect(translateCourtMovement(movement(null, 'Juntada de petição')).kind).toBe('outro');
    expect(translateCourtMovement(movement(11010, '   ')).text).toBe('Movimentação registrada pelo tribunal.');
  });
});

describe('the court’s words as plain text', () => {
  it('drops markup and control characters, collapses spaces and bounds the length', () => {
    expect(plainCourtText('Despacho <b>proferido</b>\n\t<script>x</script> ok')).toBe('Despacho proferido x ok');
    expect(plainCourtText('a\u0000b')).toBe('a b');
    const long = plainCourtText('x'.repeat(600));
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });
});

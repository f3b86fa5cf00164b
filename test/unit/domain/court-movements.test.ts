import { describe, expect, it } from 'vitest';
import {
  COURT_MOVEMENT_SENTENCES,
  kindByName,
  plainCourtText,
  TPU_MOVEMENT_KINDS,
  translateCourtMovement,
} from '../../../domain/court-movements.js';
import { createDataJud } from '../../../lambdas/providers/datajud.js';

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

/**
 * Movements as DataJud's public API answers them (`hits.hits[]._source.movimentos[]`: code, the TPU's leaf name, time,
 * `complementosTabelados`), read by the real provider, then translated.
 */
const NUMBER = '07108025520188020001';
async function readThroughDataJud(movimentos: object[]) {
  const body = {
    hits: {
      total: { value: 1 },
      hits: [{ _index: 'api_publica_tjal', _source: { numeroProcesso: NUMBER, tribunal: 'TJAL', movimentos } }],
    },
  };
  const dataJud = createDataJud({
    baseUrl: 'https://datajud.test',
    apiKey: async () => 'key',
    fetch: async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  });
  const found = await dataJud.findCase('api_publica_tjal', NUMBER);
  return found!.movimentos.map((movement) => translateCourtMovement(movement));
}
const at = '2024-03-11T14:06:24.000Z';

describe('DataJud movements, as the API sends them', () => {
  it('reads the codes checked against public sources, whatever leaf name DataJud gives', async () => {
    const meanings = await readThroughDataJud([
      {
        codigo: 26,
        nome: 'Distribuição',
        dataHora: at,
        complementosTabelados: [{ codigo: 2, valor: 1, nome: 'tipo de distribuição', descricao: 'sorteio' }],
      },
      { codigo: 817, nome: 'Concessão', dataHora: at, complementosTabelados: [] },
      { codigo: 968, nome: 'Não-Concessão', dataHora: at },
      {
        codigo: 60,
        nome: 'Expedição de documento',
        dataHora: at,
        complementosTabelados: [{ codigo: 4, valor: 107, nome: 'tipo de documento', descricao: 'Ofício' }],
      },
      { codigo: 245, nome: 'Provisório', dataHora: at },
      { codigo: 22, nome: 'Baixa Definitiva', dataHora: at },
    ]);
    expect(meanings.map((meaning) => meaning.kind)).toEqual([
      'distribuicao',
      'liminar_concedida',
      'liminar_negada',
      'oficio',
      'arquivamento',
      'arquivamento',
    ]);
    expect(meanings[1]!.suggestedStatus).toBe('baixa_deferida');
  });

  it('reads a code it does not know by the words that name the act', async () => {
    const meanings = await readThroughDataJud([
      // A court's local code with the act in full, as several systems send it.
      { codigo: 2011, nome: 'Concedida a Medida Liminar', dataHora: at },
      { codigo: 50099, nome: 'Não concedida a tutela provisória', dataHora: at },
      { codigo: 10, nome: 'Liminar indeferida', dataHora: at },
      {
        codigo: 12000,
        nome: 'Revogada a decisão anterior',
        dataHora: at,
        complementosTabelados: [{ nome: 'tipo de decisão', descricao: 'Liminar' }],
      },
      { nome: 'Redistribuído por prevenção', dataHora: at },
      { codigo: 7, nome: 'Julgado procedente o pedido', dataHora: at },
      { codigo: 8, nome: 'Arquivado Definitivamente', dataHora: at },
      {
        codigo: 9,
        nome: 'Expedição de documento',
        dataHora: at,
        complementosTabelados: [{ nome: 'tipo de documento', descricao: 'Ofício' }],
      },
    ]);
    expect(meanings.map((meaning) => meaning.kind)).toEqual([
      'liminar_concedida',
      'liminar_negada',
      'liminar_negada',
      'liminar_revogada',
      'distribuicao',
      'sentenca',
      'arquivamento',
      'oficio',
    ]);
    expect(meanings[3]).toMatchObject({ suggestedStatus: 'baixa_caiu', notifyCustomer: true });
  });

  it('leaves words that do not say what happened in the court’s own words', async () => {
    const meanings = await readThroughDataJud([
      // A bare leaf: granted, denied or revoked? Only its code could tell.
      { codigo: 12201, nome: 'Liminar', dataHora: at },
      { codigo: 3, nome: 'Concessão', dataHora: at },
      // A request, the case sent to the judge, a notice of the decision: not the decision.
      {
        codigo: 85,
        nome: 'Petição',
        dataHora: at,
        complementosTabelados: [{ nome: 'tipo de petição', descricao: 'Pedido de Concessão de Tutela' }],
      },
      {
        codigo: 51,
        nome: 'Conclusão',
        dataHora: at,
        complementosTabelados: [{ nome: 'tipo de conclusão', descricao: 'para decisão - pedido de liminar' }],
      },
      { codigo: 581, nome: 'Intimação da decisão (CONCEDIDA A MEDIDA LIMINAR)', dataHora: at },
      { codigo: 11, nome: 'Processo Desarquivado', dataHora: at },
      { codigo: 12, nome: 'Extinto o processo de ofício', dataHora: at },
    ]);
    expect(meanings.map((meaning) => meaning.kind)).toEqual(Array(7).fill('outro'));
    expect(meanings[0]).toEqual({ kind: 'outro', text: 'Liminar', notifyCustomer: false, suggestedStatus: null });
  });

  it('reads names without regard to accents or case', () => {
    expect(kindByName({ nome: 'NAO CONCEDIDA A MEDIDA LIMINAR', complementos: [] })).toBe('liminar_negada');
    expect(kindByName({ nome: 'concedida em parte a medida liminar', complementos: [] })).toBe('liminar_concedida');
    expect(kindByName({ nome: 'Distribuído por sorteio', complementos: [] })).toBe('distribuicao');
  });
});

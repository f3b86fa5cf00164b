import { describe, expect, it } from 'vitest';
import { CASE_TIMELINE_MESSAGES, caseTimeline } from '../../../domain/case-timeline.js';
import { COURT_MOVEMENT_SENTENCES } from '../../../domain/court-movements.js';
import type { Dashboard } from '../../../domain/schemas/dashboard.js';
import type { Contract, CourtMovement, Process } from '../../../domain/schemas/entities.js';

const contract = { id: 'c1', assinado_em: '2026-11-01T12:00:00Z', created_at: '2026-11-01T00:00:00Z' } as Contract;
const filed = (over: Partial<Process> = {}) =>
  ({
    id: 'p1',
    contrato_id: 'c1',
    status: 'peticionado',
    created_at: '2026-11-01T00:00:00Z',
    numero_cnj: '0001234-55.2026.8.13.0637',
    tribunal: 'TJMG',
    vara: null,
    peticionado_em: '2026-11-16',
    ...over,
  }) as Process;
const movement = (id: string, data_hora: string, kind: CourtMovement['kind'], texto = 'Texto'): CourtMovement => ({
  id,
  contrato_id: 'c1',
  codigo: 1,
  nome: 'nome',
  complementos: [],
  data_hora,
  kind,
  texto,
  sugestao_status: null,
  revisado_em: null,
  created_at: data_hora,
});
const dashboard = (over: Partial<Dashboard>): Dashboard => ({
  email: 'a@b.c',
  profile: null,
  contracts: [contract],
  charges: [],
  processes: [filed()],
  history: [],
  movements: [],
  courtCases: [],
  withdrawals: [],
  ...over,
});

describe('the case timeline', () => {
  it('is absent before the process has a CNJ number', () => {
    expect(
      caseTimeline(dashboard({ processes: [filed({ numero_cnj: null, status: 'pago' })] }), '2026-11-20'),
    ).toBeNull();
  });

  it('waits for the court while DataJud does not know the case, and forecasts the injunction decision', () => {
    const timeline = caseTimeline(
      dashboard({
        courtCases: [
          {
            contrato_id: 'c1',
            ultimo_resultado: 'not_found',
            ultima_resposta_em: '2026-11-17T10:00:00Z',
            ultima_tentativa_em: '2026-11-17T10:00:00Z',
            primeira_tentativa_em: '2026-11-16T10:00:00Z',
          },
        ],
      }),
      '2026-11-20',
    )!;
    expect(timeline.court).toEqual({ state: 'waiting' });
    // 10 business days after Monday 16/11/2026, with the national holiday of 20/11 (Consciência Negra) skipped.
    expect(timeline.next).toEqual({
      label: CASE_TIMELINE_MESSAGES.nextDecision,
      expectedBy: '2026-12-01',
      late: false,
    });
    expect(timeline.advice).toBe(CASE_TIMELINE_MESSAGES.adviceWaiting);
  });

  it('lists the movements oldest first and, once the injunction is granted, forecasts the removal', () => {
    const timeline = caseTimeline(
      dashboard({
        movements: [
          movement('m3', '2026-11-24T12:00:00Z', 'liminar_concedida', COURT_MOVEMENT_SENTENCES.liminar_concedida),
          movement('m1', '2026-11-17T12:00:00Z', 'distribuicao'),
          movement('m2', '2026-11-18T12:00:00Z', 'outro', 'Conclusão'),
        ],
      }),
      '2026-11-25',
    )!;
    expect(timeline.movements.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(timeline.court).toEqual({ state: 'found', orgaoJulgador: null });
    expect(timeline.next).toEqual({ label: CASE_TIMELINE_MESSAGES.nextRemoval, expectedBy: '2026-12-08', late: false });
    expect(timeline.advice).toBe(CASE_TIMELINE_MESSAGES.adviceGranted);
  });

  it('says a forecast is late once its day has passed, and tells what to do after a denial', () => {
    const late = caseTimeline(dashboard({}), '2026-12-10')!;
    expect(late.next?.late).toBe(true);
    const denied = caseTimeline(
      dashboard({ movements: [movement('m1', '2026-11-20T12:00:00Z', 'liminar_negada')] }),
      '2026-11-25',
    )!;
    expect(denied.next).toBeNull();
    expect(denied.advice).toBe(CASE_TIMELINE_MESSAGES.adviceDenied);
  });

  it('awaits nothing from the court once the removal is granted', () => {
    const done = caseTimeline(dashboard({ processes: [filed({ status: 'baixa_deferida' })] }), '2026-11-25')!;
    expect(done.next).toBeNull();
  });
});

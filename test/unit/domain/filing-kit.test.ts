import { describe, expect, it } from 'vitest';
import {
  KIT_MESSAGES,
  kitChecklist,
  kitItemDefinition,
  kitProgress,
  kitRefusalFix,
  kitStatusRefusal,
  kitSummary,
  kitSummaryLabel,
  kitUploadTypeOf,
  type KitItemRecord,
} from '../../../domain/filing-kit.js';
import {
  FILING_PROMISE_MESSAGES,
  FILING_WATCH_MAX_DAYS,
  filingDeadline,
  filingForecast,
  filingForecastOf,
  filingPromise,
  filingWatch,
} from '../../../domain/filing.js';
import { nextStep } from '../../../domain/next-step.js';
import { processJourney } from '../../../domain/process-journey.js';
import { lookupStatusOf } from '../../../domain/lookup.js';
import { ADMIN_COUNTED_PROCESS_STATUSES, PROCESS_STATUS_LABELS } from '../../../domain/process-status.js';
import type { Dashboard } from '../../../domain/schemas/dashboard.js';
import type { KitItem } from '../../../domain/schemas/filing-kit.js';
import type { Charge, Contract, Process, Profile } from '../../../domain/schemas/entities.js';

const keysOf = (type: 'cpf' | 'cnpj', required: boolean) =>
  kitChecklist(type)
    .filter((item) => item.required === required)
    .map((item) => item.key);

describe('the filing kit checklist', () => {
  it('asks a CPF for ID, proof of address, bureau report and the signed procuração; the declaração is optional', () => {
    expect(keysOf('cpf', true)).toEqual(['identidade', 'comprovante_endereco', 'relatorio_negativacao', 'procuracao']);
    expect(keysOf('cpf', false)).toEqual(['declaracao_hipossuficiencia', 'outros']);
  });

  it('asks a CNPJ for the articles, cartão CNPJ, the partner’s ID, the address, the reports and the procuração', () => {
    expect(keysOf('cnpj', true)).toEqual([
      'contrato_social',
      'cartao_cnpj',
      'identidade_socio',
      'comprovante_endereco',
      'relatorio_negativacao',
      'procuracao',
    ]);
    expect(kitItemDefinition('cnpj', 'procuracao')?.title).toBe('Procuração assinada pelo sócio');
    expect(kitItemDefinition('cnpj', 'declaracao_hipossuficiencia')).toBeNull();
    expect(kitItemDefinition('cpf', 'cartao_cnpj')).toBeNull();
  });

  it('says what a good file looks like for every item, and lets the ID have front and back', () => {
    for (const item of [...kitChecklist('cpf'), ...kitChecklist('cnpj')])
      expect(item.guidance.length).toBeGreaterThan(20);
    expect(kitItemDefinition('cpf', 'identidade')?.maxFiles).toBeGreaterThanOrEqual(2);
    expect(kitItemDefinition('cpf', 'comprovante_endereco')?.guidance).toContain('90 dias');
  });
});

describe('kit progress', () => {
  const record = (key: KitItemRecord['key'], state: KitItemRecord['state'], refusal?: KitItemRecord['refusal']) => ({
    key,
    state,
    refusal,
  });

  it('shows Pendente for an item never sent and Recusado: <motivo> for a refused one', () => {
    const progress = kitProgress('cpf', [
      record('identidade', 'enviado'),
      record('comprovante_endereco', 'recusado', { code: 'vencido' }),
      record('procuracao', 'em_analise'),
    ]);
    const label = (key: string) => progress.items.find((item) => item.key === key)?.label;
    expect(label('identidade')).toBe('Enviado');
    expect(label('comprovante_endereco')).toBe('Recusado: documento fora do prazo');
    expect(label('procuracao')).toBe('Em análise');
    expect(label('relatorio_negativacao')).toBe('Pendente');
    // An optional item nobody sent owes nothing.
    expect(label('declaracao_hipossuficiencia')).toBe('Opcional');
    expect(label('outros')).toBe('Opcional');
    expect(progress.sentCount).toBe(2);
    expect(progress.complete).toBe(false);
  });

  it('reads the lawyer’s own words for “outro” and adds a note to a coded reason’s advice', () => {
    const progress = kitProgress('cpf', [
      record('identidade', 'recusado', { code: 'outro', note: 'Foto da CNH vencida' }),
    ]);
    expect(progress.items[0]?.label).toBe('Recusado: Foto da CNH vencida');
    expect(kitRefusalFix({ code: 'ilegivel', note: 'Falta o verso' })).toMatch(
      /nítida.*Observação do advogado: Falta o verso$/,
    );
  });

  it('is complete only when every required item is approved, whatever the optional ones', () => {
    const required = keysOf('cpf', true);
    const almost = required.slice(1).map((key) => record(key, 'aprovado'));
    expect(kitProgress('cpf', almost)).toMatchObject({
      complete: false,
      missing: ['Documento de identidade com foto'],
    });
    const all = required.map((key) => record(key, 'aprovado'));
    expect(kitProgress('cpf', all)).toMatchObject({ complete: true, approvedCount: 4, requiredCount: 4 });
  });
});

describe('the process status with the kit (docs/decisions.md, The filing kit’s status)', () => {
  it('is the spec’s em_analise, which the public lookup already names', () => {
    expect(PROCESS_STATUS_LABELS.em_analise).toBe('Em Análise');
    expect(lookupStatusOf('em_analise')).toBe('em_analise');
    expect(ADMIN_COUNTED_PROCESS_STATUSES).toHaveLength(6);
  });

  it('refuses peticionado until the kit was approved', () => {
    expect(kitStatusRefusal({ status: 'pago' }, 'peticionado')).toBe(KIT_MESSAGES.filingBeforeApproval);
    expect(kitStatusRefusal({ status: 'pago', kit_aprovado_em: null }, 'peticionado')).not.toBeNull();
    expect(
      kitStatusRefusal({ status: 'em_analise', kit_aprovado_em: '2026-11-10T12:00:00Z' }, 'peticionado'),
    ).toBeNull();
    expect(kitStatusRefusal({ status: 'pago' }, 'encerrado')).toBeNull();
  });
});

describe('the filing watch (CheckFiling) follows the kit’s approval', () => {
  // Paid Monday 02/11/2026: forecast Wednesday 11/11 (7 business days), late from 12/11 09:00 in São Paulo.
  const paidAt = '2026-11-02T15:00:00Z';
  const paymentForecast = filingForecast(new Date(paidAt)).toISOString();
  const paymentDeadline = filingDeadline(new Date(paymentForecast));
  const after = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
  const waiting = { status: 'pago', previsao: paymentForecast, updated_at: paidAt };

  it('is never late while the kit waits, and looks again when a kit approved now would be late', () => {
    const now = after(paymentDeadline, 60);
    expect(filingWatch(waiting, now)).toEqual({
      state: 'wait',
      next: filingDeadline(filingForecast(now)).toISOString(),
    });
    // Thursday 12/11 10:00 in São Paulo: 7 business days skip Consciência Negra (20/11) → Tue 24/11; late from 25/11.
    expect(filingWatch(waiting, now)).toEqual({ state: 'wait', next: '2026-11-25T12:00:00.000Z' });
  });

  it('counts from the approval once the kit is approved after the payment', () => {
    const approvedAt = after(paymentDeadline, 120);
    const previsao = filingPromise(paidAt, approvedAt.toISOString());
    expect(previsao.basis).toBe('kit_approval');
    const approved = {
      status: 'em_analise',
      previsao: previsao.basis === 'awaiting_kit' ? null : previsao.forecast,
      updated_at: approvedAt.toISOString(),
    };
    const deadline = filingDeadline(filingForecast(approvedAt));
    // Past the payment's deadline, but not the approval's: not late, look again at the approval's deadline.
    expect(filingWatch(approved, after(approvedAt, 1))).toEqual({ state: 'wait', next: deadline.toISOString() });
    expect(filingWatch(approved, after(deadline, -1)).state).toBe('wait');
    expect(filingWatch(approved, deadline)).toEqual({ state: 'late', forecast: approved.previsao });
  });

  it('counts from the payment when the kit was approved first', () => {
    const approved = { status: 'em_analise', previsao: paymentForecast, updated_at: '2026-11-03T12:00:00Z' };
    expect(filingWatch(approved, after(paymentDeadline, -1)).state).toBe('wait');
    expect(filingWatch(approved, paymentDeadline).state).toBe('late');
  });

  it('ends when the process was filed, moved on or refunded', () => {
    for (const status of ['peticionado', 'baixa_deferida', 'encerrado', 'pagamento_estornado', 'contrato_assinado']) {
      expect(filingWatch({ ...waiting, status }, after(paymentDeadline, 60))).toEqual({ state: 'done' });
    }
  });

  it('stops following a kit that never arrives before the execution’s one-year limit', () => {
    const day = 24 * 3600 * 1000;
    const lastWatched = new Date(new Date(paymentForecast).getTime() + FILING_WATCH_MAX_DAYS * day);
    expect(filingWatch(waiting, lastWatched).state).toBe('wait');
    expect(filingWatch(waiting, after(lastWatched, 1))).toEqual({ state: 'done' });
  });

  it('reads the forecast stored, or counts from a hand move that stored none', () => {
    expect(filingForecastOf({ previsao: paymentForecast, updated_at: '2026-11-20T12:00:00Z' }).toISOString()).toBe(
      paymentForecast,
    );
    expect(filingForecastOf({ previsao: null, updated_at: paidAt }).toISOString()).toBe(paymentForecast);
  });
});

describe('the filing promise counts from the later of payment and kit approval', () => {
  it('promises nothing while the kit waits', () => {
    expect(filingPromise('2026-11-02T15:00:00Z', null)).toEqual({ basis: 'awaiting_kit' });
  });
  it('counts from the approval when it came after the payment', () => {
    const promise = filingPromise('2026-11-02T15:00:00Z', '2026-11-10T15:00:00Z');
    expect(promise).toEqual({
      basis: 'kit_approval',
      forecast: filingForecast(new Date('2026-11-10T15:00:00Z')).toISOString(),
      from: '2026-11-10T15:00:00Z',
    });
  });
  it('counts from the payment when the approval came first', () => {
    expect(filingPromise('2026-11-10T15:00:00Z', '2026-11-02T15:00:00Z').basis).toBe('payment');
  });

  const contract = { id: 'c1', assinado_em: '2026-11-01T12:00:00Z', valor: 399, forma_pagamento: 'PIX' } as Contract;
  const charge = { id: 'ch', contrato_id: 'c1', status: 'RECEIVED', paid_at: '2026-11-02T15:00:00Z' } as Charge;
  const process = (over: Partial<Process>) =>
    ({ id: 'p', contrato_id: 'c1', created_at: '2026-11-01T00:00:00Z', previsao: null, ...over }) as Process;

  it('the dashboard says the clock starts with the approval while the kit waits', () => {
    const journey = processJourney({
      process: process({ status: 'pago', previsao: '2026-11-11T12:00:00Z' }),
      contract,
      charge,
      history: [],
    });
    expect(journey.forecast).toBeNull();
    expect(journey.forecastNote).toBe(FILING_PROMISE_MESSAGES.awaiting_kit);
    expect(journey.steps.map((step) => step.key)).toContain('em_analise');
  });

  it('and, once approved, the date and what it counts from', () => {
    const journey = processJourney({
      process: process({
        status: 'em_analise',
        previsao: '2026-11-19T12:00:00Z',
        kit_aprovado_em: '2026-11-10T15:00:00Z',
      }),
      contract,
      charge,
      history: [],
    });
    expect(journey.forecast).toBe('2026-11-19T12:00:00Z');
    expect(journey.forecastNote).toBe(FILING_PROMISE_MESSAGES.kit_approval);
    expect(journey.steps.find((step) => step.key === 'em_analise')).toMatchObject({ state: 'done', current: true });
  });
});

describe('a process filed before the kit existed', () => {
  it('shows no “Em Análise” step it never went through', () => {
    const journey = processJourney({
      process: {
        id: 'p',
        contrato_id: 'c1',
        status: 'baixa_caiu',
        created_at: '2026-11-01T00:00:00Z',
        previsao: null,
        baixa_deferida_em: '2026-11-20T00:00:00Z',
      } as Process,
      contract: { id: 'c1', assinado_em: '2026-11-01T12:00:00Z', valor: 399, forma_pagamento: 'PIX' } as Contract,
      charge: { id: 'ch', contrato_id: 'c1', status: 'RECEIVED', paid_at: '2026-11-02T15:00:00Z' } as Charge,
      history: [],
    });
    expect(journey.steps.map((step) => step.key)).not.toContain('em_analise');
    expect(journey.steps.map((step) => step.key)).toContain('peticionado');
  });
});

describe('the dashboard’s next step after the payment', () => {
  const profile = { id: 'p1', tipo_documento: 'cpf' } as Profile;
  const contract = { id: 'c1', assinado_em: '2026-11-01T12:00:00Z', created_at: '2026-11-01T00:00:00Z' } as Contract;
  const paid = { id: 'p', contrato_id: 'c1', status: 'pago', created_at: '2026-11-01T00:00:00Z' } as Process;
  const item = (key: KitItem['key'], state: KitItem['state']) =>
    ({ contrato_id: 'c1', key, state, files: [], sent_at: '2026-11-03T00:00:00Z', updated_at: '' }) as KitItem;
  const dashboard = (kit: KitItem[]): Dashboard => ({
    email: 'a@b.c',
    profile,
    contracts: [contract],
    charges: [],
    movements: [],
    courtCases: [],
    processes: [paid],
    history: [],
    withdrawals: [],
    kit,
  });

  it('asks for the documents', () => {
    expect(nextStep(dashboard([]))).toMatchObject({ title: 'Envie seus Documentos', to: '/app/documentos' });
  });
  it('asks to fix a refused one first', () => {
    expect(nextStep(dashboard([item('identidade', 'recusado')]))?.title).toBe('Corrija seus Documentos');
  });
  it('says they are under review once every required item was sent', () => {
    const kit = (['identidade', 'comprovante_endereco', 'relatorio_negativacao', 'procuracao'] as const).map((key) =>
      item(key, 'enviado'),
    );
    expect(nextStep(dashboard(kit))?.title).toBe('Documentos em Análise');
  });
});

describe('upload types', () => {
  it('maps what browsers report to the type the POST policy pins', () => {
    expect(kitUploadTypeOf('image/jpeg', 'a.jpg')).toBe('image/jpeg');
    expect(kitUploadTypeOf('image/heif', 'IMG_1.HEIC')).toBe('image/heic');
    expect(kitUploadTypeOf('', 'IMG_1.HEIC')).toBe('image/heic');
    expect(kitUploadTypeOf('application/octet-stream', 'doc.pdf')).toBe('application/pdf');
    expect(kitUploadTypeOf('application/x-msdownload', 'virus.exe')).toBeNull();
    expect(kitUploadTypeOf('', 'virus.exe')).toBeNull();
  });
});

describe('the kit in one line (/admin/processos)', () => {
  it('counts required items approved, items awaiting the lawyer and refused ones', () => {
    const summary = kitSummary('cpf', [
      { key: 'identidade', state: 'aprovado' },
      { key: 'comprovante_endereco', state: 'aprovado' },
      { key: 'relatorio_negativacao', state: 'enviado' },
      { key: 'procuracao', state: 'recusado', refusal: { code: 'assinatura' } },
      { key: 'outros', state: 'em_analise' },
    ]);
    expect(summary).toEqual({ approved: 2, required: 4, toReview: 2, refused: 1 });
    expect(kitSummaryLabel(summary)).toBe('2/4 aprovados · 2 a revisar · 1 recusado');
  });

  it('says so when every required item is approved and nothing waits', () => {
    expect(kitSummaryLabel({ approved: 6, required: 6, toReview: 0, refused: 0 })).toBe('Documentos aprovados');
    expect(kitSummaryLabel({ approved: 6, required: 6, toReview: 1, refused: 0 })).toBe('6/6 aprovados · 1 a revisar');
    expect(kitSummaryLabel({ approved: 0, required: 6, toReview: 0, refused: 2 })).toBe('0/6 aprovados · 2 recusados');
  });
});

import { describe, expect, it } from 'vitest';
import {
  caseFileTimeline,
  customerPhoneLink,
  customerWhatsappLink,
  deletionConfirmationMatches,
  type CaseFileInput,
} from '../../../domain/case-file.js';
import { SYSTEM_ACTOR } from '../../../domain/history.js';
import type { Charge, Contract, Process, Profile } from '../../../domain/schemas/entities.js';
import { ALL_FUNCTIONS } from '../../../lambdas/functions.js';
import { tableGrantAllows } from '../../../lambdas/grants.js';
import { keys } from '../../../lambdas/shared/data/keys.js';

const profile: Profile = {
  id: 'p1',
  user_id: 'u1',
  nome_completo: 'Maria da Silva',
  tipo_documento: 'cpf',
  cpf: '52998224725',
  email: 'maria@example.com',
  whatsapp: '(11) 98765-4321',
  endereco: 'Praça da Sé',
  numero: '1',
  complemento: null,
  bairro: 'Sé',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01001-000',
  referral_code: 'REF-ABC123',
  referred_by_profile_id: null,
  free_renewals: 0,
  created_at: '2026-11-01T12:00:00.000Z',
};

const contract: Contract = {
  id: 'c1',
  profile_id: 'p1',
  protocolo: 'BX-2026-ABCD-1234',
  valor: 399,
  forma_pagamento: 'pix',
  assinado_em: '2026-11-01T12:10:00.000Z',
  ip_assinatura: '200.10.20.30',
  geo_assinatura: { cidade: 'São Paulo', estado: 'SP', pais: 'Brasil', latitude: null, longitude: null },
  parent_contrato_id: null,
  cancelado_em: null,
  created_at: '2026-11-01T12:00:00.000Z',
};

const charge: Omit<Charge, 'qr_code'> = {
  id: 'ch1',
  contrato_id: 'c1',
  status: 'RECEIVED',
  pix_payload: null,
  link: 'https://sandbox.asaas.com/i/pay_1',
  asaas_id: 'pay_1',
  fb_event_id: null,
  valor: 399,
  paid_at: '2026-11-01T13:00:00.000Z',
  created_at: '2026-11-01T12:20:00.000Z',
  updated_at: '2026-11-01T13:00:00.000Z',
};

const process: Process = {
  id: 'pr1',
  contrato_id: 'c1',
  status: 'pago',
  previsao: null,
  observacoes: null,
  baixa_deferida_em: null,
  baixa_caiu_em: null,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T13:00:00.000Z',
};

const input = (overrides: Partial<CaseFileInput> = {}): CaseFileInput => ({
  profile,
  accountConfirmedAt: '2026-11-01T11:50:00.000Z',
  contracts: [{ ...contract, assinatura: { aceite: 'Li e concordo', text_sha256: 'a'.repeat(64), pdf_key: 'k' } }],
  charges: [charge],
  processes: [process],
  history: [
    {
      processo_id: 'pr1',
      de: 'pagamento_pendente',
      para: 'pago',
      obs: null,
      by_user: SYSTEM_ACTOR,
      created_at: '2026-11-01T13:00:00.000Z',
    },
    {
      processo_id: 'pr1',
      de: 'pago',
      para: 'peticionado',
      obs: 'Protocolado no TJSP',
      by_user: 'admin-1',
      created_at: '2026-11-02T10:00:00.000Z',
    },
  ],
  audit: [
    {
      id: 'a1',
      at: '2026-11-02T10:00:00.000Z',
      actor: { userId: 'admin-1', email: 'advogada@baixa.test' },
      action: 'process-status',
      targetUserId: 'u1',
      target: { type: 'process', id: 'pr1' },
      before: { status: 'pago' },
      after: { status: 'peticionado' },
    },
  ],
  sentEmails: [
    {
      id: 'e1',
      assunto: 'Contrato assinado — protocolo BX',
      toCurrentAddress: true,
      enviado_em: '2026-11-01T12:10:01.000Z',
    },
    {
      id: 'e2',
      assunto: 'Atualização do seu processo',
      toCurrentAddress: true,
      enviado_em: '2026-11-02T10:00:02.000Z',
    },
  ],
  suppression: null,
  internalNotes: [],
  ...overrides,
});

describe('caseFileTimeline', () => {
  it('lists everything newest first: status changes with their actor, e-mails, payment, signature, sign-up', () => {
    const timeline = caseFileTimeline(input());
    expect(timeline.map((event) => event.title)).toEqual([
      'Atualização do seu processo',
      'Pago → Peticionado',
      'Pagamento Pendente → Pago',
      'Pagamento recebido',
      'PIX gerado',
      'Contrato assinado — protocolo BX',
      'Contrato assinado',
      'Contrato gerado',
      'Perfil preenchido',
      'Cadastro confirmado',
    ]);
    const byTitle = (title: string) => timeline.find((event) => event.title === title)!;
    expect(byTitle('Pago → Peticionado')).toMatchObject({
      kind: 'status',
      actor: 'advogada@baixa.test',
      protocolo: 'BX-2026-ABCD-1234',
      details: ['Observação ao cliente: Protocolado no TJSP'],
    });
    expect(byTitle('Pagamento Pendente → Pago').actor).toBe('Sistema');
    expect(byTitle('Pagamento recebido')).toMatchObject({
      asaas_link: 'https://sandbox.asaas.com/i/pay_1',
      details: ['R$ 399,00 · PIX · pago em 01/11/2026'],
    });
    // The contract's price only: how it was paid is the charge's line (a card-paid contract never reads 'PIX').
    expect(byTitle('Contrato gerado').details).toEqual(['R$ 399,00']);
    expect(byTitle('Contrato assinado')).toMatchObject({ contract_pdf: 'c1', actor: 'Cliente' });
    expect(byTitle('Contrato assinado').details).toContain(`SHA-256 do texto: ${'a'.repeat(64)}`);
    expect(byTitle('Atualização do seu processo')).toMatchObject({ kind: 'email', delivery: 'enviado' });
  });

  it('says a free renewal is free, and a contract paid by card by its charge, never as PIX', () => {
    const renewal = { ...contract, forma_pagamento: 'gratuito', parent_contrato_id: 'c0' };
    const free = caseFileTimeline(input({ contracts: [renewal], charges: [] }));
    expect(free.find((event) => event.title === 'Contrato de renovação gerado')?.details).toEqual([
      'R$ 399,00 · Gratuito',
    ]);
    const card = caseFileTimeline(input({ charges: [{ ...charge, forma: 'cartao', valor: 449, parcelas: 3 }] }));
    expect(card.find((event) => event.title === 'Contrato gerado')?.details).toEqual(['R$ 399,00']);
    expect(card.find((event) => event.title === 'Pagamento recebido')?.details[0]).not.toContain('PIX');
    expect(card.map((event) => event.title)).toContain('Cobrança no cartão gerada');
    expect(card.map((event) => event.title)).not.toContain('PIX gerado');
  });

  it('says a payment marked by hand is manual, and shows a refund with its value', () => {
    const manual = caseFileTimeline(input({ charges: [{ ...charge, status: 'RECEIVED_IN_CASH' }] }));
    expect(manual.find((event) => event.title === 'Pagamento recebido')?.details[0]).toContain('Manual');
    const refunded = caseFileTimeline(
      input({ charges: [{ ...charge, status: 'REFUND_REQUESTED', updated_at: '2026-11-03T10:00:00.000Z' }] }),
    );
    expect(refunded[0]).toMatchObject({ kind: 'cobranca', title: 'Estorno solicitado', details: ['R$ 399,00'] });
  });

  it("marks the e-mail SES bounced, and the ones after it as not delivered; another address's stay sent", () => {
    const timeline = caseFileTimeline(
      input({
        suppression: { reason: 'bounce', at: '2026-11-01T12:10:05.000Z' },
        sentEmails: [
          { id: 'e1', assunto: 'Bem-vindo', toCurrentAddress: true, enviado_em: '2026-11-01T11:50:00.000Z' },
          { id: 'e2', assunto: 'Contrato assinado', toCurrentAddress: true, enviado_em: '2026-11-01T12:10:01.000Z' },
          { id: 'e3', assunto: 'Atualização', toCurrentAddress: true, enviado_em: '2026-11-02T10:00:02.000Z' },
          {
            id: 'e4',
            assunto: 'Seu e-mail foi alterado',
            toCurrentAddress: false,
            enviado_em: '2026-11-03T10:00:00.000Z',
          },
        ],
      }),
    );
    const delivery = Object.fromEntries(
      timeline.filter((event) => event.kind === 'email').map((event) => [event.id, event.delivery]),
    );
    expect(timeline.find((event) => event.id === 'email-e4')?.details).toEqual([
      'Para um endereço anterior do cliente',
    ]);
    expect(delivery).toEqual({
      'email-e1': 'enviado',
      'email-e2': 'devolvido',
      'email-e3': 'bloqueado',
      'email-e4': 'enviado',
    });
  });

  it('marks internal notes as internal, and takes events of other features as they come', () => {
    const timeline = caseFileTimeline(
      input({
        internalNotes: [
          {
            id: 'n1',
            contrato_id: 'c1',
            texto: 'Cliente ligou',
            by_user: 'admin-1',
            created_at: '2026-11-04T10:00:00.000Z',
          },
        ],
        extra: [
          {
            id: 'doc-1',
            at: '2026-11-05T10:00:00.000Z',
            kind: 'documento',
            title: 'Documento enviado',
            details: [],
            actor: 'Cliente',
            internal: false,
            protocolo: null,
            contract_pdf: null,
            asaas_link: null,
            delivery: null,
          },
        ],
      }),
    );
    expect(timeline[0]?.kind).toBe('documento');
    expect(timeline[1]).toMatchObject({
      kind: 'nota',
      internal: true,
      actor: 'advogada@baixa.test',
      details: ['Cliente ligou'],
    });
  });
});

describe('caseFileTimeline: the guarded move, the filing kit and the court', () => {
  it("shows a move's reason and warnings, and its internal note as a note of its own, marked internal", () => {
    const timeline = caseFileTimeline(
      input({
        history: [
          {
            processo_id: 'pr1',
            de: 'pagamento_pendente',
            para: 'peticionado',
            obs: null,
            motivo: 'Pago por transferência',
            avisos: 'sem pagamento confirmado',
            nota_interna: 'Conferido no extrato',
            by_user: 'admin-1',
            created_at: '2026-11-06T10:00:00.000Z',
          },
        ],
      }),
    );
    expect(timeline[0]).toMatchObject({ kind: 'nota', internal: true, details: ['Conferido no extrato'] });
    expect(timeline[1]).toMatchObject({
      kind: 'status',
      internal: false,
      details: ['Atenção: sem pagamento confirmado', 'Motivo: Pago por transferência'],
    });
  });

  it('lists each file the customer sent and each review with its reason, under Documentos', () => {
    const timeline = caseFileTimeline(
      input({
        kit: [
          {
            contrato_id: 'c1',
            key: 'identidade',
            state: 'recusado',
            files: [
              { id: 'f1', content_type: 'image/jpeg', bytes: 350_000, uploaded_at: '2026-11-03T09:00:00.000Z' },
              { id: 'f2', content_type: 'application/pdf', bytes: 2_500_000, uploaded_at: '2026-11-03T09:01:00.000Z' },
            ],
            refusal: { code: 'ilegivel' },
            sent_at: '2026-11-03T09:01:00.000Z',
            reviewed_at: '2026-11-04T09:00:00.000Z',
            updated_at: '2026-11-04T09:00:00.000Z',
          },
        ],
        audit: [
          {
            id: 'k1',
            at: '2026-11-04T09:00:00.000Z',
            actor: { userId: 'admin-1', email: 'advogada@baixa.test' },
            action: 'kit-review',
            targetUserId: 'u1',
            target: { type: 'kit_item', id: 'c1#identidade' },
            before: { state: 'enviado', files: 2 },
            after: { state: 'recusado', refusal: { code: 'ilegivel' } },
          },
        ],
      }),
    );
    const documents = timeline.filter((event) => event.kind === 'documento');
    expect(documents.map((event) => [event.title, event.actor, event.details])).toEqual([
      ['Documento recusado: Documento de identidade com foto', 'advogada@baixa.test', ['Motivo: arquivo ilegível']],
      ['Documento enviado: Documento de identidade com foto', 'Cliente', ['PDF · 2,4 MB']],
      ['Documento enviado: Documento de identidade com foto', 'Cliente', ['Imagem · 342 KB']],
    ]);
    expect(documents.every((event) => event.protocolo === 'BX-2026-ABCD-1234')).toBe(true);
  });

  it("lists court movements in the customer's words, with the court's and whether the team confirmed", () => {
    const timeline = caseFileTimeline(
      input({
        movements: [
          {
            id: 'm1',
            contrato_id: 'c1',
            codigo: 339,
            nome: 'Concedida a Medida Liminar',
            complementos: [],
            data_hora: '2026-11-07T15:00:00.000Z',
            kind: 'liminar_concedida',
            texto: 'O juiz concedeu a liminar.',
            sugestao_status: 'baixa_deferida',
            revisado_em: null,
            created_at: '2026-11-07T18:00:00.000Z',
          },
        ],
      }),
    );
    expect(timeline[0]).toMatchObject({
      kind: 'movimentacao',
      title: 'O juiz concedeu a liminar.',
      actor: 'Tribunal',
      protocolo: 'BX-2026-ABCD-1234',
      details: ['No tribunal: Concedida a Medida Liminar', 'Aguardando a equipe confirmar o status'],
    });
  });
});

describe('contact actions', () => {
  it('turns a Brazilian WhatsApp number into wa.me and tel: links with the country code', () => {
    expect(customerWhatsappLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(customerPhoneLink('(11) 98765-4321')).toBe('tel:+5511987654321');
    expect(customerWhatsappLink('123')).toBeNull();
  });

  it('asks for the name typed as shown, in any letter case, before a deletion', () => {
    expect(deletionConfirmationMatches(' maria da silva ', 'Maria da Silva')).toBe(true);
    expect(deletionConfirmationMatches('Maria', 'Maria da Silva')).toBe(false);
  });
});

describe('the e-mail records of the case file (pattern 84)', () => {
  it.each([
    'SignContract',
    'CancelContract',
    'IssueNadaConsta',
    'RequestErasure',
    'publishChanges',
    'postConfirmation',
    'preTokenGeneration',
    'createAuthChallenge',
  ])("%s may write the record in the customer's partition", (name) => {
    const fn = ALL_FUNCTIONS.find((candidate) => candidate.name === name);
    expect(fn, name).toBeDefined();
    expect(tableGrantAllows(fn!.grants, { action: 'UpdateItem', partitionKey: keys.customer('u1') })).toBe(true);
  });
});

describe('reminders in the case file', () => {
  it('shows each reminder sent, what it was about, its contract and its channels', () => {
    const timeline = caseFileTimeline(
      input({
        reminders: [
          {
            dia: '2026-11-26',
            kind: 'cobranca_24h',
            contrato_id: 'c1',
            enviado_em: '2026-11-26T14:05:00.000Z',
            canais: ['email', 'whatsapp'],
          },
        ],
      }),
    );
    const reminder = timeline.find((event) => event.kind === 'lembrete');
    expect(reminder).toMatchObject({
      id: 'lembrete-2026-11-26',
      at: '2026-11-26T14:05:00.000Z',
      title: 'Lembrete de pagamento: cobrança não paga 24 horas depois de gerada',
      protocolo: 'BX-2026-ABCD-1234',
      actor: 'Sistema',
      details: ['Enviado por e-mail e WhatsApp'],
    });
  });
});

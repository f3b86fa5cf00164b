import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { dataExportSchema, type DataExport } from '../../../domain/schemas/data-rights.js';
import {
  dataExportFileName,
  EXPORT_FIELD_LABELS,
  renderDataExportHtml,
} from '../../../frontend/src/features/profile/lib/data-export-html.js';

/** Every field name the export can hold below its sections (the sections are headings, not rows), with where. */
function fieldNames(schema: z.ZodType, path: string, found: Map<string, string>, depth = 0): Map<string, string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string) => fieldNames(def[key] as z.ZodType, path, found, depth + 1);
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (depth > 0 && !found.has(name)) found.set(name, `${path}.${name}`);
        fieldNames(field, `${path}.${name}`, found, depth + 1);
      }
      break;
    case 'array':
      inner('element');
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
      inner('innerType');
      break;
    case 'pipe':
      inner('in');
      inner('out');
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) fieldNames(option, path, found, depth + 1);
      break;
    case 'record':
      inner('valueType');
      break;
  }
  return found;
}

const exportWith = (overrides: Partial<DataExport>): DataExport =>
  dataExportSchema.parse({
    formato: 'baixa-meus-dados/1',
    gerado_em: '2026-11-24T15:00:00.000Z',
    conta: { email: 'ana@example.com', boas_vindas_enviadas_em: null },
    perfil: null,
    contratos: [],
    cobrancas: [],
    notas_fiscais: [],
    processos: [],
    historico: [],
    indicacoes_feitas: [],
    indicacao_recebida: null,
    certificados: [],
    documentos_enviados: [],
    movimentacoes_judiciais: [],
    comunicacoes: [],
    eventos_de_conversao: [],
    registros_de_seguranca: { link_magico_pedido_em: null, recuperacao_de_senha_pedida_em: null, conexoes_abertas: [] },
    acoes_da_equipe: [],
    avisos_a_equipe: [],
    solicitacoes_lgpd: [],
    whatsapp: { consentimento: null, mensagens: [], respostas: [], registros_de_busca: [] },
    outros: [],
    ...overrides,
  });

describe('the readable export (Meus dados)', () => {
  it('escapes what people typed, so a name cannot become markup', () => {
    const html = renderDataExportHtml(
      exportWith({ outros: [{ tipo: 'NOTA', texto: '<script>alert(1)</script> & "x"' }] }),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;x&#34;');
  });

  it("names the file with São Paulo's day, the one the export says it was made", () => {
    // 22:18 on the 27th in São Paulo is already the 28th in UTC.
    const late = exportWith({ gerado_em: '2026-11-28T01:18:00.000Z' });
    expect(dataExportFileName(late, 'json')).toBe('meus-dados-2026-11-27.json');
    expect(renderDataExportHtml(late)).toContain('gerada em 27/11/2026 22:18');
    expect(dataExportFileName(exportWith({}), 'html')).toBe('meus-dados-2026-11-24.html');
  });

  it('has words for every field the export can hold', () => {
    const names = fieldNames(dataExportSchema, '', new Map());
    // The walk reaches deep: a charge's fields, a kit file's, a WhatsApp message's.
    expect(names.get('boleto_linha')).toBe('.cobrancas.boleto_linha');
    expect(names.size).toBeGreaterThan(100);
    const unlabeled = [...names].filter(([name]) => !(name in EXPORT_FIELD_LABELS)).map(([, where]) => where);
    expect(unlabeled).toEqual([]);
  });

  it('says stored codes in words: statuses, the payment method, the contract’s modality, instalments', () => {
    const html = renderDataExportHtml(
      exportWith({
        contratos: [],
        outros: [
          { status: 'RECEIVED', forma: 'cartao', parcelas_status: { '1': 'CONFIRMED', '2': 'PENDING' } },
          { status: 'peticionado', de: 'pago', para: 'peticionado', by_user: 'equipe' },
          { status: 'signed_up' },
          { status: 'retida' },
          { status: 'AUTHORIZED' },
          { forma_pagamento: 'pix', tipo_documento: 'cnpj', cpf: '52998224725', vencimento: '2026-11-30' },
          { forma_pagamento: 'gratuito' },
          { valor: 449, taxa_asaas: 13.5, latitude: -22.1163, codigo_tpu: 123456 },
        ],
      }),
    );
    expect(html).toContain('<th scope="row">Situação</th><td>Pago</td>');
    expect(html).toContain('<th scope="row">Forma de pagamento</th><td>Cartão de crédito</td>');
    expect(html).toContain(
      '<th scope="row">Parcela 1</th><td>Pago</td></tr><tr><th scope="row">Parcela 2</th><td>Pendente</td>',
    );
    expect(html).toContain('<th scope="row">Situação</th><td>Peticionado</td>');
    expect(html).toContain('<th scope="row">De</th><td>Pago</td>');
    expect(html).toContain('<th scope="row">Responsável</th><td>Nossa equipe</td>');
    expect(html).toContain('<th scope="row">Situação</th><td>Cadastrado</td>');
    expect(html).toContain('<th scope="row">Situação</th><td>Em guarda legal</td>');
    expect(html).toContain('<th scope="row">Situação</th><td>Emitida</td>');
    expect(html).toContain('<th scope="row">Modalidade do contrato</th><td>Paga (a forma de cada pagamento');
    expect(html).toContain('<th scope="row">Modalidade do contrato</th><td>Renovação gratuita (sem cobrança)</td>');
    expect(html).toContain('<th scope="row">Tipo de documento</th><td>CNPJ</td>');
    expect(html).toContain('<th scope="row">CPF/CNPJ</th><td>529.982.247-25</td>');
    expect(html).toContain('<th scope="row">Vencimento</th><td>30/11/2026</td>');
    expect(html).toContain('<th scope="row">Valor (R$)</th><td>449,00</td>');
    expect(html).toContain('<td>13,50</td>');
    expect(html).toContain('<td>-22,1163</td>');
    expect(html).toContain('<td>123456</td>');
    expect(html).not.toContain('RECEIVED');
  });

  it('labels fields in Portuguese, shows instants in São Paulo time and says when a section is empty', () => {
    const html = renderDataExportHtml(exportWith({}));
    expect(html).toContain('<th scope="row">E-mail</th><td>ana@example.com</td>');
    expect(html).toContain('gerada em 24/11/2026 12:00');
    expect(html).toContain('<h2>Contratos e assinaturas</h2><p class="vazio">Nenhum registro.</p>');
  });

  it('shows the WhatsApp consent with its evidence, the messages and the replies in words', () => {
    const html = renderDataExportHtml(
      exportWith({
        whatsapp: {
          consentimento: {
            situacao: 'Autorizado',
            numero: '5535991234567',
            autorizado_em: '2026-11-24T15:00:00.000Z',
            ip_autorizacao: '203.0.113.9',
            texto_mostrado: 'Quero receber atualizações do meu processo pelo WhatsApp da Baixa',
            retirado_em: null,
            retirado_por: null,
          },
          mensagens: [
            {
              modelo: 'pagamento_confirmado',
              texto: 'Olá, Ana! Recebemos o pagamento',
              para: '5535991234567',
              enviada_em: '2026-11-24T15:01:00.000Z',
              situacao: 'Entregue',
              situacao_em: '2026-11-24T15:01:05.000Z',
              erro: null,
            },
          ],
          respostas: [],
          registros_de_busca: [],
        },
      }),
    );
    expect(html).toContain('<h2>WhatsApp</h2>');
    expect(html).toContain('<th scope="row">Texto mostrado</th>');
    expect(html).toContain('<th scope="row">IP da autorização</th><td>203.0.113.9</td>');
    expect(html).toContain('<th scope="row">Mensagens enviadas</th>');
    expect(html).toContain('<th scope="row">Respostas</th><td><span class="vazio">nenhum registro</span></td>');
  });

  it('links the documents', () => {
    const html = renderDataExportHtml(
      exportWith({
        certificados: [
          {
            codigo: 'NC1',
            protocolo: 'LM2026112400001',
            nome_cliente: 'Ana S.',
            cpf_cliente: '***.456.789-**',
            orgaos: ['SPC', 'SERASA'],
            baixa_deferida_em: '2026-11-20T10:00:00.000Z',
            emitido_em: '2026-11-21T10:00:00.000Z',
            sha256: 'a'.repeat(64),
            documento: { nome_arquivo: 'nada-consta-NC1.pdf', url: 'https://s3.example/doc?x=1&y=2' },
          },
        ],
      }),
    );
    expect(html).toContain('<a href="https://s3.example/doc?x=1&#38;y=2">');
    expect(html).toContain('<td>SPC, SERASA</td>');
  });

  it("lists the filing kit's files with their links and the court's movements in words", () => {
    const html = renderDataExportHtml(
      exportWith({
        documentos_enviados: [
          {
            protocolo: 'LM2026112400001',
            item: 'Procuração assinada',
            situacao: 'Aprovado',
            assinatura: { method: 'govbr', signer_name: 'Ana Souza', signer_cpf: '52998224725' },
            enviado_em: '2026-11-24T15:00:00.000Z',
            analisado_em: null,
            documento: { nome_arquivo: 'Procuração assinada — LM2026112400001.pdf', url: 'https://s3.example/p' },
            arquivos: [
              {
                tipo: 'application/pdf',
                bytes: 1234,
                enviado_em: '2026-11-24T15:00:00.000Z',
                documento: { nome_arquivo: 'Procuração assinada — LM2026112400001.pdf', url: 'https://s3.example/o' },
              },
            ],
          },
        ],
        movimentacoes_judiciais: [
          {
            protocolo: 'LM2026112400001',
            data_hora: '2026-11-25T13:00:00.000Z',
            codigo_tpu: 339,
            nome: 'Concedida a Medida Liminar',
            complementos: [],
            texto: 'O juiz concedeu a liminar.',
          },
        ],
      }),
    );
    expect(html).toContain('<h2>Documentos enviados para o protocolo</h2>');
    expect(html).toContain('<th scope="row">Assinado por</th><td>Ana Souza</td>');
    expect(html).toContain('<a href="https://s3.example/p">');
    expect(html).toContain('<a href="https://s3.example/o">');
    expect(html).toContain('<h2>Movimentações do processo no tribunal</h2>');
    expect(html).toContain('<th scope="row">Código da movimentação (tabela do CNJ)</th><td>339</td>');
  });
});

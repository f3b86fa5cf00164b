import { REFERRAL_STATUS_LABELS } from '@domain/api/referrals.js';
import { chargeStatusLabel, isChargeStatus } from '@domain/charge-status.js';
import { ERASURE_STATUS_LABELS, EXPORT_ACTOR_LABELS, type ExportActor } from '@domain/data-rights.js';
import { formatDateTime, formatDay } from '@domain/dates.js';
import { formatDocument } from '@domain/documents.js';
import { historyStatusLabel } from '@domain/history.js';
import { saoPauloDay } from '@domain/sao-paulo-calendar.js';
import { invoiceStatusLabel, isInvoiceStatus } from '@domain/invoice.js';
import { PAYMENT_METHOD_LABELS } from '@domain/payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from '@domain/pricing.js';
import type { DataExport } from '@domain/schemas/data-rights.js';

/**
 * The readable version of 'Baixar meus dados': one self-contained HTML page (no script, no outside file) made from the
 * same export as the JSON, so both always say the same. Every value is escaped: the export holds what people typed.
 */

const SECTIONS: readonly { key: keyof DataExport; title: string }[] = [
  { key: 'conta', title: 'Conta' },
  { key: 'perfil', title: 'Perfil' },
  { key: 'contratos', title: 'Contratos e assinaturas' },
  { key: 'cobrancas', title: 'Cobranças e pagamentos' },
  { key: 'notas_fiscais', title: 'Notas fiscais' },
  { key: 'processos', title: 'Processos' },
  { key: 'historico', title: 'Histórico de situações' },
  { key: 'indicacoes_feitas', title: 'Indicações que você fez' },
  { key: 'indicacao_recebida', title: 'Indicação pela qual você chegou' },
  { key: 'certificados', title: 'Certificados Nada Consta' },
  { key: 'documentos_enviados', title: 'Documentos enviados para o protocolo' },
  { key: 'movimentacoes_judiciais', title: 'Movimentações do processo no tribunal' },
  { key: 'comunicacoes', title: 'Comunicações enviadas' },
  { key: 'eventos_de_conversao', title: 'Eventos de conversão enviados às plataformas de anúncio' },
  { key: 'registros_de_seguranca', title: 'Registros de segurança' },
  { key: 'acoes_da_equipe', title: 'Ações da nossa equipe' },
  { key: 'avisos_a_equipe', title: 'Avisos internos à nossa equipe' },
  { key: 'solicitacoes_lgpd', title: 'Solicitações LGPD' },
  { key: 'whatsapp', title: 'WhatsApp' },
  { key: 'outros', title: 'Outros registros' },
];

/**
 * Field names in words. A name not listed here is shown as stored: test/unit/frontend/data-export-html.test.ts walks
 * the export's schema and fails on any field without its words.
 */
export const EXPORT_FIELD_LABELS: Record<string, string> = {
  id: 'Identificador',
  user_id: 'Identificador da conta',
  profile_id: 'Perfil',
  contrato_id: 'Contrato',
  processo_id: 'Processo',
  parent_contrato_id: 'Contrato anterior (renovação)',
  socio_nome: 'Nome do sócio',
  socio_cpf: 'CPF do sócio',
  latitude: 'Latitude',
  longitude: 'Longitude',
  url: 'Link',
  fb_event_id: 'Identificador do evento de conversão',
  taxa_asaas: 'Tarifa do Asaas, descontada do valor que recebemos (R$)',
  refund_refused_at: 'Estorno recusado pelo Asaas em',
  refund_refused_reason: 'Motivo da recusa do estorno',
  pagamento_manual: 'Pagamento recebido fora do Asaas',
  manual_refund: 'Estorno feito fora do Asaas',
  data: 'Data',
  motivo: 'Motivo',
  em: 'Registrado em',
  forma: 'Forma de pagamento',
  parcelas: 'Parcelas',
  asaas_parcelamento_id: 'Identificador do parcelamento no Asaas',
  parcelas_status: 'Situação de cada parcela',
  cartao_recusado: 'Cartão recusado',
  boleto_linha: 'Linha digitável do boleto',
  boleto_pdf: 'Boleto (PDF)',
  vencimento: 'Vencimento',
  charge_id: 'Cobrança',
  asaas_invoice_id: 'Identificador da nota no Asaas',
  asaas_payment_id: 'Identificador do pagamento no Asaas',
  pdf_url: 'Nota fiscal (PDF)',
  xml_url: 'Nota fiscal (XML)',
  cancelamento_pedido_em: 'Cancelamento pedido em',
  paid_charge_id: 'Cobrança paga',
  numero_cnj: 'Número do processo no tribunal (CNJ)',
  tribunal: 'Tribunal',
  vara: 'Vara',
  peticionado_em: 'Pedido protocolado no tribunal em',
  kit_aprovado_em: 'Documentos aprovados em',
  referrer_profile_id: 'Perfil de quem indicou',
  referred_profile_id: 'Perfil do indicado',
  invite_code: 'Código do convite',
  type: 'Tipo',
  email: 'E-mail',
  nome_completo: 'Nome completo',
  tipo_documento: 'Tipo de documento',
  cpf: 'CPF/CNPJ',
  whatsapp: 'WhatsApp',
  endereco: 'Endereço',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  cidade: 'Cidade',
  estado: 'Estado',
  cep: 'CEP',
  pais: 'País',
  referral_code: 'Código de indicação',
  referred_by_profile_id: 'Indicado pelo perfil',
  free_renewals: 'Renovações gratuitas',
  protocolo: 'Protocolo',
  valor: 'Valor (R$)',
  // The contract's own field says only whether it is paid or a free renewal: how each payment was made is the charge's
  // `forma`, since the method is chosen at the payment screen, after the contract exists.
  forma_pagamento: 'Modalidade do contrato',
  assinado_em: 'Assinado em',
  ip_assinatura: 'IP da assinatura',
  geo_assinatura: 'Localização da assinatura',
  evidencias_assinatura: 'Evidências da assinatura',
  user_agent: 'Navegador',
  texto_sha256: 'SHA-256 do texto assinado',
  documento: 'Documento',
  nome_arquivo: 'Arquivo',
  cancelado_em: 'Cancelado em',
  status: 'Situação',
  pix_payload: 'Código PIX',
  link: 'Link de pagamento',
  asaas_id: 'Identificador no Asaas',
  paid_at: 'Pago em',
  pix_valido_ate: 'PIX válido até',
  previsao: 'Previsão',
  observacoes: 'Observações',
  baixa_deferida_em: 'Baixa deferida em',
  baixa_caiu_em: 'Baixa caiu em',
  de: 'De',
  para: 'Para',
  obs: 'Observação',
  by_user: 'Responsável',
  referred_email: 'E-mail convidado',
  created_at: 'Criado em',
  updated_at: 'Atualizado em',
  codigo: 'Código de verificação',
  nome_cliente: 'Nome no certificado',
  cpf_cliente: 'Documento no certificado',
  orgaos: 'Órgãos',
  emitido_em: 'Emitido em',
  sha256: 'SHA-256 do PDF',
  boas_vindas_enviadas_em: 'E-mail de boas-vindas enviado em',
  tipo: 'Tipo',
  referencia: 'Referência',
  enviado_em: 'Enviado em',
  evento: 'Evento',
  cobranca_id: 'Cobrança',
  link_magico_pedido_em: 'Último link mágico pedido em',
  recuperacao_de_senha_pedida_em: 'Última recuperação de senha pedida em',
  conexoes_abertas: 'Conexões abertas',
  aberta_em: 'Aberta em',
  at: 'Quando',
  action: 'Ação',
  target: 'Sobre',
  before: 'Antes',
  after: 'Depois',
  assunto: 'Assunto',
  mensagem: 'Mensagem',
  criado_em: 'Criado em',
  retida_ate: 'Guarda legal até',
  item: 'Item',
  situacao: 'Situação',
  assinatura: 'Assinatura',
  method: 'Forma',
  signer_name: 'Assinado por',
  signer_cpf: 'CPF de quem assinou',
  signed_at: 'Assinado em',
  issuer: 'Emissor do certificado',
  chain_validated: 'Cadeia do certificado validada',
  analisado_em: 'Analisado em',
  arquivos: 'Arquivos originais',
  bytes: 'Tamanho (bytes)',
  data_hora: 'Data',
  nome: 'Movimentação',
  complementos: 'Complementos',
  texto: 'O que significa',
  codigo_tpu: 'Código da movimentação (tabela do CNJ)',
  concluida_em: 'Concluída em',
  consentimento: 'Autorização',
  ip_autorizacao: 'IP da autorização',
  autorizado_em: 'Autorizado em',
  texto_mostrado: 'Texto mostrado',
  retirado_em: 'Retirado em',
  retirado_por: 'Retirado',
  mensagens: 'Mensagens enviadas',
  modelo: 'Modelo',
  enviada_em: 'Enviada em',
  situacao_em: 'Situação em',
  erro: 'Erro',
  respostas: 'Respostas',
  recebida_em: 'Recebida em',
  respondida_em: 'Respondida em',
  pediu_para_sair: 'Pediu para sair',
  registros_de_busca: 'Registros para encontrar suas mensagens',
};

/**
 * Stored codes in words, by field, as the screens say them (the JSON keeps the codes: it is for machines). `status`
 * holds several vocabularies (a charge's, a process's, a referral's, an erasure request's) that share no value.
 */
const VALUE_WORDS: Record<string, (value: unknown) => unknown> = {
  status: (value) => (typeof value === 'string' ? statusInWords(value) : value),
  de: (value) => (typeof value === 'string' ? historyStatusLabel(value) : value),
  para: (value) => (typeof value === 'string' ? historyStatusLabel(value) : value),
  forma: (value) => PAYMENT_METHOD_LABELS[value as keyof typeof PAYMENT_METHOD_LABELS] ?? value,
  forma_pagamento: (value) =>
    value === FREE_RENEWAL_PAYMENT_METHOD
      ? 'Renovação gratuita (sem cobrança)'
      : 'Paga (a forma de cada pagamento está em “Cobranças e pagamentos”)',
  tipo_documento: (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  cpf: (value) => (typeof value === 'string' ? formatDocument(value) : value),
  socio_cpf: (value) => (typeof value === 'string' ? formatDocument(value) : value),
  signer_cpf: (value) => (typeof value === 'string' ? formatDocument(value) : value),
  valor: (value) => (typeof value === 'number' ? MONEY.format(value) : value),
  taxa_asaas: (value) => (typeof value === 'number' ? MONEY.format(value) : value),
  by_user: (value) =>
    typeof value === 'string' && Object.hasOwn(EXPORT_ACTOR_LABELS, value)
      ? EXPORT_ACTOR_LABELS[value as ExportActor]
      : value,
  parcelas_status: (value) =>
    value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).map(([number, status]) => [`Parcela ${number}`, chargeStatusLabel(String(status))]),
        )
      : value,
};

function statusInWords(status: string): string {
  if (isChargeStatus(status)) return chargeStatusLabel(status);
  if (isInvoiceStatus(status)) return invoiceStatusLabel(status, 'customer');
  if (Object.hasOwn(REFERRAL_STATUS_LABELS, status)) {
    return REFERRAL_STATUS_LABELS[status as keyof typeof REFERRAL_STATUS_LABELS];
  }
  if (Object.hasOwn(ERASURE_STATUS_LABELS, status)) {
    return ERASURE_STATUS_LABELS[status as keyof typeof ERASURE_STATUS_LABELS];
  }
  return historyStatusLabel(status);
}

/** Amounts in reais, as the screens write them without the symbol (the label says R$): 449,00; 13,50. */
const MONEY = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Numbers as Brazilians write them (1,99), without grouping: some are codes (a movement's TPU code, a size). */
const NUMBER = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumFractionDigits: 20 });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A calendar day (a boleto's due date, the day money was received by hand): dd/mm/aaaa, with no time zone to apply. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function renderValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="vazio">—</span>';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return escapeHtml(NUMBER.format(value));
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return escapeHtml(formatDateTime(value));
    if (ISO_DAY.test(value)) return escapeHtml(formatDay(value));
    if (/^https?:\/\//.test(value)) return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    return escapeHtml(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '<span class="vazio">nenhum registro</span>';
    if (value.every((entry) => typeof entry !== 'object' || entry === null)) {
      return escapeHtml(value.map(String).join(', '));
    }
    return value.map((entry) => renderValue(entry)).join('');
  }
  return renderFields(value as Record<string, unknown>);
}

function renderFields(fields: Record<string, unknown>): string {
  const rows = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<tr><th scope="row">${escapeHtml(EXPORT_FIELD_LABELS[name] ?? name)}</th><td>${renderValue(VALUE_WORDS[name]?.(value) ?? value)}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
}

/**
 * The file's name, with the São Paulo day the export was made (the one its first line states), so two downloads on
 * different days do not overwrite each other; at 22:18 on the 27th it is the 27th, not UTC's 28th.
 */
export function dataExportFileName(data: DataExport, extension: 'json' | 'html'): string {
  return `meus-dados-${saoPauloDay(data.gerado_em)}.${extension}`;
}

export function renderDataExportHtml(data: DataExport): string {
  const sections = SECTIONS.map(({ key, title }) => {
    const value = data[key];
    const empty = value === null || (Array.isArray(value) && value.length === 0);
    return `<section><h2>${escapeHtml(title)}</h2>${empty ? '<p class="vazio">Nenhum registro.</p>' : renderValue(value)}</section>`;
  }).join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Meus dados — ${escapeHtml(formatDateTime(data.gerado_em))}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;color:#1f2933;line-height:1.4}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #cbd2d9;padding-bottom:4px}
table{border-collapse:collapse;width:100%;margin:8px 0 16px}th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid #e4e7eb;overflow-wrap:anywhere}
th{width:34%;font-weight:600;color:#3e4c59;overflow-wrap:normal}td table{margin:0}.vazio{color:#7b8794}
@media (max-width:600px){th,td{display:block;width:auto}th{border-bottom:0;padding-bottom:0}td{padding-top:2px}}
</style>
</head>
<body>
<h1>Meus dados</h1>
<p>Cópia de todos os dados pessoais que guardamos sobre você, gerada em ${escapeHtml(formatDateTime(data.gerado_em))} (LGPD, art. 18). Os links dos documentos expiram em 15 minutos: baixe uma cópia nova para abri-los depois.</p>
${sections}
</body>
</html>
`;
}

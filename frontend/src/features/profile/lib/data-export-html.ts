import { formatDateTime } from '@domain/dates.js';
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

/** Field names in words; a name not listed here is shown as stored. */
const LABELS: Record<string, string> = {
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
  forma_pagamento: 'Forma de pagamento',
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

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function renderValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="vazio">—</span>';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return escapeHtml(String(value));
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return escapeHtml(formatDateTime(value));
    if (/^https?:\/\//.test(value)) return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    return escapeHtml(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '<span class="vazio">nenhum</span>';
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
        `<tr><th scope="row">${escapeHtml(LABELS[name] ?? name)}</th><td>${renderValue(value)}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
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
th{width:34%;font-weight:600;color:#3e4c59}td table{margin:0}.vazio{color:#7b8794}
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

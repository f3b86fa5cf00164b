import { lawyersLine, type CompanyIdentity } from './company.js';
import { formatDocument } from './documents.js';
import { CREDIT_BUREAUS } from './nada-consta.js';
import type { Profile } from './schemas/entities.js';

/**
 * The two documents a lawyer needs signed before filing (docs/decisions.md, "The procuração and the declaração:
 * generated from the profile, signed on gov.br or by hand"): the procuração ad judicia, from every customer (a
 * company's signed by its partner), and the declaração de hipossuficiência, from a natural person who asks for free
 * justice. Their words live here, once: the PDFs (lambdas/documents/filing-pdf.ts) print them, the tests read them.
 * Gender-neutral constructions ('CPF nº', 'com endereço na'), so no 'inscrito(a)' guesses at the customer.
 */
export const FILING_DOCUMENT_KINDS = ['procuracao', 'declaracao'] as const;
export type FilingDocumentKind = (typeof FILING_DOCUMENT_KINDS)[number];

export const FILING_DOCUMENT_TITLES: Record<FilingDocumentKind, string> = {
  procuracao: 'Procuração ad judicia et extra',
  declaracao: 'Declaração de hipossuficiência econômica',
};

/** The file name the browser saves each document as. */
export const FILING_DOCUMENT_FILE_NAMES: Record<FilingDocumentKind, string> = {
  procuracao: 'Procuracao.pdf',
  declaracao: 'Declaracao de hipossuficiencia.pdf',
};

export const FILING_DOCUMENT_MESSAGES = {
  partnerMissing:
    'Para gerar a procuração da empresa, informe no seu perfil o nome e o CPF do sócio que assina por ela.',
  declarationForPeopleOnly:
    'A declaração de hipossuficiência é só para pessoa física. Uma empresa que pede justiça gratuita precisa ' +
    'comprovar que não pode pagar as custas (Súmula 481 do STJ); o advogado orienta quais documentos enviar.',
  profileMissing: 'Complete seu perfil para gerar os documentos.',
  downloadFailed: 'Não foi possível gerar o documento. Tente novamente.',
} as const;

/** The partner who signs for a company (CPC art. 75, VIII: whoever its articles name), as the profile holds them. */
export const PARTNER_FIELD_LABELS = {
  socio_nome: 'Nome do sócio que assina pela empresa',
  socio_cpf: 'CPF do sócio',
} as const;

export const PARTNER_MESSAGES = {
  sectionTitle: 'Sócio que assina pela empresa',
  sectionHint: 'Quem assina a procuração em nome da empresa, como consta no contrato social.',
  nameTooShort: 'Nome do sócio deve ter pelo menos 3 caracteres',
  invalidCpf: 'CPF do sócio inválido',
} as const;

export type FilingDocumentText = {
  title: string;
  /** Paragraphs in order; a label ('OUTORGANTE') is printed in bold before its text. */
  paragraphs: readonly { label?: string; text: string }[];
  /** 'São Lourenço/MG, 26 de novembro de 2026.' */
  placeAndDate: string;
  /** Under the signature line: who signs, one line each. */
  signer: readonly string[];
};

/** Why a document cannot be generated from this profile (the route's 409). */
export type FilingDocumentGap = keyof Pick<
  typeof FILING_DOCUMENT_MESSAGES,
  'partnerMissing' | 'declarationForPeopleOnly'
>;

export type FilingProfile = Pick<
  Profile,
  | 'nome_completo'
  | 'tipo_documento'
  | 'cpf'
  | 'email'
  | 'endereco'
  | 'numero'
  | 'complemento'
  | 'bairro'
  | 'cidade'
  | 'estado'
  | 'cep'
  | 'socio_nome'
  | 'socio_cpf'
>;

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** '2026-11-01' → '1º de novembro de 2026', as Brazilian documents date themselves. */
export function longDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date === 1 ? '1º' : date} de ${MONTHS[month - 1]} de ${year}`;
}

function formatCep(cep: string): string {
  const digits = cep.replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : cep;
}

/** 'Rua das Flores, nº 10, apto 2, bairro Centro, São Lourenço/MG, CEP 37470-000'. */
export function postalAddress(profile: FilingProfile): string {
  const complement = profile.complemento ? `, ${profile.complemento}` : '';
  return (
    `${profile.endereco}, nº ${profile.numero}${complement}, bairro ${profile.bairro}, ` +
    `${profile.cidade}/${profile.estado}, CEP ${formatCep(profile.cep)}`
  );
}

function bureausLine(): string {
  return `${CREDIT_BUREAUS.slice(0, -1).join(', ')} e ${CREDIT_BUREAUS.at(-1)}`;
}

function partnerOf(profile: FilingProfile): { name: string; cpf: string } | null {
  return profile.socio_nome && profile.socio_cpf ? { name: profile.socio_nome, cpf: profile.socio_cpf } : null;
}

/** Who signs a document for this profile, as the signed PDF's certificate must name them (name and CPF). */
export function filingSigner(profile: FilingProfile): { name: string; cpf: string } | null {
  if (profile.tipo_documento === 'cpf') return { name: profile.nome_completo, cpf: profile.cpf };
  return partnerOf(profile);
}

/** The gap that keeps `kind` from being generated for this profile, or null when it can be. */
export function filingDocumentGap(kind: FilingDocumentKind, profile: FilingProfile): FilingDocumentGap | null {
  if (kind === 'declaracao') return profile.tipo_documento === 'cpf' ? null : 'declarationForPeopleOnly';
  return filingSigner(profile) ? null : 'partnerMissing';
}

/** The outorgados: each lawyer with the OAB number, and the address where they receive intimations (CPC art. 105 §2). */
function outorgados(company: CompanyIdentity): string {
  const plural = company.lawyers.length > 1;
  return plural
    ? `${lawyersLine(company)}, advogados inscritos na Ordem dos Advogados do Brasil sob os números indicados, com ` +
        `endereço profissional na ${company.address}, onde recebem intimações.`
    : `${lawyersLine(company)}, advogado(a) inscrito(a) na Ordem dos Advogados do Brasil sob o número indicado, com ` +
        `endereço profissional na ${company.address}, onde recebe intimações.`;
}

/**
 * The procuração for this specific request: the general clause (CPC art. 105, caput) limited to the temporary removal
 * of the records at the four bureaus, plus the specific power the same article requires for signing a declaration of
 * economic hardship on the customer's behalf. Null when the profile lacks what it needs (`filingDocumentGap`).
 */
export function procuracaoText(
  profile: FilingProfile,
  company: CompanyIdentity,
  today: string,
): FilingDocumentText | null {
  const address = postalAddress(profile);
  let outorgante: string;
  let signer: string[];
  if (profile.tipo_documento === 'cpf') {
    outorgante =
      `${profile.nome_completo}, CPF nº ${formatDocument(profile.cpf)}, com endereço na ${address}, ` +
      `endereço eletrônico ${profile.email}.`;
    signer = [profile.nome_completo, `CPF ${formatDocument(profile.cpf)}`];
  } else {
    const partner = partnerOf(profile);
    if (!partner) return null;
    outorgante =
      `${profile.nome_completo}, pessoa jurídica de direito privado, CNPJ nº ${formatDocument(profile.cpf)}, com ` +
      `sede na ${address}, endereço eletrônico ${profile.email}, neste ato representada por seu sócio ou sua sócia ` +
      `${partner.name}, CPF nº ${formatDocument(partner.cpf)}.`;
    signer = [
      profile.nome_completo,
      `CNPJ ${formatDocument(profile.cpf)}`,
      `p.p. ${partner.name}, CPF ${formatDocument(partner.cpf)}`,
    ];
  }
  return {
    title: FILING_DOCUMENT_TITLES.procuracao,
    paragraphs: [
      { label: 'OUTORGANTE', text: outorgante },
      { label: company.lawyers.length > 1 ? 'OUTORGADOS' : 'OUTORGADO(A)', text: outorgados(company) },
      {
        label: 'PODERES',
        text:
          'Pelo presente instrumento, a parte outorgante confere à parte outorgada os poderes da cláusula ad judicia ' +
          'et extra para o foro em geral, a serem exercidos em conjunto ou separadamente, para representá-la em juízo ' +
          'ou fora dele no pedido de baixa temporária dos apontamentos (negativações) existentes em seu nome nos ' +
          `órgãos de proteção ao crédito ${bureausLine()}, podendo propor a ação cabível e requerer tutela de ` +
          'urgência, acompanhá-la em qualquer juízo, instância ou tribunal, apresentar requerimentos, documentos e ' +
          'recursos, requerer certidões, receber intimações e substabelecer, com ou sem reserva de poderes.',
      },
      {
        label: 'PODERES ESPECIAIS',
        text:
          'Nos termos do art. 105 do Código de Processo Civil, confere ainda poderes específicos para assinar ' +
          'declaração de hipossuficiência econômica em nome da parte outorgante e requerer os benefícios da ' +
          'gratuidade da justiça (arts. 98 e 99 do Código de Processo Civil).',
      },
    ],
    placeAndDate: `${profile.cidade}/${profile.estado}, ${longDate(today)}.`,
    signer,
  };
}

/**
 * The declaration of economic hardship (CPC arts. 98–99): presumed true only for a natural person (art. 99 §3), so it
 * exists for CPF profiles alone; null for a company (`filingDocumentGap`).
 */
export function declaracaoText(profile: FilingProfile, today: string): FilingDocumentText | null {
  if (profile.tipo_documento !== 'cpf') return null;
  const document = formatDocument(profile.cpf);
  return {
    title: FILING_DOCUMENT_TITLES.declaracao,
    paragraphs: [
      {
        text:
          `Eu, ${profile.nome_completo}, CPF nº ${document}, com endereço na ${postalAddress(profile)}, endereço ` +
          `eletrônico ${profile.email}, declaro, para os fins dos arts. 98 e 99 do Código de Processo Civil e sob as ` +
          'penas da lei, que não tenho condições de pagar as custas e as despesas do processo e os honorários ' +
          'advocatícios sem prejuízo do meu próprio sustento e do de minha família, e por isso requeiro os ' +
          'benefícios da gratuidade da justiça.',
      },
      {
        text:
          'Declaro também estar ciente de que a falsidade desta declaração pode me sujeitar às sanções civis, ' +
          'administrativas e penais cabíveis, e de que, revogado o benefício, arcarei com as despesas que deixei de ' +
          'adiantar e, em caso de má-fé, com multa de até dez vezes o seu valor (art. 100, parágrafo único, do ' +
          'Código de Processo Civil).',
      },
    ],
    placeAndDate: `${profile.cidade}/${profile.estado}, ${longDate(today)}.`,
    signer: [profile.nome_completo, `CPF ${document}`],
  };
}

/**
 * The screen's explanation of the two ways to sign, for the 'Documentos' screen: gov.br first
 * (free, and the signature the STJ accepted for a procuração), by hand second. Plain words, one step a line.
 */
export const SIGNING_GUIDE = {
  title: 'Procuração e declaração',
  intro:
    'Para entrar com o pedido em seu nome, o advogado precisa de uma procuração assinada por você. Baixe o documento, ' +
    'assine de um dos dois jeitos abaixo e envie o arquivo assinado.',
  companyIntro:
    'Para entrar com o pedido em nome da empresa, o advogado precisa de uma procuração assinada pelo sócio informado ' +
    'no perfil. Baixe o documento, peça ao sócio que assine de um dos dois jeitos abaixo e envie o arquivo assinado.',
  downloadProcuracao: 'Baixar procuração (PDF)',
  downloadDeclaracao: 'Baixar declaração de hipossuficiência (PDF)',
  downloading: 'Gerando PDF...',
  declaracaoHint: 'Opcional: assine e envie a declaração se você quer pedir justiça gratuita.',
  completeProfile: 'Completar perfil',
  govBrTitle: 'Assinar pelo gov.br (recomendado e gratuito)',
  govBrSteps: [
    'Baixe o documento e salve no celular ou no computador.',
    'Abra o Assinador gov.br e entre com a sua conta gov.br (nível prata ou ouro).',
    'Escolha o PDF baixado, posicione a assinatura na página e confirme com o código que o gov.br enviar.',
    'Baixe o PDF assinado que o site devolve e envie esse arquivo aqui, sem editar nem imprimir.',
  ],
  govBrCompanyNote: 'Quem assina é o sócio, com a conta gov.br dele.',
  govBrLink: 'Abrir o Assinador gov.br',
  handTitle: 'Assinar à mão',
  handSteps: [
    'Imprima o documento.',
    'Assine com caneta, do mesmo jeito que no seu documento de identidade.',
    'Digitalize ou fotografe cada página inteira, com boa luz e sem cortes.',
    'Envie a foto ou o PDF aqui. O advogado verá que a assinatura foi feita à mão.',
  ],
  whyNotClick:
    'Por que não assinar com um clique, como o contrato? Vários tribunais recusam procurações assinadas em ' +
    'plataformas de assinatura eletrônica sem certificado ICP-Brasil. A assinatura gov.br e a assinatura à mão são ' +
    'aceitas.',
} as const;

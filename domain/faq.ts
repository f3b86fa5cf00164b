import { lawyersLine, legalIdentityLine, type CompanyIdentity } from './company.js';
import { COURT_STEP_BUSINESS_DAYS } from './court-movements.js';
import { refundRoutesSentence } from './payment-methods.js';
import { CANCELLATION_WINDOW_DAYS, PROCESSING_BUSINESS_DAYS } from './deadlines.js';

/**
 * 'Dúvidas frequentes' (/duvidas): honest expectations where a customer decides, in plain pt-BR. One list the
 * page renders and its FAQPage structured data repeats word for word (Google requires the marked-up answers to be the
 * visible ones). Answers are plain text paragraphs, so the same words go into JSON-LD; the company's facts (lawyers,
 * CNPJ, channels) come from the stage's identity, never from here.
 */
export type FaqEntry = { readonly id: string; readonly question: string; readonly answer: readonly string[] };

export const FAQ_TITLE = 'Dúvidas frequentes';
export const FAQ_LEAD =
  'O que o serviço faz e o que ele não faz, quanto tempo cada etapa costuma levar e como acompanhar o seu processo — sem letras miúdas.';

export function faqEntries(company: CompanyIdentity): FaqEntry[] {
  const lawyers = company.lawyers.length > 1 ? 'Advogados responsáveis:' : 'Advogado(a) responsável:';
  return [
    {
      id: 'o-que-e',
      question: 'O que é a baixa temporária?',
      answer: [
        'É um pedido feito à Justiça, por advogado, para que os apontamentos do seu CPF ou CNPJ deixem de aparecer nos órgãos de proteção ao crédito (SPC, SERASA, BOA VISTA e SCPC) enquanto o processo discute a cobrança.',
        'Se o juiz concede a liminar, o tribunal manda ofício aos órgãos e os apontamentos saem da consulta pública. É uma decisão provisória: pode ser revista a qualquer momento.',
      ],
    },
    {
      id: 'o-que-nao-e',
      question: 'A baixa temporária apaga a dívida?',
      answer: [
        'Não. A dívida continua existindo. A baixa só tira o apontamento da consulta dos órgãos de proteção ao crédito enquanto a decisão valer.',
        'O credor pode continuar cobrando, negociar com você ou entrar com uma ação judicial de cobrança. Se você quer quitar ou renegociar a dívida, isso é feito diretamente com o credor.',
      ],
    },
    {
      id: 'resultado',
      question: 'O resultado é garantido?',
      answer: [
        'Não. O contrato é de prestação de serviço de meio (cláusula 2): nós preparamos e protocolamos o pedido e acompanhamos o processo, mas quem decide é o juiz. Ninguém pode prometer que a liminar será concedida.',
        'Se o pedido for negado, nossa equipe jurídica avalia o recurso cabível e fala com você.',
      ],
    },
    {
      id: 'pode-cair',
      question: 'A baixa pode cair depois de concedida?',
      answer: [
        'Sim. A liminar pode ser revogada pelo juiz ou por um tribunal, por exemplo depois da defesa do credor. Quando isso acontece, os apontamentos voltam a aparecer nos órgãos de proteção ao crédito.',
        'Se a baixa cair, você vê no painel e recebe um e-mail. A renovação do pedido é oferecida na área Renovação, quando cabível.',
      ],
    },
    {
      id: 'prazos',
      question: 'Quanto tempo leva cada etapa?',
      answer: [
        `Depois do pagamento, você envia os seus documentos na área do cliente; aprovados, a petição é protocolada em até ${PROCESSING_BUSINESS_DAYS} dias úteis.`,
        `Protocolado o processo, a primeira decisão do juiz sobre a liminar costuma sair em cerca de ${COURT_STEP_BUSINESS_DAYS.decision} dias úteis, e a baixa nos órgãos aparece em cerca de ${COURT_STEP_BUSINESS_DAYS.removal} dias úteis depois da liminar. São médias, não promessas: cada tribunal tem o seu ritmo.`,
        'A base pública do CNJ (DataJud), de onde vêm as movimentações que mostramos, pode levar horas ou dias para publicar o que o tribunal registrou.',
      ],
    },
    {
      id: 'acompanhar',
      question: 'Como acompanho o meu processo?',
      answer: [
        'No painel você vê o número do processo, o tribunal e cada movimentação registrada pelo tribunal, em português simples, com a previsão da próxima etapa. A cada novidade importante enviamos um e-mail.',
        'Qualquer pessoa também pode consultar a situação pelo CPF, CNPJ ou protocolo na página Consultar Processo.',
      ],
    },
    {
      id: 'desistencia',
      question: 'Posso desistir depois de contratar?',
      answer: [
        `Sim. Você tem ${CANCELLATION_WINDOW_DAYS} dias corridos a partir da assinatura do contrato para desistir sem custo (direito de arrependimento, art. 49 do Código de Defesa do Consumidor), desde que a petição ainda não tenha sido protocolada.`,
        `Para desistir, abra Contrato no seu painel e use Cancelar contrato. Se você já pagou, ${refundRoutesSentence()}.`,
      ],
    },
    {
      id: 'documentos',
      question: 'Quais documentos vou precisar enviar?',
      answer: [
        'Para pessoa física: documento de identidade com foto, comprovante de endereço, o relatório das negativações e a procuração assinada; a declaração de hipossuficiência é opcional.',
        'Para empresa: contrato social, cartão CNPJ, documento de identidade do sócio, comprovante de endereço da empresa, o relatório das negativações e a procuração assinada pelo sócio.',
        'O painel mostra a lista do seu caso e avisa se algum documento precisar ser enviado de novo, com o motivo.',
      ],
    },
    {
      id: 'quem-somos',
      question: 'Quem são os advogados responsáveis?',
      answer: [
        `${lawyers} ${lawyersLine(company)}.`,
        `O serviço é prestado por ${legalIdentityLine(company)}, ${company.address}.`,
      ],
    },
    {
      id: 'nada-consta',
      question: 'Como conferir um Nada Consta?',
      answer: [
        'Todo Nada Consta emitido por nós tem um código de verificação e um QR Code. Quem recebe o documento pode abrir o endereço impresso nele (ou apontar a câmera para o QR Code) e ver se ele é autêntico e se a baixa continua valendo hoje.',
        'O Nada Consta atesta a situação do processo na data em que foi emitido; ele não substitui as certidões emitidas pelos próprios órgãos de proteção ao crédito.',
      ],
    },
    {
      id: 'contato',
      question: 'Como falo com vocês?',
      answer: [
        `Pelo WhatsApp ${company.whatsappDisplay}, pelo e-mail ${company.supportEmail} ou pelo telefone ${company.phoneDisplay}.`,
      ],
    },
  ];
}

/** The FAQPage structured data (schema.org) of the same entries, for search engines. */
export function faqStructuredData(entries: readonly FaqEntry[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer.join('\n\n') },
    })),
  };
}

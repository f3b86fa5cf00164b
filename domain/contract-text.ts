import extenso from 'extenso';
import { lawyersLine, type CompanyIdentity } from './company.js';
import { formatDateTime } from './dates.js';
import { formatDocument } from './documents.js';
import { instalmentLabel, MAX_INSTALMENTS, methodPrice, refundRoutesSentence } from './payment-methods.js';
import { printableText } from './printable-text.js';
import { FREE_RENEWAL_PAYMENT_METHOD, formatBRL } from './pricing.js';
import { CANCELLATION_WINDOW_DAYS, PROCESSING_BUSINESS_DAYS } from './deadlines.js';
import type { Contract, Profile } from './schemas/entities.js';

/**
 * The service contract (spec 02 §2 Contract): nine numbered clauses in Portuguese, shown on /app/contrato, printed,
 * rendered to the signed PDF and hashed (SHA-256) at signing, so the text is built in exactly one place.
 */
export type ContractClause = { number: number; title: string; paragraphs: string[] };

export const CONTRACT_TITLE = 'Contrato de Prestação de Serviços';

/** MP 2.200-2/2001 art. 10 §2 and Lei 14.063/2020: an electronic signature both parties accept is valid. */
export const SIGNATURE_LEGAL_BASIS =
  'Assinatura eletrônica simples, nos termos do art. 10, § 2º, da Medida Provisória nº 2.200-2/2001 e da Lei nº 14.063/2020: as partes admitem como válido este meio de comprovação de autoria e integridade, registrados o aceite expresso dos termos, a data, a hora, o endereço IP, a localização aproximada e o navegador do CONTRATANTE, bem como o resumo criptográfico (SHA-256) do texto assinado.';

/** 7 → "7 (sete)". */
function daysInWords(count: number): string {
  return `${count} (${extenso(count)})`;
}

/** 399 → "R$ 399,00 (trezentos e noventa e nove reais)". */
export function priceInWords(value: number): string {
  return `${formatBRL(value)} (${extenso(value, { mode: 'currency' })})`;
}

type ClientData = Pick<
  Profile,
  | 'nome_completo'
  | 'tipo_documento'
  | 'cpf'
  | 'endereco'
  | 'numero'
  | 'complemento'
  | 'bairro'
  | 'cidade'
  | 'estado'
  | 'cep'
>;

/**
 * The client's words pass through printableText: a profile saved before the schema refused invisible or unprintable
 * characters still gets a contract it can sign, and the text hashed is the text the PDF prints.
 */
function clientQualification(stored: ClientData): string {
  const client = Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, typeof value === 'string' ? printableText(value) : value]),
  ) as ClientData;
  const document = `${client.tipo_documento === 'cnpj' ? 'CNPJ' : 'CPF'} nº ${formatDocument(client.cpf)}`;
  const complement = client.complemento ? `, ${client.complemento}` : '';
  const address = `${client.endereco}, ${client.numero}${complement}, ${client.bairro}, ${client.cidade}/${client.estado}, CEP ${client.cep}`;
  return `${client.nome_completo}, inscrito(a) no ${document}, com endereço em ${address}`;
}

/** What the text needs of a contract; a free renewal ('gratuito') is owed nothing and starts at its signature. */
type ContractTerms = Pick<Contract, 'valor' | 'protocolo'> & Partial<Pick<Contract, 'forma_pagamento'>>;

/**
 * The nine clauses, with the client's, the contract's and the provider's data where the text names them. The provider
 * is the stage's configured identity (domain/company.ts), so the text shown, hashed and printed names the same company.
 */
export function contractClauses(contract: ContractTerms, company: CompanyIdentity): ContractClause[] {
  const price = priceInWords(contract.valor);
  const free = contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  const start = free ? 'da assinatura deste contrato' : 'da confirmação do pagamento';
  return [
    {
      number: 1,
      title: 'Do objeto',
      paragraphs: [
        'O presente contrato tem por objeto a prestação, pela CONTRATADA, de serviços de intermediação e consultoria para o ajuizamento, por advogado(a) por ela indicado(a), de pedido judicial de tutela para a baixa temporária dos apontamentos (negativações) existentes em nome do CONTRATANTE nos órgãos de proteção ao crédito SPC, SERASA, BOA VISTA e SCPC.',
        `O serviço está vinculado ao protocolo ${contract.protocolo}, pelo qual o CONTRATANTE acompanha o andamento na área do cliente e na consulta pública.`,
      ],
    },
    {
      number: 2,
      title: 'Da natureza e dos limites do serviço',
      paragraphs: [
        'O serviço contratado é de meio, e não de resultado: a CONTRATADA obriga-se a empregar a técnica e a diligência adequadas na preparação e no protocolo do pedido, mas a decisão cabe exclusivamente ao Poder Judiciário, não havendo garantia de deferimento.',
        'A baixa, quando deferida, é temporária: pode ser revogada a qualquer momento por decisão judicial ou por fato superveniente, e não há garantia de prazo de duração nem de que possa ser obtida novamente.',
        'O serviço não quita, não renegocia nem extingue as dívidas que deram origem aos apontamentos, que permanecem exigíveis pelos respectivos credores.',
      ],
    },
    {
      number: 3,
      title: 'Do prazo',
      paragraphs: [
        // The promise the product keeps (domain/filing.ts, `filingPromise`): the later of the start and the approval of
        // the documents the filing needs, which the customer sends in the client area after paying.
        `A CONTRATADA protocolará o pedido judicial em até ${PROCESSING_BUSINESS_DAYS} (sete) dias úteis contados ${start} ou da aprovação dos documentos pedidos na área do cliente, o que ocorrer por último, desde que os dados e documentos do CONTRATANTE estejam completos e corretos.`,
        'Os prazos de análise e de decisão do Poder Judiciário e de cumprimento pelos órgãos de proteção ao crédito não dependem da CONTRATADA.',
      ],
    },
    {
      number: 4,
      title: 'Do valor e da forma de pagamento',
      paragraphs: free
        ? [
            `Este contrato é uma renovação gratuita, concedida pelo programa de indicação da CONTRATADA: nada é devido pelo CONTRATANTE pelos serviços, cujo valor de referência é de ${price}.`,
            'Os trabalhos têm início com a assinatura deste contrato. Não há cobrança de honorários de êxito nem de outras taxas relativas a este protocolo.',
          ]
        : [
            `Pelos serviços, o CONTRATANTE pagará à CONTRATADA o valor único de ${price}, à vista, por PIX, por meio do intermediador de pagamentos indicado na plataforma.`,
            `À escolha do CONTRATANTE, o pagamento pode ser feito por boleto bancário, no valor de ${priceInWords(methodPrice(contract.valor, 'boleto'))}, ou no cartão de crédito, no valor de ${priceInWords(methodPrice(contract.valor, 'cartao'))}, em até ${MAX_INSTALMENTS} parcelas sem juros (${instalmentLabel(methodPrice(contract.valor, 'cartao'), MAX_INSTALMENTS)}), pela página de pagamento do mesmo intermediador; os dados do cartão são informados somente a ele.`,
            'O início dos trabalhos fica condicionado à confirmação do pagamento. Não há cobrança de honorários de êxito nem de outras taxas relativas a este protocolo.',
          ],
    },
    {
      number: 5,
      title: 'Das obrigações do CONTRATANTE',
      paragraphs: [
        'Fornecer dados verdadeiros, completos e atualizados, responsabilizando-se civil e criminalmente por sua veracidade, e mantê-los atualizados na plataforma.',
        `${free ? 'Acompanhar' : 'Efetuar o pagamento na forma da cláusula 4, acompanhar'} o andamento pela área do cliente e responder às solicitações da CONTRATADA no prazo indicado.`,
      ],
    },
    {
      number: 6,
      title: 'Das obrigações da CONTRATADA',
      paragraphs: [
        'Preparar petição personalizada e providenciar seu protocolo judicial por advogado(a) regularmente inscrito(a) na Ordem dos Advogados do Brasil, no prazo da cláusula 3.',
        `${company.lawyers.length > 1 ? 'Respondem pelos pedidos os advogados' : 'Responde pelos pedidos o(a) advogado(a)'} ${lawyersLine(company)}.`,
        'Informar o CONTRATANTE sobre cada mudança de situação do processo, pela plataforma e por e-mail, e guardar sigilo sobre as informações recebidas.',
      ],
    },
    {
      number: 7,
      title: 'Do cancelamento e do reembolso',
      paragraphs: [
        `O CONTRATANTE poderá cancelar este contrato em até ${CANCELLATION_WINDOW_DAYS} (sete) dias corridos da assinatura, pelo botão 'Cancelar contrato' da página Contrato, na área do cliente, desde que o pedido judicial ainda não tenha sido protocolado.`,
        free
          ? 'Sendo esta uma renovação gratuita, nada é devido nem reembolsado, e o benefício de renovação gratuita volta a ficar disponível ao CONTRATANTE.'
          : `Cancelado o contrato antes do pagamento, a cobrança em aberto (PIX, boleto ou cartão de crédito) é cancelada e nada é cobrado. Cancelado depois do pagamento, o estorno integral do valor pago é pedido no ato do cancelamento: ${refundRoutesSentence(daysInWords)}.`,
        'Protocolado o pedido, o serviço considera-se prestado e não haverá reembolso, qualquer que seja a decisão judicial.',
      ],
    },
    {
      number: 8,
      title: 'Da proteção de dados pessoais',
      paragraphs: [
        'A CONTRATADA trata os dados pessoais do CONTRATANTE para executar este contrato e cumprir obrigações legais (art. 7º, II e V, da Lei nº 13.709/2018 — LGPD), compartilhando-os apenas com o intermediador de pagamentos, com os provedores de infraestrutura em nuvem e com o Poder Judiciário, na medida do necessário.',
        `O CONTRATANTE pode exercer os direitos do art. 18 da LGPD (acesso, correção, eliminação, portabilidade, entre outros) pelo e-mail ${company.supportEmail}. Os dados são conservados pelo prazo necessário à execução do contrato e ao cumprimento de obrigações legais.`,
      ],
    },
    {
      number: 9,
      title: 'Do foro',
      paragraphs: [
        `Fica eleito o foro da Comarca de ${company.jurisdiction} para dirimir quaisquer questões oriundas deste contrato, ressalvado ao CONTRATANTE consumidor o direito de ajuizar ação no foro de seu domicílio.`,
      ],
    },
  ];
}

/** Who the parties are: the provider from the stage's configured identity, the client from the profile. */
export function contractParties(client: ClientData, company: CompanyIdentity): { provider: string; client: string } {
  return {
    provider: `${company.legalName}, inscrita no CNPJ nº ${company.cnpj}, com sede em ${company.address}, e-mail de atendimento ${company.supportEmail}, doravante CONTRATADA`,
    client: `${clientQualification(client)}, doravante CONTRATANTE`,
  };
}

/**
 * The exact text a signature covers (parties, clauses, protocol and value), as one string: what the server hashes
 * with SHA-256 when the contract is signed and what the signed PDF reproduces.
 */
export function contractText(contract: ContractTerms, client: ClientData, company: CompanyIdentity): string {
  const parties = contractParties(client, company);
  const lines = [
    `${CONTRACT_TITLE.toUpperCase()} — PROTOCOLO ${contract.protocolo}`,
    '',
    `CONTRATADA: ${parties.provider}.`,
    `CONTRATANTE: ${parties.client}.`,
    '',
  ];
  for (const clause of contractClauses(contract, company)) {
    lines.push(`CLÁUSULA ${clause.number} — ${clause.title.toUpperCase()}`);
    clause.paragraphs.forEach((paragraph, index) => lines.push(`${clause.number}.${index + 1}. ${paragraph}`));
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

export type SignatureEvidence = {
  signedAt: string;
  ip: string;
  city: string;
  state: string;
  country: string;
  userAgent: string;
  textSha256: string;
  /** The words of the checkbox the CONTRATANTE ticked before signing (`CONTRACT_MESSAGES.consentLabel`). */
  consent: string;
};

/** The signature block of the PDF: every piece of evidence the signature recorded, the hash in full. */
export function signatureLines(evidence: SignatureEvidence): string[] {
  return [
    `Assinado eletronicamente em ${formatDateTime(evidence.signedAt)} (horário de Brasília).`,
    `Aceite: antes de assinar, o CONTRATANTE marcou a declaração “${evidence.consent}”.`,
    `Endereço IP: ${evidence.ip}. Localização aproximada: ${evidence.city}/${evidence.state}, ${evidence.country}.`,
    `Navegador: ${evidence.userAgent}`,
    `Resumo SHA-256 do texto assinado: ${evidence.textSha256}`,
    SIGNATURE_LEGAL_BASIS,
  ];
}

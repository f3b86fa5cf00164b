import { LIST_PRICES, MAX_INSTALMENTS } from '@domain/payment-methods.js';
import {
  BONUS_VALUE,
  CONTRACT_PRICE,
  REFERRAL_DISCOUNT_PER_FRIEND,
  REFERRALS_PER_FREE_RENEWAL,
  formatBRL,
} from '@domain/pricing.js';
import { PROCESSING_BUSINESS_DAYS } from '@domain/deadlines.js';
import type { IconName } from './components/icon';

/**
 * The landing page's copy (spec 01 §1). Static data only: the page is prerendered, so nothing here may depend on the
 * clock, the visitor or the network.
 */

export const START_PATH = '/auth?mode=register';

export const BUREAUS = ['SPC', 'SERASA', 'BOA VISTA', 'SCPC'] as const;

/** Marketing claims of spec 01 §1, written as a Brazilian reader expects them. */
export const CLAIMS = {
  processes: '2.847',
  successRate: '89%',
  averageRating: '4,9',
} as const;

/** Money and durations inside running text: a no-break space keeps "R$ 399,00" and "7 dias" on one line. */
const noBreak = (text: string) => text.replace(' ', '\u00a0');
const money = (value: number) => noBreak(formatBRL(value));

export const PRICE_LABEL = money(CONTRACT_PRICE);
/** The other ways to pay, from the same constants as the contract's clause 4 (domain/payment-methods.ts). */
export const OTHER_METHODS_LABEL = `ou ${money(LIST_PRICES.boleto)} no boleto, ou ${money(LIST_PRICES.cartao)} no cartão em até ${MAX_INSTALMENTS}× sem juros`;
export const BONUS_LABEL = money(BONUS_VALUE);
export const PROCESSING_LABEL = `${noBreak(`${PROCESSING_BUSINESS_DAYS} dias`)} úteis`;

export type Feature = { icon: IconName; title: string; text: string };

export const PAIN_POINTS: readonly Feature[] = [
  {
    icon: 'card',
    title: 'Crédito negado',
    text: 'Cartão, empréstimo e financiamento recusados logo na consulta ao CPF ou ao CNPJ.',
  },
  {
    icon: 'home',
    title: 'Planos travados',
    text: 'Aluguel, compra do carro ou da casa própria parados por causa de um apontamento.',
  },
  {
    icon: 'store',
    title: 'Empresa sem fôlego',
    text: 'Fornecedores que não vendem a prazo e bancos que negam capital de giro ao seu CNPJ.',
  },
  {
    icon: 'clock',
    title: 'Tempo perdido',
    text: 'Filas, telefonemas e promessas que não saem do lugar enquanto as oportunidades passam.',
  },
];

export const SOLUTION_POINTS: readonly Feature[] = [
  {
    icon: 'document',
    title: 'Petição personalizada',
    text: 'Cada pedido é redigido com os dados do seu caso, nunca um modelo genérico.',
  },
  {
    icon: 'scale',
    title: 'Protocolo judicial',
    text: 'Um advogado protocola o pedido de liminar de baixa temporária na Justiça.',
  },
  {
    icon: 'signature',
    title: 'Contrato digital',
    text: 'Você lê e assina o contrato online, sem papel, cartório ou deslocamento.',
  },
  {
    icon: 'chart',
    title: 'Acompanhamento online',
    text: 'Cada etapa do processo aparece no seu painel e você recebe avisos por e-mail.',
  },
];

export type Testimonial = { quote: string; name: string; detail: string };

/** Illustrative testimonials (spec 01 §1 asks for three): replace with real, consented ones before going live. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Tinha um financiamento parado por causa de uma dívida antiga. Assinei o contrato pelo celular, paguei no PIX e acompanhei cada etapa pelo painel.',
    name: 'Juliana M.',
    detail: 'Pessoa física · Campinas/SP',
  },
  {
    quote:
      'O suporte pelo WhatsApp tirou todas as minhas dúvidas e explicou desde o início que a baixa é temporária. Tudo muito transparente.',
    name: 'Roberto A.',
    detail: 'Pessoa física · Belo Horizonte/MG',
  },
  {
    quote:
      'Minha loja precisava voltar a comprar a prazo. O pedido pelo CNPJ foi protocolado dentro do prazo e eu sabia o que estava acontecendo o tempo todo.',
    name: 'Patrícia L.',
    detail: 'Empresa (CNPJ) · Curitiba/PR',
  },
];

const referralDiscount = (friends: number) => money(Math.round(friends * REFERRAL_DISCOUNT_PER_FRIEND * 100) / 100);

export const REFERRAL_TIERS = [1, 3, REFERRALS_PER_FREE_RENEWAL].map((friends) => ({
  friends,
  label: friends === 1 ? '1 amigo' : `${friends} amigos`,
  discount: referralDiscount(friends),
  free: friends === REFERRALS_PER_FREE_RENEWAL,
}));

export const STEPS = [
  {
    title: 'Cadastro',
    text: 'Crie sua conta com e-mail e senha e preencha seus dados de pessoa física ou jurídica.',
  },
  {
    title: 'Assinatura Digital',
    text: 'Leia o contrato de prestação de serviço e assine online, com validade jurídica.',
  },
  {
    title: 'Pagamento PIX',
    text: `Pague a taxa única de ${PRICE_LABEL} pelo QR Code ou pelo código copia e cola.`,
  },
  {
    title: 'Protocolo Judicial',
    text: `A petição personalizada é protocolada na Justiça em até ${PROCESSING_LABEL}.`,
  },
] as const;

export const INCLUDED = [
  'Análise do caso e petição personalizada',
  'Protocolo judicial feito por advogado',
  'Contrato digital assinado online',
  `Processamento em até ${PROCESSING_LABEL}`,
  'Consulta pública do processo e Nada Consta',
] as const;

export const BONUSES: readonly Feature[] = [
  { icon: 'chart', title: 'Acompanhamento online', text: 'As movimentações do tribunal no seu painel.' },
  { icon: 'chat', title: 'Suporte pelo WhatsApp', text: 'Fale com a equipe sempre que precisar.' },
  { icon: 'shield', title: 'Certificação digital', text: 'Contrato e documentos com assinatura digital.' },
];

import { BRAND_NAME } from '@/lib/brand';

/**
 * The public pages: the one list the router's metadata, the build-time prerender, the sitemap and robots.txt read.
 * Titles and descriptions are what search engines and link previews show, so they are written for people.
 */
export type PublicPageMeta = {
  readonly path: string;
  /** The document title, without the brand suffix. */
  readonly title: string;
  readonly description: string;
  /** Listed in sitemap.xml (and prerendered); /verificar/<code> pages are neither. */
  readonly indexed: boolean;
};

export const PUBLIC_PAGES = [
  {
    path: '/',
    title: 'Baixa temporária de apontamentos no SPC, SERASA, BOA VISTA e SCPC',
    description:
      'Peça a baixa temporária dos apontamentos no seu CPF ou CNPJ: contrato digital, pagamento único de R$ 399 via PIX, petição protocolada por advogado e acompanhamento online.',
    indexed: true,
  },
  {
    path: '/consultar',
    title: 'Consultar Processo',
    description:
      'Consulte o andamento do seu processo de baixa temporária pelo CPF, CNPJ ou protocolo e emita o Nada Consta quando a baixa for deferida.',
    indexed: true,
  },
  {
    path: '/termos',
    title: 'Termos de Uso',
    description: `Termos de Uso do ${BRAND_NAME}: o serviço de intermediação para baixa temporária de apontamentos, pagamento, contrato digital, responsabilidades e foro.`,
    indexed: true,
  },
  {
    path: '/privacidade',
    title: 'Política de Privacidade',
    description: `Como o ${BRAND_NAME} trata seus dados pessoais conforme a LGPD: finalidades, bases legais, compartilhamento, prazos de guarda e seus direitos.`,
    indexed: true,
  },
] as const satisfies readonly PublicPageMeta[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export function publicPageMeta(path: PublicPath): PublicPageMeta {
  return PUBLIC_PAGES.find((page) => page.path === path)!;
}

/** "Termos de Uso | Limpa Nome"; the landing page leads with the brand. */
export function documentTitle(title: string, path?: string): string {
  return path === '/' ? `${BRAND_NAME} — ${title}` : `${title} | ${BRAND_NAME}`;
}

import { SERVICE_PROVIDER } from './company.js';

/**
 * The public pages: the one list the SPA's metadata, the build-time prerender, the CDN's routing function, the sitemap
 * and robots.txt read. Titles and descriptions are what search engines and link previews show, so they are written
 * for people.
 */
export type PublicPageMeta = {
  readonly path: string;
  /** The document title, without the brand suffix. */
  readonly title: string;
  readonly description: string;
};

export const PUBLIC_PAGES = [
  {
    path: '/',
    title: 'Baixa temporária de apontamentos no SPC, SERASA, BOA VISTA e SCPC',
    description:
      'Peça a baixa temporária dos apontamentos no seu CPF ou CNPJ: contrato digital, pagamento único de R$ 399 via PIX, petição protocolada por advogado e acompanhamento online.',
  },
  {
    path: '/consultar',
    title: 'Consultar Processo',
    description:
      'Consulte o andamento do seu processo de baixa temporária pelo CPF, CNPJ ou protocolo e emita o Nada Consta quando a baixa for deferida.',
  },
  {
    path: '/termos',
    title: 'Termos de Uso',
    description: `Termos de Uso do ${SERVICE_PROVIDER.brand}: o serviço de intermediação para baixa temporária de apontamentos, pagamento, contrato digital, responsabilidades e foro.`,
  },
  {
    path: '/privacidade',
    title: 'Política de Privacidade',
    description: `Como o ${SERVICE_PROVIDER.brand} trata seus dados pessoais conforme a LGPD: finalidades, bases legais, compartilhamento, prazos de guarda e seus direitos.`,
  },
] as const satisfies readonly PublicPageMeta[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export function publicPageMeta(path: PublicPath): PublicPageMeta {
  return PUBLIC_PAGES.find((page) => page.path === path)!;
}

/** "Termos de Uso | Limpa Nome"; the landing page leads with the brand. */
export function documentTitle(title: string, path?: string): string {
  return path === '/' ? `${SERVICE_PROVIDER.brand} — ${title}` : `${title} | ${SERVICE_PROVIDER.brand}`;
}

/**
 * The file that answers a request path: each public page has its prerendered HTML (`/termos` → `/termos/index.html`);
 * any other extension-less path is a client-side route and gets the empty app shell, which also shows the 404 page.
 * Paths with a file extension are files. The CDN function (lib/constructs/web.ts) is generated from this same list.
 */
export const APP_SHELL_FILE = '/app.html';

export function prerenderedFile(path: PublicPath): string {
  return path === '/' ? '/index.html' : `${path}/index.html`;
}

export function siteFileFor(uri: string): string {
  const path = uri.length > 1 ? uri.replace(/\/+$/, '') : uri;
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  if (page) return prerenderedFile(page.path);
  const last = path.split('/').pop() ?? '';
  return last.includes('.') ? uri : APP_SHELL_FILE;
}

/** robots.txt for a site origin such as https://www.limpanome.com.br: public pages open, the app and the API not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app/',
    'Disallow: /admin/',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${origin}${page.path === '/' ? '/' : page.path}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

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
    path: '/duvidas',
    title: 'Dúvidas frequentes',
    description:
      'O que a baixa temporária é e o que não é, quanto tempo cada etapa leva, como desistir em 7 dias, quais documentos enviar e quem são os advogados responsáveis.',
  },
  {
    path: '/termos',
    title: 'Termos de Uso',
    description:
      'Termos de Uso do serviço de intermediação para baixa temporária de apontamentos: pagamento, contrato digital, cancelamento, responsabilidades e foro.',
  },
  {
    path: '/privacidade',
    title: 'Política de Privacidade',
    description:
      'Como tratamos os seus dados pessoais conforme a LGPD: finalidades, bases legais, compartilhamento, prazos de guarda e seus direitos.',
  },
] as const satisfies readonly PublicPageMeta[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export function publicPageMeta(path: PublicPath): PublicPageMeta {
  return PUBLIC_PAGES.find((page) => page.path === path)!;
}

/** "Termos de Uso | Limpa Nome"; the landing page leads with the brand (the stage's, domain/company.ts). */
export function documentTitle(brand: string, title: string, path?: string): string {
  return path === '/' ? `${brand} — ${title}` : `${title} | ${brand}`;
}

/**
 * The app's client-side routes (app.html, react-router patterns; `:name` is one path segment). The router in
 * frontend/src/app/routes.tsx must declare exactly these (a unit test walks it); the CDN and the dev server answer any
 * other extension-less path with the 404 page and HTTP 404, so broken links are visible to crawlers and monitoring.
 */
export const APP_ROUTES = [
  '/auth',
  '/auth/link-magico',
  '/verificar/:code',
  '/contrato/:token',
  '/app',
  '/app/dashboard',
  '/app/perfil',
  '/app/contrato',
  '/app/contrato/imprimir/:contractId',
  '/app/pagamento',
  '/app/documentos',
  '/app/renovacao',
  '/app/indique',
  '/app/historico',
  '/admin',
  '/admin/duas-etapas',
  '/admin/clientes',
  '/admin/clientes/:id',
  '/admin/processos',
  '/admin/financeiro',
  '/admin/indicacoes',
  '/admin/busca',
] as const;

/** Each app route as an anchored regular expression source (also used by the CDN function, which runs plain JS). */
export const APP_ROUTE_SOURCES = APP_ROUTES.map(
  (pattern) => `^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\//g, '\\/')}$`,
);

/** Compiled once: every request of the dev server and the local site server is routed with them. */
const APP_ROUTE_PATTERNS = APP_ROUTE_SOURCES.map((source) => new RegExp(source));

/**
 * Files at the site's root besides the prerendered pages: the public folder's, the per-stage ones and the app shell.
 * Hashed build output lives under ASSETS_PREFIX.
 */
export const ROOT_FILES = ['/favicon.svg', '/robots.txt', '/sitemap.xml', '/config.json', '/index.html', '/app.html'];
export const ASSETS_PREFIX = '/assets/';

/** The app's entry document (empty shell); the 404 page is prerendered like the public pages. */
export const APP_SHELL_FILE = '/app.html';
export const NOT_FOUND_FILE = '/404.html';
/** The 404 page's document title, without the brand suffix. */
export const NOT_FOUND_TITLE = 'Página não encontrada';

export function prerenderedFile(path: PublicPath): string {
  return path === '/' ? '/index.html' : `${path}/index.html`;
}

/**
 * The file that answers a request path: each public page has its prerendered HTML (`/termos` → `/termos/index.html`),
 * an app route gets the app shell, a root file or a hashed asset is itself, and anything else is the 404 page, served
 * with HTTP 404 (`siteStatusFor`). The CDN functions (lib/constructs/web.ts) are generated from these same lists.
 */
export function siteFileFor(uri: string): string {
  const path = uri.length > 1 ? uri.replace(/\/+$/, '') : uri;
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  if (page) return prerenderedFile(page.path);
  if (APP_ROUTE_PATTERNS.some((pattern) => pattern.test(path))) return APP_SHELL_FILE;
  if (ROOT_FILES.includes(uri) || uri.startsWith(ASSETS_PREFIX) || uri === NOT_FOUND_FILE) return uri;
  return NOT_FOUND_FILE;
}

/** The HTTP status a file is served with: the 404 page is a real 404 (a soft 404 gets indexed and hides broken links). */
export function siteStatusFor(file: string): 200 | 404 {
  return file === NOT_FOUND_FILE ? 404 : 200;
}

/** robots.txt for a site origin such as https://www.limpanome.com.br: public pages open, the app and the API not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app/',
    'Disallow: /admin/',
    'Disallow: /api/',
    // The e-mailed links to a signed contract: private, and useless to a crawler.
    'Disallow: /contrato/',
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

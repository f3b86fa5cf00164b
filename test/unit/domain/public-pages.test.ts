import { describe, expect, it } from 'vitest';
import {
  APP_SHELL_FILE,
  documentTitle,
  NOT_FOUND_FILE,
  PUBLIC_PAGES,
  robotsTxt,
  siteFileFor,
  sitemapXml,
  siteStatusFor,
} from '../../../domain/public-pages.js';
import { siteRoutesFunctionCode, siteStatusFunctionCode } from '../../../lib/constructs/web.js';

describe('siteFileFor (the CDN routing rule)', () => {
  it('serves each public page its prerendered HTML, with or without a trailing slash', () => {
    expect(siteFileFor('/')).toBe('/index.html');
    expect(siteFileFor('/consultar')).toBe('/consultar/index.html');
    expect(siteFileFor('/consultar/')).toBe('/consultar/index.html');
    expect(siteFileFor('/termos')).toBe('/termos/index.html');
    expect(siteFileFor('/privacidade')).toBe('/privacidade/index.html');
  });

  it('serves the app shell for every app route, files as they are, and the 404 page for anything else', () => {
    expect(siteFileFor('/app/dashboard')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/app/dashboard/')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/auth')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/verificar/ABCD-1234-WXYZ')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/app/contrato/imprimir/01J0000000000000000000000A')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/admin/clientes/abc')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(siteFileFor('/robots.txt')).toBe('/robots.txt');
    expect(siteFileFor('/favicon.svg')).toBe('/favicon.svg');
    for (const unknown of [
      '/nao-existe',
      '/consultar/extra',
      '/app/nao-existe',
      '/verificar',
      '/admin/clientes/a/b',
      '/x.php',
      '/.env',
    ])
      expect([unknown, siteFileFor(unknown)]).toEqual([unknown, NOT_FOUND_FILE]);
  });

  it('answers the 404 page with HTTP 404 and everything else with 200', () => {
    expect(siteStatusFor(NOT_FOUND_FILE)).toBe(404);
    expect(siteStatusFor(siteFileFor('/nao-existe'))).toBe(404);
    expect(siteStatusFor(siteFileFor('/'))).toBe(200);
    expect(siteStatusFor(siteFileFor('/app/perfil'))).toBe(200);
  });
});

describe('the CloudFront functions generated from the same lists', () => {
  // CloudFront Functions run plain JS: evaluate the generated source and compare it with the TypeScript rule.
  const routing = new Function(`${siteRoutesFunctionCode()}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  const status = new Function(`${siteStatusFunctionCode()}; return handler;`)() as (event: {
    request: { uri: string };
    response: { statusCode: number; statusDescription?: string };
  }) => { statusCode: number };
  const uris = [
    '/',
    '/consultar',
    '/consultar/',
    '/termos',
    '/privacidade',
    '/duvidas',
    '/app/dashboard',
    '/app/contrato/imprimir/01J0000000000000000000000A',
    '/auth',
    '/verificar/ABCD-1234-WXYZ',
    '/assets/x.css',
    '/x/y.css',
    '/nope',
    '/robots.txt',
    '/404.html',
  ];

  it.each(uris)('routes %s as siteFileFor does', (uri) => {
    expect(routing({ request: { uri } }).uri).toBe(siteFileFor(uri));
  });

  it.each(uris)('answers %s with the status siteStatusFor gives its file', (uri) => {
    // Whichever URI CloudFront shows the viewer-response function (the viewer's or the rewritten one).
    for (const seen of [uri, siteFileFor(uri)]) {
      const answer = status({ request: { uri: seen }, response: { statusCode: 200 } });
      expect([seen, answer.statusCode]).toEqual([seen, siteStatusFor(siteFileFor(uri))]);
    }
  });

  it("turns S3's 403 for a missing object into a 404", () => {
    expect(status({ request: { uri: '/assets/gone.js' }, response: { statusCode: 403 } }).statusCode).toBe(404);
  });
});

describe('SEO files', () => {
  it('robots.txt opens the public pages, closes the app and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://www.exemplo.com.br');
    expect(robots).toContain('Allow: /');
    expect(robots).toContain('Disallow: /app/');
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://www.exemplo.com.br/sitemap.xml');
  });

  it('sitemap.xml lists every public page by absolute URL', () => {
    const sitemap = sitemapXml('https://www.exemplo.com.br');
    for (const page of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>https://www.exemplo.com.br${page.path}</loc>`);
    expect(sitemap).not.toContain('/app');
  });

  it('titles lead with the brand on the landing page only', () => {
    expect(documentTitle('Limpa Nome', 'Termos de Uso', '/termos')).toBe('Termos de Uso | Limpa Nome');
    expect(documentTitle('Limpa Nome', 'Baixa', '/')).toBe('Limpa Nome — Baixa');
  });
});

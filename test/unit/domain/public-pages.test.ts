import { describe, expect, it } from 'vitest';
import {
  APP_SHELL_FILE,
  documentTitle,
  PUBLIC_PAGES,
  robotsTxt,
  siteFileFor,
  sitemapXml,
} from '../../../domain/public-pages.js';
import { siteRoutesFunctionCode } from '../../../lib/constructs/web.js';

describe('siteFileFor (the CDN routing rule)', () => {
  it('serves each public page its prerendered HTML, with or without a trailing slash', () => {
    expect(siteFileFor('/')).toBe('/index.html');
    expect(siteFileFor('/consultar')).toBe('/consultar/index.html');
    expect(siteFileFor('/consultar/')).toBe('/consultar/index.html');
    expect(siteFileFor('/termos')).toBe('/termos/index.html');
    expect(siteFileFor('/privacidade')).toBe('/privacidade/index.html');
  });

  it('serves the app shell for client routes and unknown paths, and files as they are', () => {
    expect(siteFileFor('/app/dashboard')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/auth')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/verificar/ABCD-1234-WXYZ')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/nao-existe')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/consultar/extra')).toBe(APP_SHELL_FILE);
    expect(siteFileFor('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(siteFileFor('/robots.txt')).toBe('/robots.txt');
  });
});

describe('the CloudFront function generated from the same list', () => {
  // CloudFront Functions run plain JS: evaluate the generated source and compare it with the TypeScript rule.
  const handler = new Function(`${siteRoutesFunctionCode()}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };

  it.each([
    '/',
    '/consultar',
    '/consultar/',
    '/termos',
    '/privacidade',
    '/app/dashboard',
    '/auth',
    '/x/y.css',
    '/nope',
  ])('routes %s as siteFileFor does', (uri) => {
    expect(handler({ request: { uri } }).uri).toBe(siteFileFor(uri));
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
    expect(documentTitle('Termos de Uso', '/termos')).toBe('Termos de Uso | Limpa Nome');
    expect(documentTitle('Baixa', '/')).toBe('Limpa Nome — Baixa');
  });
});

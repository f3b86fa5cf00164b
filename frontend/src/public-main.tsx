import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/public.css';
import { PUBLIC_PAGES, type PublicPath } from '@domain/public-pages.js';
import { PUBLIC_PAGE_LOADERS, PublicPageTree } from './app/public-pages';
import { startPageViews } from './lib/pixel';

/**
 * Entry of the public pages (/, /consultar, /termos, /privacidade). They arrive prerendered (scripts/build-web.ts), so
 * React only hydrates the page's own tree: no router, no Amplify, no React Query. Links between pages are plain
 * links. Every other path is served app.html, the app's entry (main.tsx).
 */
const container = document.getElementById('root')!;

async function start(): Promise<void> {
  const path = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/+$/, '') : '/';
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path)?.path ?? '/';
  const Page = await PUBLIC_PAGE_LOADERS[page as PublicPath]();
  const tree = <PublicPageTree Page={Page} />;
  // During development the dev server sends these pages unrendered.
  if (container.hasChildNodes()) hydrateRoot(container, tree);
  else createRoot(container).render(tree);
  startPageViews();
}

void start();

import { createRoot, hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES, type PublicPath } from '@domain/public-pages.js';
import { PUBLIC_PAGE_LOADERS, PublicPageTree } from './app/public-pages';

/** React takes over the prerendered page: only the page's own tree, no router, no Amplify, no React Query. */
export async function hydratePublicPage(container: HTMLElement): Promise<void> {
  const path = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/+$/, '') : '/';
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path)?.path ?? '/';
  const Page = await PUBLIC_PAGE_LOADERS[page as PublicPath]();
  const tree = <PublicPageTree Page={Page} />;
  // During development the dev server sends these pages unrendered.
  if (container.hasChildNodes()) hydrateRoot(container, tree);
  else createRoot(container).render(tree);
}

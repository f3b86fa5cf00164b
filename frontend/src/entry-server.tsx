import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { NotFoundPage } from '@/components/not-found-page';
import type { PublicPath } from '@domain/public-pages.js';
import { PUBLIC_PAGE_LOADERS, PublicPageTree } from './app/public-pages';

/** Build-time rendering of a public page (scripts/build-web.ts): the same tree public-main.tsx hydrates. */
export async function render(path: PublicPath): Promise<string> {
  const Page = await PUBLIC_PAGE_LOADERS[path]();
  return renderToString(<PublicPageTree Page={Page} />);
}

/** The 404 page, as the app's catch-all route renders it: plain HTML that needs no script. */
export function renderNotFound(): string {
  return renderToString(
    <StrictMode>
      <NotFoundPage />
    </StrictMode>,
  );
}

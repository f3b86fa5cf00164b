import { renderToString } from 'react-dom/server';
import type { PublicPath } from '@domain/public-pages.js';
import { PUBLIC_PAGE_LOADERS, PublicPageTree } from './app/public-pages';

/** Build-time rendering of a public page (scripts/build-web.ts): the same tree public-main.tsx hydrates. */
export async function render(path: PublicPath): Promise<string> {
  const Page = await PUBLIC_PAGE_LOADERS[path]();
  return renderToString(<PublicPageTree Page={Page} />);
}

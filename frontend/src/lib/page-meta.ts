import { useEffect } from 'react';
import { documentTitle, publicPageMeta, type PublicPath } from '@domain/public-pages.js';
import { BRAND_NAME } from './brand';
import { setHeadLink, setHeadMeta } from './head-tags';
import { siteOrigin } from './site-origin';

/**
 * Title, description, canonical link and Open Graph tags of a public page. The prerender writes the same tags into the
 * static HTML (scripts/build-web.ts); this keeps them right when the visitor navigates client-side.
 */
export function usePublicPageMeta(path: PublicPath): void {
  const { title, description } = publicPageMeta(path);
  usePageMeta({ title: documentTitle(BRAND_NAME, title, path), description, path });
}

export function usePageMeta({ title, description, path }: { title: string; description?: string; path?: string }) {
  useEffect(() => {
    document.title = title;
    setHeadMeta('property', 'og:title', title);
    if (description) {
      setHeadMeta('name', 'description', description);
      setHeadMeta('property', 'og:description', description);
    }
    if (path) {
      const url = `${siteOrigin()}${path}`;
      setHeadLink('canonical', url);
      setHeadMeta('property', 'og:url', url);
    }
  }, [title, description, path]);
}

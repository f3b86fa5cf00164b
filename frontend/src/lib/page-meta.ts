import { useEffect } from 'react';
import { documentTitle, publicPageMeta, type PublicPath } from '@domain/public-pages.js';
import { BRAND_NAME } from './brand';
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
    setMeta('property', 'og:title', title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    if (path) {
      const url = `${siteOrigin()}${path}`;
      setLink('canonical', url);
      setMeta('property', 'og:url', url);
    }
  }, [title, description, path]);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  element.href = href;
}

import { setHeadLink, setHeadMeta } from './head-tags';
import { siteOrigin } from './site-origin';

/**
 * The canonical link and Open Graph URL of a prerendered public page built without the site's URL (scripts/build-web.ts
 * writes them when it has one): named from the origin the page was served from. The pages are not hydrated, so their
 * own `usePublicPageMeta` never runs here; it keeps the tags right inside the app's router.
 */
export function addCanonicalLink(): void {
  if (document.head.querySelector('link[rel="canonical"]')) return;
  const url = `${siteOrigin()}${window.location.pathname.replace(/\/+$/, '') || '/'}`;
  setHeadLink('canonical', url);
  setHeadMeta('property', 'og:url', url);
}

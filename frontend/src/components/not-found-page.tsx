import { SHELL_MESSAGES } from '@domain/messages.js';
import { BRAND_NAME } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { SiteLink } from './site-link';
import { documentTitle, NOT_FOUND_TITLE } from '@domain/public-pages.js';

/**
 * Spec 01 §2 "404 page". Plain HTML: prerendered as 404.html (scripts/build-web.ts), which the CDN serves with HTTP 404
 * for any unknown path, and the app's own catch-all route for unknown paths inside the app.
 */
export function NotFoundPage() {
  usePageMeta({ title: documentTitle(BRAND_NAME, NOT_FOUND_TITLE) });
  return (
    <main className="not-found">
      <h1 className="not-found__title">{SHELL_MESSAGES.notFound}</h1>
      <SiteLink to="/" className="btn btn--primary">
        {SHELL_MESSAGES.returnHome}
      </SiteLink>
    </main>
  );
}

import { SHELL_MESSAGES } from '@domain/messages.js';
import { usePageMeta } from '@/lib/page-meta';
import { SiteLink } from './site-link';
import { documentTitle } from '@domain/public-pages.js';

/** Spec 01 §2 "404 page". Plain HTML: any unknown path shows it without loading the app. */
export function NotFoundPage() {
  usePageMeta({ title: documentTitle('Página não encontrada') });
  return (
    <main className="not-found">
      <h1 className="not-found__title">{SHELL_MESSAGES.notFound}</h1>
      <SiteLink to="/" className="btn btn--primary">
        {SHELL_MESSAGES.returnHome}
      </SiteLink>
    </main>
  );
}

import { Link } from 'react-router';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { usePageMeta } from '@/lib/page-meta';
import { documentTitle } from '@/app/public-pages';

/** Spec 01 §2 "404 page". Plain HTML: any unknown path shows it without loading the app. */
export function NotFoundPage() {
  usePageMeta({ title: documentTitle('Página não encontrada') });
  return (
    <main className="not-found">
      <h1 className="not-found__title">{SHELL_MESSAGES.notFound}</h1>
      <Link to="/" className="btn btn--primary">
        {SHELL_MESSAGES.returnHome}
      </Link>
    </main>
  );
}

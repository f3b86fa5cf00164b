import { PublicPage } from '@/components/public-layout';
import { usePublicPageMeta } from '@/lib/page-meta';

/** Placeholder until the Terms of Use text lands (issue 9, item 2). */
export function TermsPage() {
  usePublicPageMeta('/termos');
  return (
    <PublicPage>
      <h1 className="public-page__title">Termos de Uso</h1>
    </PublicPage>
  );
}

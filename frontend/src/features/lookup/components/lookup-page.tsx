import { PublicPage } from '@/components/public-layout';
import { usePublicPageMeta } from '@/lib/page-meta';

/** Placeholder until the public lookup lands (issue 9, item 5). */
export function LookupPage() {
  usePublicPageMeta('/consultar');
  return (
    <PublicPage>
      <h1 className="public-page__title">Consultar Processo</h1>
    </PublicPage>
  );
}

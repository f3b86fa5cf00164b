import { usePublicPageMeta } from '@/lib/page-meta';
import { PRIVACY_LEAD, PRIVACY_SECTIONS } from '../content/privacy';
import { LEGAL_UPDATED_AT } from '../content/updated-at';
import { LegalDocument } from './legal-document';

/** /privacidade: the Privacy Policy (text in content/privacy.tsx; pending the lawyer's review, see content/updated-at.ts). */
export function PrivacyPage() {
  usePublicPageMeta('/privacidade');
  return (
    <LegalDocument
      title="Política de Privacidade"
      lead={PRIVACY_LEAD}
      updatedAt={LEGAL_UPDATED_AT}
      sections={PRIVACY_SECTIONS}
    />
  );
}

import { StrictMode, type ComponentType } from 'react';
import type { PublicPath } from '@domain/public-pages.js';
import { ErrorBoundary } from '@/components/error-boundary';
import { PublicLayout } from '@/components/public-layout';

/**
 * The component of each prerendered public page, loaded on demand so a page downloads only its own code. The build
 * renders these (entry-server.tsx) and the browser hydrates the same tree (public-main.tsx).
 */
export const PUBLIC_PAGE_LOADERS: Record<PublicPath, () => Promise<ComponentType>> = {
  '/': async () => (await import('@/features/landing/components/landing-page')).LandingPage,
  '/consultar': async () => (await import('@/features/lookup/components/lookup-page')).LookupPage,
  '/termos': async () => (await import('@/features/legal/components/terms-page')).TermsPage,
  '/privacidade': async () => (await import('@/features/legal/components/privacy-page')).PrivacyPage,
};

export function PublicPageTree({ Page }: { Page: ComponentType }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <PublicLayout>
          <Page />
        </PublicLayout>
      </ErrorBoundary>
    </StrictMode>
  );
}

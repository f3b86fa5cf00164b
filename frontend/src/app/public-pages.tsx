import { StrictMode, useEffect, type ComponentType } from 'react';
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
  '/duvidas': async () => (await import('@/features/legal/components/faq-page')).FaqPage,
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
      <HydrationMark />
    </StrictMode>
  );
}

/**
 * `<html data-hydrated>` once React has taken over the prerendered page: until then a form submits natively and a
 * button does nothing, so whoever drives the page (browser tests, monitoring) knows when it is interactive.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

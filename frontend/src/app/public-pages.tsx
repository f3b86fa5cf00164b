import type { ComponentType } from 'react';
import type { PublicPath } from '@domain/public-pages.js';

/**
 * The component of each prerendered public page, loaded on demand so a page downloads only its own code. The build
 * renders these to static HTML (entry-server.tsx) and the app's router shows them in-app (routes.tsx); the public entry
 * never loads them: only a page's islands run in the browser (app/islands.ts).
 */
export const PUBLIC_PAGE_LOADERS: Record<PublicPath, () => Promise<ComponentType>> = {
  '/': async () => (await import('@/features/landing/components/landing-page')).LandingPage,
  '/consultar': async () => (await import('@/features/lookup/components/lookup-page')).LookupPage,
  '/duvidas': async () => (await import('@/features/legal/components/faq-page')).FaqPage,
  '/termos': async () => (await import('@/features/legal/components/terms-page')).TermsPage,
  '/privacidade': async () => (await import('@/features/legal/components/privacy-page')).PrivacyPage,
};

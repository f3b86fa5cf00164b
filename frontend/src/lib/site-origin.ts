/**
 * The site's public origin (e.g. https://www.limpanome.com.br) for canonical links: fixed at build time when the stage
 * has one (`VITE_SITE_URL`, from the CDK context `siteUrl`), else the origin the page was served from.
 */
export function siteOrigin(): string {
  const configured = import.meta.env.VITE_SITE_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}

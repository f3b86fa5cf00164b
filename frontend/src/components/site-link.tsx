import type { AnchorHTMLAttributes } from 'react';

/**
 * A link on the public pages. Each public page is its own prerendered document with no client-side router (the router
 * alone would break the landing page's JavaScript budget), so links are plain anchors the browser follows.
 */
export function SiteLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a href={to} {...props} />;
}

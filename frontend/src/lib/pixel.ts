import type { createBrowserRouter } from 'react-router';

/**
 * The marketing pixel's page view on every route change (spec 01 §7), only when the host is not localhost and a pixel
 * id is configured. Implemented with the conversions work (issue 9, item 7).
 */
export function startPageViews(_router: ReturnType<typeof createBrowserRouter>): void {}

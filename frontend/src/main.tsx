// First: no schema may be made before zod is told not to compile (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportBrowserErrorRoute } from '@domain/api/browser-errors.js';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app/public.css';
import { routes } from './app/routes';
import { apiCall } from './lib/api-client';
import { installErrorReporting } from './lib/error-reporting';
import { startPageViews } from './lib/pixel';
import { recordLeadsOfStartButtons } from './lib/tracking';

/**
 * Entry of the app (app.html): /auth, /app, /admin, /verificar and unknown paths. The public pages have their own
 * prerendered entry (public-main.tsx); this router still knows them for in-app links such as the brand mark.
 */
const router = createBrowserRouter(routes);
installErrorReporting({
  send: (body) => apiCall(reportBrowserErrorRoute, { body }),
  // The matched routes' own paths joined: '/admin/clientes/:id', never the id itself.
  patternOf: (pathname) =>
    '/' +
    (matchRoutes(routes, pathname) ?? [])
      .map((match) => match.route.path?.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/'),
  currentPath: () => window.location.pathname,
  build: (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev',
});
startPageViews(router);
recordLeadsOfStartButtons();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

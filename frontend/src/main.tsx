import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app/public.css';
import { routes } from './app/routes';
import { startPageViews } from './lib/pixel';
import { recordLeadsOfStartButtons } from './lib/tracking';

/**
 * Entry of the app (app.html): /auth, /app, /admin, /verificar and unknown paths. The public pages have their own
 * prerendered entry (public-main.tsx); this router still knows them for in-app links such as the brand mark.
 */
const router = createBrowserRouter(routes);
startPageViews(router);
recordLeadsOfStartButtons();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

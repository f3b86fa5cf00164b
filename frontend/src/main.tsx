import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app/public.css';
import { routes } from './app/routes';
import { startPageViews } from './lib/pixel';

const container = document.getElementById('root')!;

/**
 * Public pages arrive prerendered (scripts/build-web.ts): React hydrates that HTML instead of painting again. The lazy
 * routes of the first URL are loaded before, so the first client render matches the server's.
 */
async function start(): Promise<void> {
  const prerendered = container.hasChildNodes();
  if (prerendered) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes);
  startPageViews(router);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
